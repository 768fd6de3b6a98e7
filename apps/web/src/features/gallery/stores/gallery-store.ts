import { FAILURE_TOASTS, LIST_DEFAULTS, type RenderedAsset, type RenderedAssetItem } from '@autostudio/protocol';
import { toast } from 'sonner';
import { create } from 'zustand';
import {
  deleteRenderedAsset,
  fetchRenderedAssetItems,
  listRenderedAssets,
  updateRenderedAsset,
  viewableItems,
} from '@/api/rendered-assets';

/** The render the viewer shows, and its files. */
export interface GalleryViewer {
  asset: RenderedAsset;
  /** Its passes, layers or video, in the order the render wrote them; the thumbnail is not one of them. */
  items: RenderedAssetItem[];
  isLoading: boolean;
  /** Spec §8: "Failed to fetch asset items" lives in the state only (no toast). */
  error: string | null;
}

export interface GalleryState {
  /** Spec §2: the gallery (items, limit 20, page 1, total 0, open, isLoading). Newest first. */
  items: RenderedAsset[];
  limit: number;
  page: number;
  total: number;
  open: boolean;
  isLoading: boolean;
  /** Why the last fetch failed (also a toast, spec §8); kept until the next one succeeds. */
  error: string | null;
  viewer: GalleryViewer | null;

  /** Opens the gallery (fetching its page afresh) or closes it, and its viewer with it. */
  setOpen: (open: boolean) => void;
  /** Fetches the page the state names; a slower earlier answer never overwrites a newer one. */
  load: () => Promise<void>;
  setPage: (page: number) => void;
  /**
   * A render finished and became the asset of this id: an open gallery fetches its page again (the newest render
   * leads the first page); a closed one fetches afresh when it opens anyway.
   */
  renderCompleted: (renderedAssetId: string) => void;
  /** Shows a render in the viewer and fetches its files. */
  view: (asset: RenderedAsset) => Promise<void>;
  closeViewer: () => void;
  /** Rejects with the spec's failure text. */
  rename: (asset: RenderedAsset, name: string, description: string) => Promise<RenderedAsset>;
  /** Rejects with the spec's failure text; the viewer closes if it showed the render. */
  remove: (id: string) => Promise<void>;
  /** Closes the gallery and forgets its renders (sign-out, tests). */
  clear: () => void;
}

let latestList = 0;
let latestItems = 0;

/** The gallery: the user's own renders and those shared with them, newest first, a page at a time. */
export const useGalleryStore = create<GalleryState>()((set, get) => {
  /** Puts a changed render wherever the state holds it: the page and the viewer. */
  const replace = (asset: RenderedAsset) => {
    const { items, viewer } = get();
    set({
      items: items.map((item) => (item.id === asset.id ? asset : item)),
      viewer: viewer?.asset.id === asset.id ? { ...viewer, asset } : viewer,
    });
  };

  const initial = {
    items: [],
    limit: LIST_DEFAULTS.gallery.limit,
    page: LIST_DEFAULTS.gallery.page,
    total: 0,
    open: false,
    isLoading: false,
    error: null,
    viewer: null,
  } satisfies Partial<GalleryState>;

  return {
    ...initial,

    setOpen: (open) => {
      if (open === get().open) return;
      set(open ? { open } : { open, viewer: null });
      if (open) void get().load();
    },

    load: async () => {
      const request = ++latestList;
      const { page, limit } = get();
      set({ isLoading: true });
      try {
        const result = await listRenderedAssets({ page, limit });
        if (request !== latestList) return;
        // A page emptied by a delete steps back to the last page that has renders.
        const lastPage = Math.max(1, Math.ceil(result.total / limit));
        if (result.items.length === 0 && page > lastPage) {
          set({ page: lastPage });
          return await get().load();
        }
        set({ items: result.items, total: result.total, isLoading: false, error: null });
        // The viewer's render as the server has it now (renamed or shared meanwhile).
        const fresh = result.items.find((item) => item.id === get().viewer?.asset.id);
        if (fresh) replace(fresh);
      } catch (error) {
        if (request !== latestList) return;
        console.error('rendered assets could not be listed', error);
        set({ isLoading: false, error: FAILURE_TOASTS.fetchAssetRendered });
        toast.error(FAILURE_TOASTS.fetchAssetRendered);
      }
    },

    setPage: (page) => {
      set({ page });
      void get().load();
    },

    renderCompleted: (renderedAssetId) => {
      const { open, items } = get();
      // On another page than the first, the page is fetched again too: its renders move down one, the total grows.
      if (open && !items.some((item) => item.id === renderedAssetId)) void get().load();
    },

    view: async (asset) => {
      const request = ++latestItems;
      set({ viewer: { asset, items: [], isLoading: true, error: null } });
      let items: RenderedAssetItem[] | null = null;
      try {
        items = viewableItems(await fetchRenderedAssetItems(asset.id));
      } catch (error) {
        console.error('rendered asset items could not be fetched', error);
      }
      const viewer = get().viewer;
      if (request !== latestItems || viewer?.asset.id !== asset.id) return;
      set({
        viewer: items
          ? { ...viewer, items, isLoading: false, error: null }
          : { ...viewer, isLoading: false, error: FAILURE_TOASTS.fetchAssetItems },
      });
    },

    closeViewer: () => {
      latestItems += 1;
      set({ viewer: null });
    },

    rename: async (asset, name, description) => {
      const renamed = await updateRenderedAsset(asset.id, { name, description }).catch((error: unknown) => {
        throw new Error(FAILURE_TOASTS.updateAssetRendered, { cause: error });
      });
      replace(renamed);
      return renamed;
    },

    remove: async (id) => {
      await deleteRenderedAsset(id).catch((error: unknown) => {
        throw new Error(FAILURE_TOASTS.deleteAssetRendered, { cause: error });
      });
      if (get().viewer?.asset.id === id) get().closeViewer();
      await get().load();
    },

    clear: () => {
      // Answers on their way belong to the one who signed out.
      latestList += 1;
      latestItems += 1;
      set(initial);
    },
  };
});
