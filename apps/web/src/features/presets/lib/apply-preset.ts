import { FAILURE_TOASTS, postProcessInSchema, type PostProcessValues, type Preset } from '@autostudio/protocol';
import { useEngineStore } from '@/lib/engine';

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

/** The look the engine shows now, as a preset stores it. */
export function currentLook(): PostProcessValues {
  const look = useEngineStore.getState().settings?.PostProcess;
  if (!look) throw new Error('The engine has not been read yet');
  return look;
}
