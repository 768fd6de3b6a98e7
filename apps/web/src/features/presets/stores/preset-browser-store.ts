import {
  FAILURE_TOASTS,
  LIST_DEFAULTS,
  SUCCESS_TOASTS,
  type Preset,
  type PostProcessValues,
  type PresetType,
} from '@autostudio/protocol';
import { toast } from 'sonner';
import { create } from 'zustand';
import {
  copyPreset,
  createPreset,
  deletePreset,
  fetchPresetCategories,
  listPresets,
  updatePreset,
} from '../api/presets-api';

/** The look panel browses post-process presets. */
export const PRESET_BROWSER_TYPE: PresetType = 'postProcess';

/** `S`: the settings a preset of the browser's type holds (post-process values, an animation's timeline). */
export interface PresetBrowserState<S = PostProcessValues> {
  /** The category shown; null for every category. */
  category: string | null;
  /** The categories of the presets the user sees, without `default` (spec §3). */
  categories: string[];
  search: string;
  page: number;
  limit: number;
  items: Preset[];
  total: number;
  isLoading: boolean;
  /** Why the last load failed, in the spec's words (spec §8: a list failure is kept in the list state). */
  error: string | null;
  /** The preset last chosen or saved. */
  selectedPresetId: string | null;

  /** Loads the page the browser is on and the categories; a failure ends up in `error`, never thrown. */
  load: () => Promise<void>;
  /** Shows one category (null for all) from its first page. */
  setCategory: (category: string | null) => Promise<void>;
  /** Searches by name from the first page. */
  setSearch: (search: string) => Promise<void>;
  setPage: (page: number) => Promise<void>;
  select: (id: string | null) => void;

  /*
   * The mutations refresh the list, then resolve with the spec's success text. They reject with an Error whose
   * message is the spec's failure text and whose cause is the API error (the server's reason).
   */
  /** Saves settings (a look's post-process values) as a new preset and selects it. */
  saveAs: (name: string, category: string | null, settings: S) => Promise<string>;
  /** Copies a preset as the user's own, named with the copy suffix, and selects the copy. */
  copy: (id: string) => Promise<string>;
  rename: (id: string, name: string) => Promise<string>;
  remove: (id: string) => Promise<string>;
  /** Marks or unmarks a default preset (administrators and moderators only). */
  setDefault: (id: string, isDefault: boolean) => Promise<string>;
}

const INITIAL = {
  category: null,
  categories: [],
  search: '',
  page: LIST_DEFAULTS.presets.page,
  limit: LIST_DEFAULTS.presets.limit,
  items: [],
  total: 0,
  isLoading: false,
  error: null,
  selectedPresetId: null,
} satisfies Partial<PresetBrowserState>;

/** Runs a change against the server, then refreshes; the spec's success text, or its failure text as an Error. */
async function mutation<T>(
  change: () => Promise<T>,
  texts: { success: string; failure: string },
  refresh: (result: T) => Promise<void>,
): Promise<string> {
  let result: T;
  try {
    result = await change();
  } catch (error) {
    throw new Error(texts.failure, { cause: error });
  }
  await refresh(result);
  return texts.success;
}

/** The spec's failure text of a copy when it is not the presets' own (an animation's: spec §8). */
export interface PresetBrowserTexts {
  copyFailure: string;
}

/** A browser of one type of preset: the look panel's post-process presets, the timeline's animations. */
export function createPresetBrowserStore<S>(
  type: PresetType,
  texts: PresetBrowserTexts = { copyFailure: FAILURE_TOASTS.createPreset },
) {
  return create<PresetBrowserState<S>>()((set, get) => {
    // A load answered after a newer one started (a search typed on) must not overwrite what the newer one shows.
    let latestLoad = 0;

    const reload = () => get().load();
    /** A new preset (saved or copied) is the one the browser points at. */
    const selectAndReload = (preset: Preset) => {
      set({ selectedPresetId: preset.id });
      return reload();
    };

    return {
      ...INITIAL,

      load: async () => {
        const ticket = ++latestLoad;
        const { page, limit, search, category } = get();
        set({ isLoading: true, error: null });
        const [list, categories] = await Promise.allSettled([
          listPresets({ page, limit, search, category: category ?? undefined, type }),
          fetchPresetCategories(type),
        ]);
        if (ticket !== latestLoad) return;
        const error =
          list.status === 'rejected'
            ? FAILURE_TOASTS.fetchPresets
            : categories.status === 'rejected'
              ? FAILURE_TOASTS.fetchPresetCategories
              : null;
        set({
          isLoading: false,
          ...(list.status === 'fulfilled' ? { items: list.value.items, total: list.value.total } : {}),
          ...(categories.status === 'fulfilled' ? { categories: categories.value } : {}),
          error,
        });
        // Spec §8: a list failure is a toast, and is kept in the state too.
        if (error) toast.error(error);
      },

      setCategory: (category) => {
        set({ category, page: LIST_DEFAULTS.presets.page });
        return reload();
      },

      setSearch: (search) => {
        set({ search, page: LIST_DEFAULTS.presets.page });
        return reload();
      },

      setPage: (page) => {
        set({ page });
        return reload();
      },

      select: (id) => set({ selectedPresetId: id }),

      saveAs: (name, category, settings) =>
        mutation(
          () =>
            createPreset({
              name,
              type: type,
              settings: JSON.stringify(settings),
              ...(category ? { category } : {}),
            }),
          { success: SUCCESS_TOASTS.presetCreated, failure: FAILURE_TOASTS.savingPreset },
          selectAndReload,
        ),

      copy: (id) =>
        mutation(
          () => copyPreset({ id, type }),
          { success: SUCCESS_TOASTS.presetCreated, failure: texts.copyFailure },
          selectAndReload,
        ),

      rename: (id, name) =>
        mutation(
          () => updatePreset(id, { name }),
          { success: SUCCESS_TOASTS.presetUpdated, failure: FAILURE_TOASTS.updatePreset },
          reload,
        ),

      remove: (id) =>
        mutation(
          () => deletePreset(id),
          { success: SUCCESS_TOASTS.presetDeleted, failure: FAILURE_TOASTS.deletePreset },
          () => {
            if (get().selectedPresetId === id) set({ selectedPresetId: null });
            // The last preset of a later page gone: show the page before rather than an empty one.
            const { page, limit, total } = get();
            const lastPage = Math.max(LIST_DEFAULTS.presets.page, Math.ceil((total - 1) / limit));
            if (page > lastPage) set({ page: lastPage });
            return reload();
          },
        ),

      setDefault: (id, isDefault) =>
        mutation(
          () => updatePreset(id, { isDefault }),
          { success: SUCCESS_TOASTS.presetUpdated, failure: FAILURE_TOASTS.updatePreset },
          reload,
        ),
    };
  });
}

export const usePresetBrowserStore = createPresetBrowserStore<PostProcessValues>(PRESET_BROWSER_TYPE);
