import { z } from 'zod';
import { plainText } from './names.js';

/** Spec §3 "Upload record". */
export const uploadSchema = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** The upload group it is in: made by the server for an upload sent without one, and owned by its sender. */
  groupId: z.string().nullable(),
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

/**
 * The optional text fields of the multipart body of POST /upload; the file comes as `file`. `groupId` names one of
 * the caller's upload groups (as answered by an earlier upload); without it the upload starts a new group.
 */
export const uploadFieldsSchema = z.object({
  filename: plainText(z.string().trim().min(1).max(255)).optional(),
  groupId: z.string().trim().min(1).max(64).optional(),
});

/**
 * What the web app lets a user pick for each image slot, by file extension, before sending it (the server judges
 * the content again, see its sniffing): pictures for backplates and composition guides, HDR or EXR for the HDRI
 * backdrop. Each list names the types in the words a user reads.
 */
export const UPLOAD_IMAGE_KINDS = {
  image: { extensions: ['.png', '.jpg', '.jpeg', '.webp'], label: 'PNG, JPEG or WebP' },
  hdri: { extensions: ['.hdr', '.exr'], label: 'HDR or EXR' },
} as const;
export type UploadImageKind = keyof typeof UPLOAD_IMAGE_KINDS;

/** Largest file each kind of upload takes. */
export const UPLOAD_LIMITS = {
  image: 50 * 1024 * 1024,
  model: 1024 * 1024 * 1024,
} as const;

/**
 * A short-lived URL of an upload's image for the engine to fetch (ImportandUpdateBackplate, ImportandApplyCubemap,
 * ImportandUpdateCompositionGuide). Engines fetch plain URLs without the user's cookie or token, so the URL carries
 * a signature scoped to that one image, valid until `expiresAt`; it ends in the image's file name and extension,
 * which engines use to pick a loader.
 */
export const uploadEngineLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type UploadEngineLink = z.infer<typeof uploadEngineLinkSchema>;

/**
 * Why a model upload is refused for what its glTF names (buffers[].uri, images[].uri): a model may name only files
 * inside its own ZIP or data: URIs, since the engine that loads it would otherwise fetch whatever the file names.
 */
export const MODEL_REFERENCE_MESSAGES = {
  outside: (entry: string, uri: string) =>
    `${entry} names "${uri}", which is not inside the upload: files a model names must be inside its ZIP (no web addresses, absolute paths or "..")`,
  notZipped: (entry: string, uri: string) =>
    `${entry} names the file "${uri}": upload the model and the files it names together as a ZIP`,
  unreadable: (entry: string) => `${entry} is not a readable glTF: its JSON could not be parsed`,
  tooLarge: (entry: string, megabytes: number) =>
    `${entry} has more than ${megabytes} MB of glTF JSON: pack its buffers into .bin files or a GLB`,
  badZip: 'The ZIP could not be read',
} as const;
