import { FAILURE_TOASTS, type RenderedAsset, type RenderedAssetItem } from '@autostudio/protocol';
import {
  ANY_RENDERED_ASSET,
  listRenderedAssets,
  renderedAssetKeys,
  useDeleteRenderedAsset,
  useRenameRenderedAsset,
  useRenderedAssetItems,
} from '@/api/rendered-assets';
import { useListQuery } from '@/lib/list/use-list-query';
import { useGalleryStore } from '../stores/gallery-store';

/** The render the viewer shows, and its files. */
export interface GalleryViewer {
  asset: RenderedAsset;
  /** Its passes, layers or video, in the order the render wrote them; the thumbnail is not one of them. */
  items: RenderedAssetItem[];
  isLoading: boolean;
  /** Spec §8: "Failed to fetch asset items" lives in the state only (no toast). */
  error: string | null;
}

export interface Gallery {
  items: RenderedAsset[];
  total: number;
  page: number;
  limit: number;
  isLoading: boolean;
  /** Why the page could not be read, in the spec's words (also a toast, spec §8). */
  error: string | null;
  viewer: GalleryViewer | null;
  /** Rejects with the spec's failure text; the page and the viewer show the new name once it is saved. */
  rename: (asset: RenderedAsset, name: string, description: string) => Promise<void>;
  /** Rejects with the spec's failure text; the viewer closes if it showed the render. */
  remove: (id: string) => Promise<void>;
}

/**
 * The gallery (spec §2): the user's own renders and those shared with them, newest first, a page at a time, and the
 * render in the viewer with its files. A page emptied by a delete steps back to the last one with renders.
 */
export function useGallery(): Gallery {
  const page = useGalleryStore((state) => state.page);
  const limit = useGalleryStore((state) => state.limit);
  const viewing = useGalleryStore((state) => state.viewing);
  const setPage = useGalleryStore((state) => state.setPage);
  const closeViewer = useGalleryStore((state) => state.closeViewer);
  const list = useListQuery({
    key: renderedAssetKeys.lists(),
    controls: {
      params: { page, limit, search: '', sort: null, order: 'desc', filters: ANY_RENDERED_ASSET },
      update: (change) => change.page && setPage(change.page),
    },
    fetch: listRenderedAssets,
    failure: FAILURE_TOASTS.fetchAssetRendered,
  });
  const files = useRenderedAssetItems(viewing?.id ?? null);
  const rename = useRenameRenderedAsset();
  const remove = useDeleteRenderedAsset();

  // The viewer's render as the page has it now (renamed or shared meanwhile).
  const shown = viewing && (list.items.find((asset) => asset.id === viewing.id) ?? viewing);
  return {
    ...list,
    page,
    limit,
    viewer: shown && {
      asset: shown,
      items: files.data ?? [],
      isLoading: files.isPending,
      error: files.isError ? FAILURE_TOASTS.fetchAssetItems : null,
    },
    rename: async (asset, name, description) => {
      await rename.mutateAsync({ id: asset.id, name, description });
    },
    remove: async (id) => {
      await remove.mutateAsync(id);
      if (viewing?.id === id) closeViewer();
    },
  };
}
