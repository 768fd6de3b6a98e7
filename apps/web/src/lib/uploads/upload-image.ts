import {
  API_ROUTES,
  errorBodySchema,
  STATE_MESSAGES,
  uploadEngineLinkSchema,
  type Upload,
  type UploadEngineLink,
} from '@autostudio/protocol';
import { serverCall } from '@/api/server-call';
import { ApiError } from '@/lib/api-client';
import { sendForm } from './send-form';

export interface UploadImageOptions {
  /** Percent sent, 0–100, as the browser reports the body going out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The name the upload keeps; the file's own name otherwise. */
  filename?: string;
  /** One of the user's upload groups (an animation's frames); a new group otherwise. */
  groupId?: string;
}

/** Spec §5: an upload is only an upload with an id and a url. */
function isUpload(body: unknown): body is Upload {
  if (typeof body !== 'object' || body === null) return false;
  const { id, url } = body as Partial<Record<keyof Upload, unknown>>;
  return typeof id === 'string' && id.length > 0 && typeof url === 'string' && url.length > 0;
}

/**
 * Uploads an image (a backplate, an HDRI, a composition guide, an animation frame) with progress, with the API
 * client's bearer token and its 401 rule: one refresh of the token and one retry. Resolves with the upload record;
 * rejects with an ApiError in the spec's words: "Upload Failed" when the answer has no id or url, "Image Upload
 * Error" when no answer came, or the server's own message (a file that is not an image, a group that is not yours).
 */
export async function uploadImage(file: Blob, options: UploadImageOptions = {}): Promise<Upload> {
  const form = new FormData();
  // A Blob without a name gets "blob"; the server names the stored file from it and sniffs the type itself.
  form.append('file', file, file instanceof File ? file.name : 'image');
  if (options.filename) form.append('filename', options.filename);
  if (options.groupId) form.append('groupId', options.groupId);

  const answer = await sendForm('POST', API_ROUTES.uploads.create, form, {
    noAnswer: STATE_MESSAGES.imageUploadError,
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: ({ loaded, total }) => {
      if (total > 0) options.onProgress?.(Math.min(100, Math.round((loaded / total) * 100)));
    },
  });
  if (answer.status < 200 || answer.status >= 300) {
    const error = errorBodySchema.safeParse(answer.body);
    throw new ApiError(answer.status, error.success ? error.data.message : STATE_MESSAGES.imageUploadError);
  }
  if (!isUpload(answer.body)) throw new ApiError(answer.status, STATE_MESSAGES.uploadFailed);
  options.onProgress?.(100);
  return answer.body;
}

/**
 * A short-lived URL of an upload's image for the engine to fetch (ImportandUpdateBackplate, ImportandApplyCubemap,
 * ImportandUpdateCompositionGuide take it as their Url). The server picks the address engines reach it on; the app
 * hands the URL on as it came and never needs to know which engine it talks to.
 */
export function uploadEngineLink(uploadId: string, signal?: AbortSignal): Promise<UploadEngineLink> {
  return serverCall('post', API_ROUTES.uploads.engineLink, {
    params: { id: uploadId },
    schema: uploadEngineLinkSchema,
    ...(signal ? { signal } : {}),
  });
}
