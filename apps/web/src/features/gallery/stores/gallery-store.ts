import { LIST_DEFAULTS, type RenderedAsset } from '@autostudio/protocol';
import { create } from 'zustand';

/**
 * The gallery's client state: whether it is open, its page, and the render in the viewer. The renders themselves
 * are server state, read through useGallery (src/api/rendered-assets.ts).
 */
export interface GalleryState {
  /** Spec §2: the gallery (limit 20, page 1, open); its items, total and isLoading are useGallery's. */
  open: boolean;
  page: number;
  limit: number;
  /** The render the viewer shows, as it was opened (useGallery shows it as the page has it now). */
  viewing: RenderedAsset | null;

  /** Opens the gallery or closes it, and its viewer with it. */
  setOpen: (open: boolean) => void;
  setPage: (page: number) => void;
  view: (asset: RenderedAsset) => void;
  closeViewer: () => void;
  /** Closes the gallery and starts again from its first page (sign-out, tests). */
  clear: () => void;
}

const initial = {
  open: false,
  page: LIST_DEFAULTS.gallery.page,
  limit: LIST_DEFAULTS.gallery.limit,
  viewing: null,
} satisfies Partial<GalleryState>;

export const useGalleryStore = create<GalleryState>()((set) => ({
  ...initial,
  setOpen: (open) => set(open ? { open } : { open, viewing: null }),
  setPage: (page) => set({ page }),
  view: (viewing) => set({ viewing }),
  closeViewer: () => set({ viewing: null }),
  clear: () => set(initial),
}));
