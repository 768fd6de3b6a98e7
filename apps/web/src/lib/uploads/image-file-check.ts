import { PRODUCT_MESSAGES, UPLOAD_IMAGE_KINDS, UPLOAD_LIMITS, type UploadImageKind } from '@autostudio/protocol';

/**
 * Whether a picked file suits the slot, judged before anything is sent: by its extension (HDR and EXR files come
 * without a media type in most browsers) and its size. Answers the message to show, or null when it suits. The
 * server judges the bytes again; this only spares the user a long upload of the wrong file.
 */
export function imageFileProblem(file: File, kind: UploadImageKind): string | null {
  const { extensions, label } = UPLOAD_IMAGE_KINDS[kind];
  const name = file.name.toLowerCase();
  if (!extensions.some((extension) => name.endsWith(extension))) return PRODUCT_MESSAGES.unsupportedImage(label);
  if (file.size > UPLOAD_LIMITS.image) return PRODUCT_MESSAGES.imageTooLarge(UPLOAD_LIMITS.image / (1024 * 1024));
  return null;
}

/** The `accept` attribute of a file input for the slot. */
export function acceptFor(kind: UploadImageKind): string {
  return UPLOAD_IMAGE_KINDS[kind].extensions.join(',');
}
