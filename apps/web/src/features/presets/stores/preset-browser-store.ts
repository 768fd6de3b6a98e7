import { LIST_DEFAULTS, type PresetType } from '@autostudio/protocol';
import { create, type StoreApi, type UseBoundStore } from 'zustand';

/** The look panel browses post-process presets. */
export const PRESET_BROWSER_TYPE: PresetType = 'postProcess';

/**
 * Where a preset browser is: its category, search and page, and the preset last chosen. A configuration saves this
 * (spec §3 "Configuration": the preset browser's place), so it is the studio's state; the presets themselves are
 * the server's, read and changed through `@/api/presets`.
 */
export interface PresetBrowserState {
  /** The category shown; null for every category. */
  category: string | null;
  search: string;
  page: number;
  limit: number;
  /** The preset last chosen or saved. */
  selectedPresetId: string | null;

  /** Shows one category (null for all) from its first page. */
  setCategory: (category: string | null) => void;
  /** Searches by name from the first page. */
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
  select: (id: string | null) => void;
  /** Returns to a place a configuration saved: its chosen preset, and its category, search and page when saved. */
  restore: (place: SavedPresetBrowserPlace) => void;
}

/** The part of a preset browser's place a configuration saves (spec §3 "Configuration"). */
export interface SavedPresetBrowserPlace {
  selectedPresetId: string | null;
  where?: { category?: string | null; search?: string | null; page?: number | null } | null;
}

export type PresetBrowserStore = UseBoundStore<StoreApi<PresetBrowserState>>;

/** A browser's place, one per type of preset: the look panel's post-process presets, the timeline's animations. */
export function createPresetBrowserStore(): PresetBrowserStore {
  return create<PresetBrowserState>()((set) => ({
    category: null,
    search: '',
    page: LIST_DEFAULTS.presets.page,
    limit: LIST_DEFAULTS.presets.limit,
    selectedPresetId: null,
    setCategory: (category) => set({ category, page: LIST_DEFAULTS.presets.page }),
    setSearch: (search) => set({ search, page: LIST_DEFAULTS.presets.page }),
    setPage: (page) => set({ page }),
    select: (selectedPresetId) => set({ selectedPresetId }),
    restore: ({ selectedPresetId, where }) =>
      set({
        selectedPresetId,
        ...(where
          ? {
              category: where.category ?? null,
              search: where.search ?? '',
              page: where.page ?? LIST_DEFAULTS.presets.page,
            }
          : {}),
      }),
  }));
}

export const usePresetBrowserStore = createPresetBrowserStore();
