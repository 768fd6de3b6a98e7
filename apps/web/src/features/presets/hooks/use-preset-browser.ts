import { useQuery } from '@tanstack/react-query';
import { FAILURE_TOASTS, SUCCESS_TOASTS, type Preset, type PresetType } from '@autostudio/protocol';
import {
  presetListOptions,
  useCopyPreset,
  useCreatePreset,
  useDeletePreset,
  usePresetCategories,
  useUpdatePreset,
} from '@/api/presets';
import { useStepBackFromEmptiedPage } from '@/lib/list/use-list-query';
import type { PresetBrowserStore } from '../stores/preset-browser-store';

/** The spec's failure text of a copy when it is not the presets' own (an animation's: spec §8). */
export interface PresetBrowserTexts {
  copyFailure: string;
}

/**
 * What a preset browser shows and does. The changes resolve with the spec's success text once the list shows them,
 * and reject with an Error whose message is the spec's failure text and whose cause is the server's error.
 */
export interface PresetBrowserResult<S> {
  items: Preset[];
  total: number;
  /** The categories of the presets the user sees, without `default` (spec §3). */
  categories: string[];
  isLoading: boolean;
  /** Why the list could not be read, in the spec's words (spec §8: kept beside the toast). */
  error: string | null;
  /** Saves settings (a look's post-process values, an animation) as a new preset and selects it. */
  saveAs: (name: string, category: string | null, settings: S) => Promise<string>;
  /** Copies a preset as the user's own, named with the copy suffix, and selects the copy. */
  copy: (id: string) => Promise<string>;
  rename: (id: string, name: string) => Promise<string>;
  remove: (id: string) => Promise<string>;
  /** Marks or unmarks a default preset (administrators and moderators only). */
  setDefault: (id: string, isDefault: boolean) => Promise<string>;
}

const NONE: never[] = [];

/** One type of preset, browsed where `store` says: the look panel's post-process presets, the timeline's animations. */
export function usePresetBrowser<S>(
  store: PresetBrowserStore,
  type: PresetType,
  texts: PresetBrowserTexts = { copyFailure: FAILURE_TOASTS.createPreset },
): PresetBrowserResult<S> {
  const category = store((state) => state.category);
  const search = store((state) => state.search);
  const page = store((state) => state.page);
  const limit = store((state) => state.limit);
  const list = useQuery(presetListOptions({ page, limit, search, type, category: category ?? undefined }));
  const categories = usePresetCategories(type);
  const create = useCreatePreset();
  const copy = useCopyPreset(texts.copyFailure);
  const update = useUpdatePreset();
  const remove = useDeletePreset();

  const total = list.data?.total ?? 0;
  useStepBackFromEmptiedPage(list, { page, limit }, store.getState().setPage);

  return {
    items: list.data?.items ?? NONE,
    total,
    categories: categories.data ?? NONE,
    isLoading: list.isPending,
    error: list.isError
      ? FAILURE_TOASTS.fetchPresets
      : categories.isError
        ? FAILURE_TOASTS.fetchPresetCategories
        : null,
    saveAs: async (name, chosen, settings) => {
      const preset = await create.mutateAsync({
        name,
        type,
        settings: JSON.stringify(settings),
        ...(chosen ? { category: chosen } : {}),
      });
      store.getState().select(preset.id);
      return SUCCESS_TOASTS.presetCreated;
    },
    copy: async (id) => {
      const preset = await copy.mutateAsync({ id, type });
      store.getState().select(preset.id);
      return SUCCESS_TOASTS.presetCreated;
    },
    rename: async (id, name) => {
      await update.mutateAsync({ id, changes: { name } });
      return SUCCESS_TOASTS.presetUpdated;
    },
    remove: async (id) => {
      await remove.mutateAsync(id);
      if (store.getState().selectedPresetId === id) store.getState().select(null);
      return SUCCESS_TOASTS.presetDeleted;
    },
    setDefault: async (id, isDefault) => {
      await update.mutateAsync({ id, changes: { isDefault } });
      return SUCCESS_TOASTS.presetUpdated;
    },
  };
}
