import {
  API_ROUTES,
  listResultSchema,
  pathTo,
  renderedAssetItemSchema,
  renderedAssetSchema,
  type ListResult,
  type RenderedAsset,
  type RenderedAssetItem,
} from '@autostudio/protocol';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listPath } from '@/lib/list-query';

/** GET /asset-rendered/filtered (spec §7): the user's own and shared renders, newest first, a page at a time. */
export function listRenderedAssets(query: { page: number; limit: number }): Promise<ListResult<RenderedAsset>> {
  return apiRequest(listPath(API_ROUTES.renderedAssets.filtered, query), {
    schema: listResultSchema(renderedAssetSchema),
  });
}

/** GET /asset-rendered/{id}/items: a render's files (each pass or layer, the video, the thumbnail). */
export function fetchRenderedAssetItems(id: string): Promise<RenderedAssetItem[]> {
  return apiRequest(pathTo(API_ROUTES.renderedAssets.items, { id }), { schema: z.array(renderedAssetItemSchema) });
}

/** PUT /asset-rendered/{id}: renames a render (and sets its description); its files stay as they are. */
export function renameRenderedAsset(id: string, name: string, description: string): Promise<RenderedAsset> {
  return apiRequest(pathTo(API_ROUTES.renderedAssets.update, { id }), {
    method: 'PUT',
    body: { name, description },
    schema: renderedAssetSchema,
  });
}

/** PUT /asset-rendered/{id}/delete: the render leaves the gallery of everyone it was shared with. */
export async function deleteRenderedAsset(id: string): Promise<void> {
  await apiRequest(pathTo(API_ROUTES.renderedAssets.delete, { id }), { method: 'PUT' });
}
