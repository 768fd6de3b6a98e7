import {
  DEFAULT_TONE_MAPPER,
  ENGINE_CONFIG_DEFAULTS,
  POST_PROCESS_OUT_NAMES,
  POST_PROCESS_PARAMETERS,
} from '@autostudio/protocol';
import { DEFAULT_PAINT, DEFAULT_TRIM } from '../contract/car-catalogue.js';
import { DEFAULT_ENVIRONMENT, ENVIRONMENT_OPTION_DEFAULTS } from './environments.js';
import type { SceneState } from '../contract/scene-state.js';

/** Spec §3 "Post-process parameters" (Gain 1, every other value 0), under their Out names. */
export function defaultPostProcess(): SceneState['postProcess'] {
  const defaults = ENGINE_CONFIG_DEFAULTS.PostProcess;
  const out = Object.fromEntries(
    POST_PROCESS_PARAMETERS.map((name) => [POST_PROCESS_OUT_NAMES[name], structuredClone(defaults[name])]),
  );
  // Every Out name is set just above; Object.fromEntries cannot say so.
  return out as SceneState['postProcess'];
}

const lamp = (on: boolean) => ({ on, intensity: 1 });

/** The scene a fresh engine shows, and the one a released engine returns to. Defaults are the spec's §3. */
export function initialSceneState(viewport: { width: number; height: number }): SceneState {
  const { Camera: camera, Environment: environment } = ENGINE_CONFIG_DEFAULTS;
  const { Hdr: hdr } = environment;
  return {
    car: {
      modelPath: null,
      trim: DEFAULT_TRIM,
      paint: DEFAULT_PAINT,
      doors: { DOOR_FL: 0, DOOR_FR: 0, DOOR_RL: 0, DOOR_RR: 0 },
      lamps: { HeadLamps1: lamp(false), TailLamps1: lamp(false), DRLs: lamp(false), SignatureLEDs: lamp(false) },
    },
    camera: {
      spot: camera.Position,
      // The spec gives the crane's distance; the yaw and pitch are this engine's opening view of the car.
      crane: { yaw: 30, pitch: 10, distance: camera.Crane.ArmLength },
      rail: {
        x: camera.Interior.X,
        y: camera.Interior.Y,
        z: camera.Interior.Z,
        yaw: camera.Interior.Yaw,
        pitch: camera.Interior.Pitch,
      },
      focalLength: camera.FocalLength,
      aperture: camera.Aperture,
      focus: { method: camera.FocusSettings.FocusMethod, distance: camera.FocusSettings.ManualFocusDistance },
      bokeh: { size: camera.Bokeh.Size, shape: camera.Bokeh.Shape },
      compositionGuide: camera.CompositionGuide,
      compositionOpacity: camera.CompositionOpacity,
      compositionImageUrl: null,
    },
    environment: {
      name: DEFAULT_ENVIRONMENT,
      timeOfDay: environment.TimeOfDay,
      sunDirection: environment.SunAzimuth,
      pcg: { ...ENVIRONMENT_OPTION_DEFAULTS },
      backplate: { enabled: environment.Backplate, imageUrl: null },
      hdri: {
        imageUrl: null,
        intensity: hdr.Intensity,
        size: hdr.Size,
        rotation: hdr.Yaw,
        groundSize: hdr.GroundSize,
        resolution: hdr.Resolution,
        lightIntensity: hdr.LightIntensity,
        lightColor: { r: hdr.LightColor.R, g: hdr.LightColor.G, b: hdr.LightColor.B },
      },
    },
    postProcess: defaultPostProcess(),
    customLights: [],
    render: { interactive: false, pathTraceOnIdle: false, toneMapper: DEFAULT_TONE_MAPPER, quality: 'preview' },
    viewport,
  };
}
