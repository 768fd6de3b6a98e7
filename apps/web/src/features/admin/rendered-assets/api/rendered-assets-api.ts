import {
  API_ROUTES,
  listResultSchema,
  pathTo,
  renderedAssetFilterOptionsSchema,
  renderedAssetSchema,
  type ListResult,
  type RenderedAsset,
} from '@autostudio/protocol';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { listPath } from '@/lib/list-query';

export type RenderedAssetFilter = 'category' | 'type' | 'brand';
export type RenderedAssetFilterOptions = z.infer<typeof renderedAssetFilterOptionsSchema>;

export interface RenderedAssetFields {
  name: string;
  description: string;
  category: string;
  brand: string;
}

export function listRenderedAssets(
  params: ListParams<RenderedAssetFilter>,
  signal?: AbortSignal,
): Promise<ListResult<RenderedAsset>> {
  return apiRequest(listPath(API_ROUTES.renderedAssets.filtered, listCallQuery(params)), {
    schema: listResultSchema(renderedAssetSchema),
    ...(signal ? { signal } : {}),
  });
}

export function fetchRenderedAssetFilterOptions(signal?: AbortSignal): Promise<RenderedAssetFilterOptions> {
  return apiRequest(API_ROUTES.renderedAssets.filterOptions, {
    schema: renderedAssetFilterOptionsSchema,
    ...(signal ? { signal } : {}),
  });
}

export function updateRenderedAsset(id: string, body: RenderedAssetFields): Promise<RenderedAsset> {
  return apiRequest(pathTo(API_ROUTES.renderedAssets.update, { id }), {
    method: 'PUT',
    body,
    schema: renderedAssetSchema,
  });
}

export function deleteRenderedAsset(id: string): Promise<void> {
  return apiRequest(pathTo(API_ROUTES.renderedAssets.delete, { id }), { method: 'PUT' });
}
