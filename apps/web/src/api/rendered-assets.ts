import { useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  FAILURE_TOASTS,
  listResultSchema,
  RENDER_THUMBNAIL_KIND,
  renderedAssetFilterOptionsSchema,
  renderedAssetItemSchema,
  renderedAssetSchema,
  type ListResult,
  type RenderedAsset,
  type RenderedAssetItem,
} from '@autostudio/protocol';
import { z } from 'zod';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { useInvalidate, useResourceChange } from './resource-change';
import { serverCall } from './server-call';

/**
 * Rendered assets (spec §7): the stills and videos the render service made, for the studio's gallery, the viewer at
 * /rendered-asset/:id and the admin console alike: the calls, their cache keys, and the hooks that read and change
 * them. A rename, a delete, a share and a completed render each invalidate every render in the cache.
 */

export const renderedAssetKeys = {
  all: ['rendered-assets'] as const,
  lists: () => [...renderedAssetKeys.all, 'list'] as const,
  filterOptions: () => [...renderedAssetKeys.all, 'filter-options'] as const,
  items: (id: string) => [...renderedAssetKeys.all, 'items', id] as const,
};

export type RenderedAssetFilter = 'category' | 'type' | 'brand';
/** Every filter at "any": the gallery's, and the console's when the address names none. */
export const ANY_RENDERED_ASSET: Readonly<Record<RenderedAssetFilter, string>> = { category: '', type: '', brand: '' };
export type RenderedAssetFilterOptions = z.infer<typeof renderedAssetFilterOptionsSchema>;

/** What a render's owner or an administrator may change; its files stay as they are. */
export interface RenderedAssetFields {
  name: string;
  description: string;
  category: string;
  brand: string;
}

/**
 * A page of renders, newest first unless sorted: the user's own and those shared with them; an administrator's holds
 * everyone's. The gallery asks for a page alone; the console adds search, sort and filters.
 */
export function listRenderedAssets(
  params: Pick<ListParams, 'page' | 'limit'> & Partial<ListParams<RenderedAssetFilter>>,
  signal?: AbortSignal,
): Promise<ListResult<RenderedAsset>> {
  const { search = '', sort = null, order = 'desc', filters = ANY_RENDERED_ASSET } = params;
  return serverCall('get', API_ROUTES.renderedAssets.filtered, {
    query: listCallQuery({ ...params, search, sort, order, filters }),
    schema: listResultSchema(renderedAssetSchema),
    ...(signal ? { signal } : {}),
  });
}

/** The categories, types and brands the console's filters offer. */
export function fetchRenderedAssetFilterOptions(signal?: AbortSignal): Promise<RenderedAssetFilterOptions> {
  return serverCall('get', API_ROUTES.renderedAssets.filterOptions, {
    schema: renderedAssetFilterOptionsSchema,
    ...(signal ? { signal } : {}),
  });
}

/** A render's files (each pass or layer, the video, the thumbnail). */
export function fetchRenderedAssetItems(id: string, signal?: AbortSignal): Promise<RenderedAssetItem[]> {
  return serverCall('get', API_ROUTES.renderedAssets.items, {
    params: { id },
    schema: z.array(renderedAssetItemSchema),
    ...(signal ? { signal } : {}),
  });
}

/** A render's files as a viewer lists them: everything but the small preview image. */
export const viewableItems = (items: readonly RenderedAssetItem[]): RenderedAssetItem[] =>
  items.filter((item) => item.kind !== RENDER_THUMBNAIL_KIND);

/** Changes the fields given (the gallery renames: name and description); the rest stay as they are. */
export function updateRenderedAsset(id: string, fields: Partial<RenderedAssetFields>): Promise<RenderedAsset> {
  return serverCall('put', API_ROUTES.renderedAssets.update, {
    params: { id },
    body: fields,
    schema: renderedAssetSchema,
  });
}

/** The render leaves the gallery of everyone it was shared with. */
export function deleteRenderedAsset(id: string): Promise<void> {
  return serverCall('put', API_ROUTES.renderedAssets.delete, { params: { id } });
}

/** Marks every cached render stale (a render completed, a share changed): lists on show fetch again. */
export const useInvalidateRenderedAssets = () => useInvalidate(renderedAssetKeys.all);

/** Renames a render (and sets its description); fails with the spec's update text. */
export const useRenameRenderedAsset = () =>
  useResourceChange(
    renderedAssetKeys.all,
    ({ id, name, description }: { id: string; name: string; description: string }) =>
      updateRenderedAsset(id, { name, description }),
    FAILURE_TOASTS.updateAssetRendered,
  );

/** Deletes a render; fails with the spec's delete text. */
export const useDeleteRenderedAsset = () =>
  useResourceChange(renderedAssetKeys.all, deleteRenderedAsset, FAILURE_TOASTS.deleteAssetRendered);

/** A render's files as a viewer lists them (no thumbnail); none asked for while `id` is null. */
export function useRenderedAssetItems(id: string | null) {
  return useQuery({
    queryKey: renderedAssetKeys.items(id ?? ''),
    queryFn: ({ signal }) => fetchRenderedAssetItems(id ?? '', signal),
    enabled: id !== null,
    select: viewableItems,
    retry: false,
  });
}
