import { FAILURE_TOASTS, postProcessInSchema, type PostProcessValues, type Preset } from '@autostudio/protocol';
import { useEngineStore } from '@/lib/engine';
import { fetchPreset } from '@/api/presets';

/** A post-process preset's values; an error naming the preset when its settings are not a look. */
export function lookOf(preset: Preset): PostProcessValues {
  let json: unknown;
  try {
    json = JSON.parse(preset.settings);
  } catch {
    throw new Error(`The preset “${preset.name}” has no valid settings`);
  }
  const parsed = postProcessInSchema.safeParse(json);
  if (!parsed.success) throw new Error(`The preset “${preset.name}” has no valid settings`);
  return parsed.data;
}

/** Puts a preset's look on the engine in one PostProcessLite call, then reads the look back into the panel. */
export async function applyPreset(preset: Preset): Promise<void> {
  const values = lookOf(preset);
  const { api, reread } = useEngineStore.getState();
  if (!api) throw new Error(FAILURE_TOASTS.updateVisualizationEngine);
  await api.call('PostProcessLite', values);
  if (useEngineStore.getState().api === api) await reread(['PostProcess']);
}

/** The preset could not be read from the server (gone, no longer shared, or the server unreachable). */
export class PresetFetchError extends Error {
  override name = 'PresetFetchError';
}

/**
 * Applies the preset as it is stored now, not as the list read it: its owner may have changed it since
 * (GET /preset/id/{id}). A failed read is a PresetFetchError, apart from the engine's refusals.
 */
export async function applyLatest(preset: Pick<Preset, 'id'>): Promise<void> {
  let latest: Preset;
  try {
    latest = await fetchPreset(preset.id);
  } catch (error) {
    throw new PresetFetchError(FAILURE_TOASTS.fetchPreset, { cause: error });
  }
  await applyPreset(latest);
}

/** The look the engine shows now, as a preset stores it. */
export function currentLook(): PostProcessValues {
  const look = useEngineStore.getState().settings?.PostProcess;
  if (!look) throw new Error('The engine has not been read yet');
  return look;
}
