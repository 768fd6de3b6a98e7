import {
  API_ROUTES,
  assetModelFilterOptionsSchema,
  assetModelSchema,
  listResultSchema,
  pathTo,
  type AssetModel,
  type ListResult,
} from '@autostudio/protocol';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { listPath } from '@/lib/list-query';

export type AssetModelFilter = 'category' | 'type' | 'brand' | 'region' | 'latestVersion';
export type AssetModelFilterOptions = z.infer<typeof assetModelFilterOptionsSchema>;

/** The text fields an upload or an edit sends (spec §3 "Asset model"). */
export interface AssetModelFields {
  name: string;
  description: string;
  category: string;
  type: string;
  brand: string;
  region: string;
}

export function listAssetModels(
  params: ListParams<AssetModelFilter>,
  signal?: AbortSignal,
): Promise<ListResult<AssetModel>> {
  // listPath leaves out empty filters ("any").
  return apiRequest(listPath(API_ROUTES.assetModels.filtered, listCallQuery(params)), {
    schema: listResultSchema(assetModelSchema),
    ...(signal ? { signal } : {}),
  });
}

export function fetchAssetModelFilterOptions(signal?: AbortSignal): Promise<AssetModelFilterOptions> {
  return apiRequest(API_ROUTES.assetModels.filterOptions, {
    schema: assetModelFilterOptionsSchema,
    ...(signal ? { signal } : {}),
  });
}

const FIELD_NAMES = [
  'name',
  'description',
  'category',
  'type',
  'brand',
  'region',
] as const satisfies readonly (keyof AssetModelFields)[];

/** The multipart body of a create or an update: the fields, then the files (the server reads fields first). */
export function assetModelForm(fields: AssetModelFields, files: { file?: File; previewFile?: File } = {}): FormData {
  const form = new FormData();
  for (const key of FIELD_NAMES) form.append(key, fields[key]);
  if (files.previewFile) form.append('previewFile', files.previewFile, files.previewFile.name);
  if (files.file) form.append('file', files.file, files.file.name);
  return form;
}

/** Changes a version's metadata (and its preview image); without a model file no new version is made. */
export function updateAssetModel(id: string, fields: AssetModelFields, previewFile?: File): Promise<AssetModel> {
  return apiRequest(pathTo(API_ROUTES.assetModels.update, { id }), {
    method: 'PUT',
    body: assetModelForm(fields, previewFile ? { previewFile } : {}),
    schema: assetModelSchema,
  });
}

/** Deletes the model with all its versions. */
export function deleteAssetModel(id: string): Promise<void> {
  return apiRequest(pathTo(API_ROUTES.assetModels.delete, { id }), { method: 'PUT' });
}
