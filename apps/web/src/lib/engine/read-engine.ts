import { ENGINE_CONFIG_DEFAULTS, type EngineConfigSettings, type ToneMapperName } from '@autostudio/protocol';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { environmentOptions, trimOptions, type EngineOptions, type EngineSettings } from './engine-settings';

export interface EngineSnapshot {
  settings: EngineSettings;
  options: EngineOptions;
  pathTraceOnIdle: boolean;
  /** Whether the switch above takes effect on this engine; null when the engine does not say (no such property). */
  canPathTraceOnIdle: boolean | null;
  /** The engine's ToneMapper; null when the engine does not say (no such property). */
  toneMapper: ToneMapperName | null;
}

/**
 * Everything the studio shows, read in one parallel batch: the engine's whole configuration and the options it
 * offers. Run on connect and after a call that changes more than itself.
 */
export async function readEngine(api: RemoteApi): Promise<EngineSnapshot> {
  const [
    config,
    trims,
    paints,
    trimPaints,
    environments,
    timesOfDay,
    bokeh,
    pathTraceOnIdle,
    canPathTraceOnIdle,
    toneMapper,
  ] = await Promise.all([
    api.call('Get Current Config'),
    api.call('GetCarOptions'),
    api.call('Get Material Options'),
    api.call('Get Trim Paint Option'),
    api.call('GetEnvironmentOptions'),
    api.call('Get Time Of the Day Options'),
    api.call('Get Bokeh Options'),
    api.readProperty('switchToPathTraceOnIdle'),
    // An Unreal project need not have these two: a refused read means the engine does not say, not that hydration
    // failed.
    api.readProperty('canPathTraceOnIdle').catch(() => null),
    api.readProperty('ToneMapper').catch(() => null),
  ]);
  return {
    settings: fillSettings(config.Settings),
    options: {
      trims: trimOptions(trims),
      paints: paints.MaterialOptions,
      swatches: paints.Swatches ?? {},
      trimPaints: trimPaints.paintOptions,
      environments: environmentOptions(environments),
      timesOfDay: timesOfDay.TODOptions,
      bokehShapes: bokeh.ShapeOptions,
    },
    pathTraceOnIdle,
    canPathTraceOnIdle,
    toneMapper,
  };
}

/** The car's side of a trim switch: its paints, lamps and doors change with it. */
export async function readCar(api: RemoteApi) {
  const [config, paints] = await Promise.all([api.call('Get Current Config'), api.call('Get Material Options')]);
  const settings = fillSettings(config.Settings);
  return {
    settings: {
      Trim: settings.Trim,
      Paint: settings.Paint,
      Lights: settings.Lights,
      ConfigureValues: settings.ConfigureValues,
    },
    paints: paints.MaterialOptions,
    swatches: paints.Swatches ?? {},
  };
}

/** Reads the whole configuration again, filled in (for sections a call changed besides its own value). */
export async function readSettings(api: RemoteApi): Promise<EngineSettings> {
  return fillSettings((await api.call('Get Current Config')).Settings);
}

/**
 * The engine answers every section; an engine that leaves one out (a car without paint has no Paint) still gives
 * the panels something to show, from the spec's defaults (§3).
 */
export function fillSettings(given: EngineConfigSettings): EngineSettings {
  const defaults = ENGINE_CONFIG_DEFAULTS;
  const camera = given.Camera ?? {};
  const environment = given.Environment ?? {};
  const post = given.PostProcess ?? {};
  return {
    Trim: given.Trim ?? '',
    Paint: given.Paint ?? '',
    Lights: Object.fromEntries(
      Object.entries(given.Lights ?? {}).map(([name, lamp]) => [
        name,
        { OnOff: lamp.OnOff, Intensity: lamp.Intensity ?? 1 },
      ]),
    ),
    ConfigureValues: given.ConfigureValues ?? {},
    Camera: {
      ...defaults.Camera,
      ...camera,
      Crane: { ...defaults.Camera.Crane, ...camera.Crane },
      Interior: { ...defaults.Camera.Interior, ...camera.Interior },
      FocusSettings: { ...defaults.Camera.FocusSettings, ...camera.FocusSettings },
      Bokeh: { ...defaults.Camera.Bokeh, ...camera.Bokeh },
    },
    Environment: {
      ...defaults.Environment,
      Path: '',
      PCG: {},
      ...environment,
      Hdr: { ...defaults.Environment.Hdr, ...environment.Hdr },
    },
    PostProcess: { ...defaults.PostProcess, ...post, Gain: { ...defaults.PostProcess.Gain, ...post.Gain } },
    CustomLights: given.CustomLights ?? [],
  };
}
