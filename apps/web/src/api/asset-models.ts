import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  assetModelFilterOptionsSchema,
  assetModelSchema,
  listResultSchema,
  modelDownloadLinkSchema,
  type AssetModel,
  type ListResult,
  type ModelDownloadLink,
} from '@autostudio/protocol';
import type { z } from 'zod';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { serverCall } from './server-call';

/**
 * Asset models (spec §3 and §7): the cars users open from /landing, the studio loads, and the console manages. One
 * set of keys, so a change in the console marks /landing's list stale too.
 */

export const assetModelKeys = {
  all: ['asset-models'] as const,
  lists: () => [...assetModelKeys.all, 'list'] as const,
  filterOptions: () => [...assetModelKeys.all, 'filter-options'] as const,
};

/** What the console filters models by; /landing uses category and brand. */
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

/**
 * How a list keeps up with previews the server is still rendering (a model uploaded without a picture gets one a
 * few seconds later): looked at again now and then while a model has none, for a while only, since a preview that
 * failed to render never comes.
 */
export const PREVIEW_WATCH = { intervalMs: 3000, forMs: 120_000 } as const;

/**
 * One page of the models the user may see, searched and filtered as `params` say; without a version filter the
 * server answers the newest version of each.
 */
export function listAssetModels(params: ListParams, signal?: AbortSignal): Promise<ListResult<AssetModel>> {
  return serverCall('get', API_ROUTES.assetModels.filtered, {
    // listCallQuery leaves out empty filters ("any").
    query: listCallQuery(params),
    schema: listResultSchema(assetModelSchema),
    ...(signal ? { signal } : {}),
  });
}

/** The categories, types, brands and regions in use among the models the user may see, for the filters. */
export const assetModelFilterOptionsQuery = () =>
  queryOptions({
    queryKey: assetModelKeys.filterOptions(),
    queryFn: ({ signal }) =>
      serverCall('get', API_ROUTES.assetModels.filterOptions, { schema: assetModelFilterOptionsSchema, signal }),
  });

export const useAssetModelFilterOptions = () => useQuery(assetModelFilterOptionsQuery());

/** A model by id: a saved configuration names its car by id only. */
export function fetchAssetModel(id: string): Promise<AssetModel> {
  return serverCall('get', API_ROUTES.assetModels.byId, { params: { id }, schema: assetModelSchema });
}

/** A short-lived URL the engine downloads the model from, without the user's credentials. */
export function modelDownloadLink(id: string): Promise<ModelDownloadLink> {
  return serverCall('post', API_ROUTES.assetModels.downloadLink, { params: { id }, schema: modelDownloadLinkSchema });
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
  return serverCall('put', API_ROUTES.assetModels.update, {
    params: { id },
    body: assetModelForm(fields, previewFile ? { previewFile } : {}),
    schema: assetModelSchema,
  });
}

/** Deletes the model with all its versions. */
export function deleteAssetModel(id: string): Promise<void> {
  return serverCall('put', API_ROUTES.assetModels.delete, { params: { id } });
}
