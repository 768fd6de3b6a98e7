import { CAMERA_FOCAL_LENGTH, POST_PROCESS_OUT_NAMES } from '@autostudio/protocol';
import { DEFAULT_PAINT, DEFAULT_TRIM } from '../contract/car-catalogue.js';
import { DEFAULT_ENVIRONMENT, PCG_DEFAULTS } from './environments.js';
import type { SceneState } from '../contract/scene-state.js';

/** Spec §3 "Post-process parameters": Gain is (1, 1, 1, 1), every other Out value 0. */
export function defaultPostProcess(): SceneState['postProcess'] {
  const zero = Object.fromEntries(Object.values(POST_PROCESS_OUT_NAMES).map((out) => [out, 0]));
  // Every Out name is set just above; Object.fromEntries cannot say so.
  return { ...(zero as Omit<SceneState['postProcess'], 'GainOut'>), GainOut: { X: 1, Y: 1, Z: 1, W: 1 } };
}

const lamp = (on: boolean) => ({ on, intensity: 1 });

/** The scene a fresh engine shows, and the one a released engine returns to. Defaults are the spec's §3. */
export function initialSceneState(viewport: { width: number; height: number }): SceneState {
  return {
    car: {
      modelPath: null,
      trim: DEFAULT_TRIM,
      paint: DEFAULT_PAINT,
      doors: { DOOR_FL: 0, DOOR_FR: 0, DOOR_RL: 0, DOOR_RR: 0 },
      lamps: { HeadLamps1: lamp(false), TailLamps1: lamp(false), DRLs: lamp(false), SignatureLEDs: lamp(false) },
    },
    camera: {
      spot: 'Exterior',
      crane: { yaw: 30, pitch: 10, distance: 500 },
      rail: { x: 0.5, y: 0.5, z: 0.5, yaw: 0, pitch: 0 },
      focalLength: CAMERA_FOCAL_LENGTH.Exterior,
      aperture: 2.8,
      focus: { method: 'Tracking', distance: 1000 },
      bokeh: { size: 3, shape: 'None' },
      compositionGuide: 'None',
      compositionOpacity: 0.5,
      compositionImageUrl: null,
    },
    environment: {
      name: DEFAULT_ENVIRONMENT,
      timeOfDay: 'Default',
      sunDirection: 130,
      pcg: { ...PCG_DEFAULTS },
      backplate: { enabled: false, imageUrl: null },
      hdri: {
        imageUrl: null,
        intensity: 2,
        size: 100,
        rotation: 0,
        groundSize: 400,
        resolution: 256,
        lightIntensity: 1,
        // 16777215 = 0xFFFFFF: white.
        lightColor: { r: 255, g: 255, b: 255 },
      },
    },
    postProcess: defaultPostProcess(),
    customLights: [],
    render: { interactive: false, pathTraceOnIdle: false, quality: 'preview' },
    viewport,
  };
}
