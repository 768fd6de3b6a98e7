import { API_ROUTES, assetModelSchema, errorBodySchema, pathTo, type AssetModel } from '@autostudio/protocol';
import { ApiError } from '@/lib/api-client';
import { sendForm } from '@/lib/uploads/send-form';
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

const NO_ANSWER = 'The upload did not reach the server. Check your connection and try again.';

/**
 * Uploads a model file with its metadata: a new model (POST, version 1) or a new version of one (PUT with a file,
 * which the server stores as version n+1 of the same modelId). Progress comes from the browser as the body goes
 * out; a 401 refreshes the token once and sends again, as every API call does. Rejects with the server's reason.
 */
export async function uploadAssetModel(
  upload: AssetModelUpload,
  options: UploadAssetModelOptions = {},
): Promise<AssetModel> {
  const form = assetModelForm(upload.fields, {
    file: upload.file,
    ...(upload.previewFile ? { previewFile: upload.previewFile } : {}),
  });
  const [method, path] = upload.newVersionOf
    ? (['PUT', pathTo(API_ROUTES.assetModels.update, { id: upload.newVersionOf })] as const)
    : (['POST', API_ROUTES.assetModels.create] as const);

  const answer = await sendForm(method, path, form, { ...options, noAnswer: NO_ANSWER });
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
