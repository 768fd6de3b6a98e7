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
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { listPath } from '@/lib/list-query';

export type PresetFilter = 'type' | 'category';

export function listPresets(params: ListParams<PresetFilter>, signal?: AbortSignal): Promise<ListResult<Preset>> {
  return apiRequest(listPath(API_ROUTES.presets.filtered, listCallQuery(params)), {
    schema: listResultSchema(presetSchema),
    ...(signal ? { signal } : {}),
  });
}

/** The categories in use (the hidden `default` one left out by the server), of one type or of both. */
export function presetCategories(type: PresetType | '', signal?: AbortSignal): Promise<string[]> {
  return apiRequest(listPath(API_ROUTES.presets.categories, { type }), {
    schema: z.array(z.string()),
    ...(signal ? { signal } : {}),
  });
}

export function updatePreset(id: string, body: UpdatePresetRequest): Promise<Preset> {
  return apiRequest(pathTo(API_ROUTES.presets.update, { id }), { method: 'PUT', body, schema: presetSchema });
}

/** A copy of the preset, the administrator's own, named by the server with the spec's suffix. */
export function copyPreset(preset: Preset): Promise<Preset> {
  return apiRequest(API_ROUTES.presets.create, {
    method: 'POST',
    body: { type: preset.type, copyOf: preset.id },
    schema: presetSchema,
  });
}

export function deletePreset(id: string): Promise<void> {
  return apiRequest(pathTo(API_ROUTES.presets.delete, { id }), { method: 'PUT' });
}
