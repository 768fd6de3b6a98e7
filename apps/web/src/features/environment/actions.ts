import {
  ENGINE_PRESET,
  TIMES_OF_DAY_WITH_CAR_LIGHTS,
  TIME_OF_DAY_LAMP_INTENSITY,
  type PresetPropertyLabel,
} from '@autostudio/protocol';
import {
  defineEngineAction,
  keyedActions,
  useEngineStore,
  type EngineSettings,
  type EnvironmentSettings,
} from '@/lib/engine';

const environmentOf = (s: EngineSettings, change: Partial<EnvironmentSettings>) => ({
  ...s,
  Environment: { ...s.Environment, ...change },
});

/** An environment by name; the engine loads it by path and brings its own scatter and sky, so they are read back. */
export const environmentAction = defineEngineAction<string>({
  key: 'environment.path',
  read: (s) => s.Environment.Path,
  write: (s, Path) => environmentOf(s, { Path }),
  send: (api, name) => {
    const option = useEngineStore.getState().options.environments.find((env) => env.name === name);
    return api.call('LoadEnvironmentbyPath', { Path: option?.path ?? name });
  },
  after: async () => {
    await useEngineStore.getState().reread(['Environment']);
  },
  failure: 'log',
});

/**
 * Spec §4: Dawn, Sunrise, Sunset, Evening and Night turn every car lamp on at intensity 1, any other time turns
 * them off. Lamps the trim lacks are not in the settings, so they are skipped (spec §5).
 */
export function lampsForTimeOfDay(timeOfDay: string, lights: EngineSettings['Lights']): EngineSettings['Lights'] {
  const on = (TIMES_OF_DAY_WITH_CAR_LIGHTS as readonly string[]).some(
    (time) => time.toLowerCase() === timeOfDay.toLowerCase(),
  );
  return Object.fromEntries(
    Object.keys(lights).map((name) => [name, { OnOff: on, Intensity: TIME_OF_DAY_LAMP_INTENSITY }]),
  );
}

export const timeOfDayAction = defineEngineAction<string>({
  key: 'environment.timeOfDay',
  read: (s) => s.Environment.TimeOfDay,
  write: (s, TimeOfDay) => ({ ...environmentOf(s, { TimeOfDay }), Lights: lampsForTimeOfDay(TimeOfDay, s.Lights) }),
  send: async (api, timeOfDay) => {
    await api.call('Set Time Of the Day', { Value: timeOfDay });
    const lamps = lampsForTimeOfDay(timeOfDay, useEngineStore.getState().settings?.Lights ?? {});
    await Promise.all(
      Object.entries(lamps).map(([LightName, lamp]) => api.call('CarLightTurnOnOff', { LightName, ...lamp })),
    );
  },
  after: async () => {
    await useEngineStore.getState().reread(['Environment', 'Lights']);
  },
  failure: 'log',
});

export const sunAction = defineEngineAction<number>({
  key: 'environment.sun',
  read: (s) => s.Environment.SunAzimuth,
  write: (s, SunAzimuth) => environmentOf(s, { SunAzimuth }),
  send: (api, Value) => api.call('Set Sun Azimuth Angle', { Value }),
  failure: 'log',
});

/** A scatter density of the current environment (PCG sliders, 0–1). */
export const pcgAction = keyedActions<number>((name) => ({
  key: `environment.pcg.${name}`,
  read: (s) => s.Environment.PCG[name] ?? 0,
  write: (s, value) => environmentOf(s, { PCG: { ...s.Environment.PCG, [name]: value } }),
  send: (api, value) => api.call('SetPCG', { [name]: value }),
  failure: 'log',
}));

export const backplateAction = defineEngineAction<boolean>({
  key: 'environment.backplate',
  read: (s) => s.Environment.Backplate,
  write: (s, Backplate) => environmentOf(s, { Backplate }),
  send: (api, Value) => api.call('ToggleBackplateSwitch', { Value }),
  failure: 'log',
});

type Hdr = EnvironmentSettings['Hdr'];

/** The HDRI backdrop's settings are the preset's Hdr… properties (spec §7), each named without the prefix here. */
export const hdrAction = keyedActions<Hdr[keyof Hdr]>((field) => ({
  key: `environment.hdr.${field}`,
  read: (s) => s.Environment.Hdr[field as keyof Hdr],
  write: (s, value) => environmentOf(s, { Hdr: { ...s.Environment.Hdr, [field]: value } }),
  send: (api, value) => api.setPresetProperty(hdrLabel(field), value),
  failure: 'log',
}));

function hdrLabel(field: string): PresetPropertyLabel {
  const label = `Hdr${field}`;
  const bound = ENGINE_PRESET.properties.find((property) => property.label === label);
  if (!bound) throw new Error(`The preset has no ${label}`);
  return bound.label;
}
