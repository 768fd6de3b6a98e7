import { CAMERA_LIMITS, type EnginePropertyName, type EnginePropertyValue } from '@autostudio/protocol';
import type { SceneState } from '../contract/scene-state.js';
import { EngineError } from './engine-error.js';
import { clamp, wrapDegrees, type SceneCore } from './scene-core.js';

/** Values for any of the properties, by name; the scene writes those given. */
export type PropertyValues = { [Name in EnginePropertyName]?: EnginePropertyValue<Name> };

/** How one property reads from and writes to the scene state (or, read-only, reports what the engine can do). */
interface PropertyEntry<Name extends EnginePropertyName> {
  get(state: SceneState, core: SceneCore): EnginePropertyValue<Name>;
  set(state: SceneState, value: EnginePropertyValue<Name>): void;
}

/** The catalogue refuses writes to read-only properties before they get here; this is a programming error. */
const readOnly = (name: string) => () => {
  throw new EngineError(`Error while trying to modify property ${name}: it is read-only`);
};

/** Every catalogue property, read and written in one place: a property without an entry does not compile. */
const PROPERTIES: { [Name in EnginePropertyName]: PropertyEntry<Name> } = {
  CameraExteriorYaw: {
    get: (s) => s.camera.crane.yaw,
    set: (s, v) => {
      s.camera.crane.yaw = wrapDegrees(v);
    },
  },
  CameraExteriorPitch: {
    get: (s) => s.camera.crane.pitch,
    set: (s, v) => {
      s.camera.crane.pitch = clamp(v, CAMERA_LIMITS.cranePitch);
    },
  },
  CameraExteriorDistance: {
    get: (s) => s.camera.crane.distance,
    set: (s, v) => {
      s.camera.crane.distance = clamp(v, CAMERA_LIMITS.craneDistance);
    },
  },
  FocusSettings: {
    get: (s) => ({ FocusMethod: s.camera.focus.method, ManualFocusDistance: s.camera.focus.distance }),
    set: (s, v) => {
      if (v.FocusMethod) s.camera.focus.method = v.FocusMethod;
      if (v.ManualFocusDistance !== undefined) s.camera.focus.distance = v.ManualFocusDistance;
    },
  },
  CurrentFocalLength: {
    get: (s) => s.camera.focalLength,
    set: (s, v) => {
      s.camera.focalLength = v;
    },
  },
  CurrentAperture: {
    get: (s) => s.camera.aperture,
    set: (s, v) => {
      s.camera.aperture = v;
    },
  },
  switchToPathTraceOnIdle: {
    get: (s) => s.render.pathTraceOnIdle,
    set: (s, v) => {
      s.render.pathTraceOnIdle = v;
    },
  },
  ToneMapper: {
    get: (s) => s.render.toneMapper,
    set: (s, v) => {
      s.render.toneMapper = v;
    },
  },
  // The answer Unreal's project would give from its own Blueprint: here, whether the page path traces when idle (a GPU,
  // or `--path-tracing on`), so that a client can say why the switch does nothing without knowing which engine it has.
  canPathTraceOnIdle: {
    get: (_s, core) => core.pathTracing !== 'off' && core.renderer.canPathTrace(),
    set: readOnly('canPathTraceOnIdle'),
  },
  HdrIntensity: {
    get: (s) => s.environment.hdri.intensity,
    set: (s, v) => {
      s.environment.hdri.intensity = v;
    },
  },
  HdrSize: {
    get: (s) => s.environment.hdri.size,
    set: (s, v) => {
      s.environment.hdri.size = v;
    },
  },
  HdrYaw: {
    get: (s) => s.environment.hdri.rotation,
    set: (s, v) => {
      s.environment.hdri.rotation = v;
    },
  },
  HdrGroundSize: {
    get: (s) => s.environment.hdri.groundSize,
    set: (s, v) => {
      s.environment.hdri.groundSize = v;
    },
  },
  HdrResolution: {
    get: (s) => s.environment.hdri.resolution,
    set: (s, v) => {
      s.environment.hdri.resolution = v;
    },
  },
  HdrLightIntensity: {
    get: (s) => s.environment.hdri.lightIntensity,
    set: (s, v) => {
      s.environment.hdri.lightIntensity = v;
    },
  },
  HdrLightColor: {
    get: (s) => {
      const { r, g, b } = s.environment.hdri.lightColor;
      return { R: r, G: g, B: b };
    },
    set: (s, v) => {
      s.environment.hdri.lightColor = { r: v.R, g: v.G, b: v.B };
    },
  },
};

export function readProperty<Name extends EnginePropertyName>(core: SceneCore, name: Name): EnginePropertyValue<Name> {
  const entry: PropertyEntry<Name> = PROPERTIES[name];
  return entry.get(core.state, core);
}

export function writeProperty<Name extends EnginePropertyName>(
  state: SceneState,
  name: Name,
  value: EnginePropertyValue<Name>,
): void {
  const entry: PropertyEntry<Name> = PROPERTIES[name];
  entry.set(state, value);
}

/** Writes the properties given, leaving the others alone. */
export function writeProperties(state: SceneState, values: PropertyValues): void {
  for (const name of Object.keys(values) as EnginePropertyName[]) {
    const value = values[name];
    if (value !== undefined) writeProperty(state, name, value);
  }
}
