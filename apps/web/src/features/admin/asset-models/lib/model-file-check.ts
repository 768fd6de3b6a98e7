import { UPLOAD_LIMITS, formatBytes } from '@autostudio/protocol';

/** The model files the server takes (it sniffs GLB, glTF and ZIP by their bytes; see its storage/sniff.ts). */
export const MODEL_EXTENSIONS = ['.glb', '.gltf', '.zip'] as const;
export const MODEL_TYPES_LABEL = 'GLB, glTF or ZIP';
const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;

/**
 * Whether a picked model file will be taken, judged before a long upload starts: by extension (browsers give GLB no
 * media type) and size. Answers what to tell the user, or null.
 */
export function modelFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!MODEL_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return `Choose a ${MODEL_TYPES_LABEL} file; ${file.name} is none of these.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > UPLOAD_LIMITS.model) return `The model file is larger than ${formatBytes(UPLOAD_LIMITS.model)}.`;
  return null;
}

/** The same for the optional preview image. */
export function previewFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > UPLOAD_LIMITS.image) return `The preview image is larger than ${formatBytes(UPLOAD_LIMITS.image)}.`;
  return null;
}

export const MODEL_ACCEPT = MODEL_EXTENSIONS.join(',');
/** What the file field says before a file is picked. */
export const MODEL_FILE_HINT = `${MODEL_TYPES_LABEL}, up to ${formatBytes(UPLOAD_LIMITS.model)}.`;
export const PREVIEW_ACCEPT = IMAGE_EXTENSIONS.join(',');
