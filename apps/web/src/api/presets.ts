import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  FAILURE_TOASTS,
  listResultSchema,
  presetSchema,
  type ListResult,
  type ListSortColumn,
  type Preset,
  type PresetType,
  type UpdatePresetRequest,
} from '@autostudio/protocol';
import { z } from 'zod';
import { withFailureToast } from '@/lib/list/with-failure-toast';
import { useInvalidate, useResourceChange } from './resource-change';
import { serverCall } from './server-call';

/**
 * Presets (spec §3, §7): post-process looks and animations, for the studio's browsers and the admin console alike.
 * A change made through these mutations invalidates every preset and category list kept under `presetKeys`, so a
 * look saved in the studio is in the console's table and a copy made in the console is in the studio's browser.
 * (The video dialog's list of sequences is read when it opens, outside these keys.)
 */

export const presetKeys = {
  all: ['presets'] as const,
  lists: () => [...presetKeys.all, 'list'] as const,
  list: (query: PresetListQuery) => [...presetKeys.lists(), query] as const,
  categories: (type: PresetType | '') => [...presetKeys.all, 'categories', type] as const,
};

/** GET /preset/filtered (spec §7): the list contract plus the preset's type and category. */
export interface PresetListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sort?: ListSortColumn<'presets'> | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** Both types when absent (the admin console's list). */
  type?: PresetType | undefined;
  /** One category; every category when absent. */
  category?: string | undefined;
}

export interface NewPreset {
  name: string;
  type: PresetType;
  /** The server files a preset without one under `default`. */
  category?: string | undefined;
  /** The preset's settings as the JSON string that travels on the wire (spec §3). */
  settings: string;
  /** Administrators and moderators only. */
  isDefault?: boolean | undefined;
  /** The upload group of an animation's preview images. */
  groupId?: string | undefined;
}

export function listPresets(query: PresetListQuery, signal?: AbortSignal): Promise<ListResult<Preset>> {
  return serverCall('get', API_ROUTES.presets.filtered, {
    query,
    schema: listResultSchema(presetSchema),
    ...(signal ? { signal } : {}),
  });
}

/** The categories in use, of one type or ('') of both; the server leaves out `default` (spec §3). */
export function fetchPresetCategories(type: PresetType | '', signal?: AbortSignal): Promise<string[]> {
  return serverCall('get', API_ROUTES.presets.categories, {
    query: type ? { type } : {},
    schema: z.array(z.string()),
    ...(signal ? { signal } : {}),
  });
}

export function fetchPreset(id: string): Promise<Preset> {
  return serverCall('get', API_ROUTES.presets.byId, { params: { id }, schema: presetSchema });
}

export function createPreset(preset: NewPreset): Promise<Preset> {
  return serverCall('post', API_ROUTES.presets.create, { body: preset, schema: presetSchema });
}

export function updatePreset(id: string, changes: UpdatePresetRequest): Promise<Preset> {
  return serverCall('put', API_ROUTES.presets.update, { params: { id }, body: changes, schema: presetSchema });
}

/**
 * A copy of a preset the user sees, theirs to change: the same type, category and settings, named with
 * PRESET_COPY_SUFFIX (the server names it), never a default.
 */
export function copyPreset(source: Pick<Preset, 'id' | 'type'>): Promise<Preset> {
  return serverCall('post', API_ROUTES.presets.create, {
    body: { copyOf: source.id, type: source.type },
    schema: presetSchema,
  });
}

export function deletePreset(id: string): Promise<void> {
  return serverCall('put', API_ROUTES.presets.delete, { params: { id } });
}

/** A page of presets; the rows of the page before stay up while the next loads. */
export const presetListOptions = (query: PresetListQuery) =>
  queryOptions({
    queryKey: presetKeys.list(query),
    queryFn: withFailureToast(
      ({ signal }: { signal: AbortSignal }) => listPresets(query, signal),
      FAILURE_TOASTS.fetchPresets,
    ),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const presetCategoriesOptions = (type: PresetType | '') =>
  queryOptions({
    queryKey: presetKeys.categories(type),
    queryFn: withFailureToast(
      ({ signal }: { signal: AbortSignal }) => fetchPresetCategories(type, signal),
      FAILURE_TOASTS.fetchPresetCategories,
    ),
    retry: false,
  });

export const usePresetCategories = (type: PresetType | '') => useQuery(presetCategoriesOptions(type));

/** Marks every cached preset and category list stale: those on show fetch again, and the promise waits for them. */
export const useInvalidatePresets = () => useInvalidate(presetKeys.all);

const usePresetChange = <A, R>(change: (argument: A) => Promise<R>, failure: string) =>
  useResourceChange(presetKeys.all, change, failure);

export const useCreatePreset = () => usePresetChange(createPreset, FAILURE_TOASTS.savingPreset);
/** `failure`: the copy's text, the presets' own unless it is an animation's (spec §8). */
export const useCopyPreset = (failure: string = FAILURE_TOASTS.createPreset) => usePresetChange(copyPreset, failure);
export const useUpdatePreset = () =>
  usePresetChange(
    ({ id, changes }: { id: string; changes: UpdatePresetRequest }) => updatePreset(id, changes),
    FAILURE_TOASTS.updatePreset,
  );
export const useDeletePreset = () => usePresetChange(deletePreset, FAILURE_TOASTS.deletePreset);
