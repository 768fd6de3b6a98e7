import {
  API_ROUTES,
  listResultSchema,
  pathTo,
  presetSchema,
  type ListResult,
  type Preset,
  type PresetType,
  type UpdatePresetRequest,
} from '@autostudio/protocol';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listPath } from '@/lib/list-query';

/** GET /preset/filtered (spec §7): the list contract plus the preset's type and category. */
export interface PresetListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  type?: PresetType | undefined;
  /** One category; every category when absent. */
  category?: string | undefined;
}

export function listPresets(query: PresetListQuery): Promise<ListResult<Preset>> {
  return apiRequest(listPath(API_ROUTES.presets.filtered, { ...query }), { schema: listResultSchema(presetSchema) });
}

/** The categories of the presets the user sees; the server leaves out `default` (spec §3). */
export function fetchPresetCategories(type: PresetType): Promise<string[]> {
  return apiRequest(listPath(API_ROUTES.presets.categories, { type }), { schema: z.array(z.string()) });
}

export function fetchPreset(id: string): Promise<Preset> {
  return apiRequest(pathTo(API_ROUTES.presets.byId, { id }), { schema: presetSchema });
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

export function createPreset(preset: NewPreset): Promise<Preset> {
  return apiRequest(API_ROUTES.presets.create, { method: 'POST', body: preset, schema: presetSchema });
}

/** What the preset browser changes on a preset: any of these, at least one. */
export type PresetChanges = Pick<UpdatePresetRequest, 'name' | 'category' | 'settings' | 'isDefault' | 'groupId'>;

export function updatePreset(id: string, changes: PresetChanges): Promise<Preset> {
  return apiRequest(pathTo(API_ROUTES.presets.update, { id }), { method: 'PUT', body: changes, schema: presetSchema });
}

/**
 * A copy of a preset the user sees, theirs to change: the same type, category and settings, named with
 * PRESET_COPY_SUFFIX (the server names it), never a default.
 */
export function copyPreset(source: Pick<Preset, 'id' | 'type'>): Promise<Preset> {
  return apiRequest(API_ROUTES.presets.create, {
    method: 'POST',
    body: { copyOf: source.id, type: source.type },
    schema: presetSchema,
  });
}

/** PUT /preset/{id}/delete (spec §7). */
export async function deletePreset(id: string): Promise<void> {
  await apiRequest(pathTo(API_ROUTES.presets.delete, { id }), { method: 'PUT' });
}
