import {
  ENGINE_CONFIG_DEFAULTS,
  FAILURE_TOASTS,
  TONE_MAPPERS,
  type PostProcessParameter,
  type ToneMapperName,
} from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import { keyedActions, useEngineStore, type EngineSettings } from '@/lib/engine';

/** Spec §8: a look that does not reach the engine says so in the spec's words. */
const failure = { toast: FAILURE_TOASTS.updateVisualizationEngine } as const;

/** The nine single-number post-process values (Gain is a colour vector of four). */
export type LookValue = Exclude<PostProcessParameter, 'Gain'>;
export type GainChannel = keyof EngineSettings['PostProcess']['Gain'];
export const GAIN_CHANNELS: readonly GainChannel[] = ['X', 'Y', 'Z', 'W'];

/** One post-process value; PostProcessLite takes any subset, so each slider sends only its own. */
export const lookAction = keyedActions<number>((name) => {
  const value = name as LookValue;
  return {
    key: `look.${value}`,
    read: (s) => s.PostProcess[value],
    write: (s, next) => ({ ...s, PostProcess: { ...s.PostProcess, [value]: next } }),
    send: (api, next) => api.call('PostProcessLite', { [value]: next }),
    failure,
  };
});

/** One channel of Gain (X, Y, Z tint red, green, blue; W scales all three); a partial Gain keeps the others. */
export const gainAction = keyedActions<number>((name) => {
  const channel = name as GainChannel;
  return {
    key: `look.gain.${channel}`,
    read: (s) => s.PostProcess.Gain[channel],
    write: (s, next) => ({
      ...s,
      PostProcess: { ...s.PostProcess, Gain: { ...s.PostProcess.Gain, [channel]: next } },
    }),
    send: (api, next) => api.call('PostProcessLite', { Gain: { [channel]: next } }),
    failure,
  };
});

/** Spec §3's defaults, for a label's double-click reset. */
export const LOOK_DEFAULTS = ENGINE_CONFIG_DEFAULTS.PostProcess;

/**
 * Back to the defaults: the engine resets itself (Gain 1, everything else 0), and the panel shows what it then
 * reports rather than assuming the defaults, so the two cannot disagree. The tone mapper is not part of the
 * post-process values and stays as chosen.
 */
export async function resetLook(): Promise<void> {
  const { api, reread } = useEngineStore.getState();
  if (!api) return;
  try {
    await api.call('ResetPostProcessLite');
    if (useEngineStore.getState().api === api) await reread(['PostProcess']);
  } catch (error) {
    console.warn('Engine action look.reset failed', error);
    toast.error(FAILURE_TOASTS.updateVisualizationEngine);
  }
}

/** The tone mappers by the names the engine gives them. */
export const TONE_MAPPER_OPTIONS = TONE_MAPPERS.map((value) => ({ value, label: value }));

/**
 * The engine's ToneMapper property, which is not part of the configuration: shown at once, put back and said in
 * the spec's words (§8) when the engine refuses. A later choice that is still on its way is not undone.
 */
export async function setToneMapper(toneMapper: ToneMapperName): Promise<void> {
  const { api, toneMapper: previous, setToneMapper: show } = useEngineStore.getState();
  if (!api || previous === null || previous === toneMapper) return;
  show(toneMapper);
  try {
    await api.writeProperty('ToneMapper', toneMapper);
  } catch (error) {
    console.warn('Engine action look.toneMapper failed', error);
    const now = useEngineStore.getState();
    if (now.api === api && now.toneMapper === toneMapper) now.setToneMapper(previous);
    toast.error(FAILURE_TOASTS.updateVisualizationEngine);
  }
}

interface SliderRange {
  label: string;
  min: number;
  max: number;
  step: number;
  unit?: string;
}

/**
 * How far each value goes, read from what the reference engine's grading does with it: exposure is in stops
 * (×2^value), temperature and tint shift the channels by 20 % and 10 % a unit, saturation, contrast and gamma are
 * offsets from 1 that stop meaning anything below −1, vignette is clamped to 0–1, bloom is a glow weight.
 */
export const LOOK_RANGES: Record<LookValue, SliderRange> = {
  TemperatureTemp: { label: 'Temperature', min: -1, max: 1, step: 0.01 },
  TemperatureTint: { label: 'Tint', min: -1, max: 1, step: 0.01 },
  ExposureCompensation: { label: 'Exposure', min: -4, max: 4, step: 0.1, unit: 'EV' },
  GlobalContrast: { label: 'Contrast', min: -0.9, max: 1, step: 0.01 },
  GlobalGamma: { label: 'Gamma', min: -0.9, max: 1, step: 0.01 },
  GlobalSaturation: { label: 'Saturation', min: -1, max: 1, step: 0.01 },
  Bloom_Intensity: { label: 'Bloom', min: 0, max: 8, step: 0.1 },
  VignetteIntensity: { label: 'Vignette', min: 0, max: 1, step: 0.01 },
  Offset: { label: 'Offset', min: -0.2, max: 0.2, step: 0.005 },
};

export const GAIN_RANGE = { min: 0, max: 2, step: 0.01 } as const;
/** Gain's channels as the shader uses them: X, Y, Z multiply red, green and blue, W all three. */
export const GAIN_LABELS: Record<GainChannel, string> = { X: 'X · red', Y: 'Y · green', Z: 'Z · blue', W: 'W · all' };

/** The look's groups, as a colourist reads them. */
export const LOOK_GROUPS: readonly { id: string; title: string; values: readonly LookValue[] }[] = [
  { id: 'look.white-balance', title: 'White balance', values: ['TemperatureTemp', 'TemperatureTint'] },
  {
    id: 'look.tone',
    title: 'Tone',
    values: ['ExposureCompensation', 'GlobalContrast', 'GlobalGamma', 'GlobalSaturation'],
  },
  { id: 'look.effects', title: 'Effects', values: ['Bloom_Intensity', 'VignetteIntensity'] },
];
