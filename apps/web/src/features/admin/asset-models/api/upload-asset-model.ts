import { API_ROUTES, assetModelSchema, errorBodySchema, pathTo, type AssetModel } from '@autostudio/protocol';
import { ApiError, apiUrl, currentAccessToken, refreshAccessToken } from '@/lib/api-client';
import type { UploadProgress } from '../lib/upload-progress';
import { assetModelForm, type AssetModelFields } from '@/api/asset-models';

export interface UploadAssetModelOptions {
  /** Bytes sent so far, as often as the browser reports them (throttle before setting state). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export interface AssetModelUpload {
  fields: AssetModelFields;
  file: File;
  previewFile?: File | undefined;
  /** Upload a new version of this model (its newest version's id); a new model otherwise. */
  newVersionOf?: string | undefined;
}

interface Answer {
  status: number;
  body: unknown;
}

const NO_ANSWER = 'The upload did not reach the server. Check your connection and try again.';

/** One send of the form by XMLHttpRequest, the one browser API that reports an upload's progress. */
function send(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  token: string | null,
  options: UploadAssetModelOptions,
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(path));
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    });
    const abort = () => request.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);
    request.addEventListener('load', () => {
      done();
      resolve({ status: request.status, body: request.response as unknown });
    });
    request.addEventListener('error', () => {
      done();
      reject(new ApiError(0, NO_ANSWER));
    });
    request.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    request.send(form);
  });
}

/**
 * Uploads a model file with its metadata: a new model (POST, version 1) or a new version of one (PUT with a file,
 * which the server stores as version n+1 of the same modelId). Progress comes from the browser as the body goes
 * out; a 401 refreshes the token once and sends again, as every API call does. Rejects with the server's reason.
 */
export async function uploadAssetModel(
  upload: AssetModelUpload,
  options: UploadAssetModelOptions = {},
): Promise<AssetModel> {
  options.signal?.throwIfAborted();
  const form = assetModelForm(upload.fields, {
    file: upload.file,
    ...(upload.previewFile ? { previewFile: upload.previewFile } : {}),
  });
  const [method, path] = upload.newVersionOf
    ? (['PUT', pathTo(API_ROUTES.assetModels.update, { id: upload.newVersionOf })] as const)
    : (['POST', API_ROUTES.assetModels.create] as const);

  let answer = await send(method, path, form, currentAccessToken(), options);
  if (answer.status === 401) {
    const refreshed = await refreshAccessToken();
    if (refreshed) answer = await send(method, path, form, refreshed, options);
  }
  if (answer.status < 200 || answer.status >= 300) {
    const error = errorBodySchema.safeParse(answer.body);
    throw new ApiError(
      answer.status,
      error.success ? error.data.message : `The server refused the upload (${answer.status}).`,
    );
  }
  const model = assetModelSchema.safeParse(answer.body);
  if (!model.success) throw new ApiError(answer.status, 'The server answered the upload with something unexpected.');
  return model.data;
}
