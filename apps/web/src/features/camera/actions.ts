import {
  CUSTOM_COMPOSITION_GUIDE,
  CAMERA_FOCAL_LENGTH,
  CAMERA_LIMITS,
  type CAMERA_POSITIONS,
  type CompositionGuideName,
} from '@autostudio/protocol';
import {
  defineEngineAction,
  engineLinkFor,
  keyedActions,
  runEngineAction,
  useEngineStore,
  type CameraSettings,
} from '@/lib/engine';
import type { RemoteApi } from '@/lib/remote-control/remote-api';

export type CameraSpot = (typeof CAMERA_POSITIONS)[number];
export type Crane = CameraSettings['Crane'];
export type Interior = CameraSettings['Interior'];
export type Focus = CameraSettings['FocusSettings'];
export type Bokeh = CameraSettings['Bokeh'];

/** Only the Camera section: a spot switch changes the focal length and the rig the engine drives. */
const readBackCamera = (api: RemoteApi) =>
  useEngineStore.getState().api === api ? useEngineStore.getState().reread(['Camera']) : Promise.resolve();

/**
 * A camera spot (spec §3: choosing one switches the view mode to camera). The lens follows the spot (45 mm outside,
 * 15 mm inside); the engine's own value is read back once it has moved.
 */
export const spotAction = defineEngineAction<CameraSpot>({
  key: 'camera.spot',
  read: (s) => s.Camera.Position,
  write: (s, Position) => ({
    ...s,
    Camera: {
      ...s.Camera,
      Position,
      FocalLength: Position === 'Exterior' ? CAMERA_FOCAL_LENGTH.Exterior : CAMERA_FOCAL_LENGTH.other,
    },
  }),
  send: async (api, Position) => {
    await api.call('Switch to Camera');
    useEngineStore.getState().updateView({ viewMode: 'camera' });
    await api.call('Switch Position', { Position });
  },
  after: readBackCamera,
  failure: 'log',
});

/** The crane's preset properties take absolute values; the engine clamps them as its rig does. */
const CRANE_PROPERTIES = {
  Yaw: 'CameraExteriorYaw',
  Pitch: 'CameraExteriorPitch',
  ArmLength: 'CameraExteriorDistance',
} as const satisfies Record<keyof Crane, string>;

/** Yaw goes round the car (the engine wraps it to ±180°); pitch and arm length stop where the rig stops. */
export const CRANE_RANGES = {
  Yaw: { min: -180, max: 180, step: 1, unit: '°' },
  Pitch: { ...CAMERA_LIMITS.cranePitch, step: 1, unit: '°' },
  ArmLength: { ...CAMERA_LIMITS.craneDistance, step: 10, unit: 'cm' },
} as const satisfies Record<keyof Crane, { min: number; max: number; step: number; unit: string }>;

/** One axis of the exterior crane; an edit holds the engine interactive and releases it after the debounce. */
export const craneAction = keyedActions<number>((axis) => {
  const key = axis as keyof Crane;
  return {
    key: `camera.crane.${key}`,
    read: (s) => s.Camera.Crane[key],
    write: (s, value) => ({ ...s, Camera: { ...s.Camera, Crane: { ...s.Camera.Crane, [key]: value } } }),
    send: (api, value) => api.setPresetProperty(CRANE_PROPERTIES[key], value),
    rigEdit: true,
    failure: 'log',
  };
});

const INTERIOR_FUNCTIONS = {
  X: 'CameraInteriorX',
  Y: 'CameraInteriorY',
  Z: 'CameraInteriorZ',
  Yaw: 'CameraInteriorYaw',
  Pitch: 'CameraInteriorPitch',
} as const satisfies Record<keyof Interior, string>;

const RAIL_AXIS = { ...CAMERA_LIMITS.interiorAxis, step: 0.01, unit: '' } as const;
export const INTERIOR_RANGES = {
  X: RAIL_AXIS,
  Y: RAIL_AXIS,
  Z: RAIL_AXIS,
  Yaw: { min: -180, max: 180, step: 1, unit: '°' },
  Pitch: { ...CAMERA_LIMITS.interiorPitch, step: 1, unit: '°' },
} as const satisfies Record<keyof Interior, { min: number; max: number; step: number; unit: string }>;

/** One axis of the interior rail, through the preset's functions. */
export const interiorAction = keyedActions<number>((axis) => {
  const key = axis as keyof Interior;
  return {
    key: `camera.interior.${key}`,
    read: (s) => s.Camera.Interior[key],
    write: (s, value) => ({ ...s, Camera: { ...s.Camera, Interior: { ...s.Camera.Interior, [key]: value } } }),
    send: (api, Value) => api.callPresetFunction(INTERIOR_FUNCTIONS[key], { Value }),
    rigEdit: true,
    failure: 'log',
  };
});

export const focalLengthAction = defineEngineAction<number>({
  key: 'camera.focalLength',
  read: (s) => s.Camera.FocalLength,
  write: (s, FocalLength) => ({ ...s, Camera: { ...s.Camera, FocalLength } }),
  send: (api, value) => api.writeProperty('CurrentFocalLength', value),
  failure: 'log',
});

export const apertureAction = defineEngineAction<number>({
  key: 'camera.aperture',
  read: (s) => s.Camera.Aperture,
  write: (s, Aperture) => ({ ...s, Camera: { ...s.Camera, Aperture } }),
  send: (api, value) => api.writeProperty('CurrentAperture', value),
  failure: 'log',
});

/** Method and manual distance travel together, as the engine's FocusSettings struct does. */
export const focusAction = defineEngineAction<Focus>({
  key: 'camera.focus',
  read: (s) => s.Camera.FocusSettings,
  write: (s, FocusSettings) => ({ ...s, Camera: { ...s.Camera, FocusSettings } }),
  send: (api, focus) => api.setPresetProperty('FocusSettings', focus),
  failure: 'log',
});

export const bokehAction = defineEngineAction<Bokeh>({
  key: 'camera.bokeh',
  read: (s) => s.Camera.Bokeh,
  write: (s, Bokeh) => ({ ...s, Camera: { ...s.Camera, Bokeh } }),
  send: (api, { Size, Shape }) => api.call('Set Bokeh', { Size, Shape }),
  failure: 'log',
});

/**
 * The chosen guide. The store keeps the choice; the engine shows it only while guides are visible (spec §3
 * compositionGuideVisiblity), so hiding sends None and showing sends the choice again through this same queue.
 */
export const guideAction = defineEngineAction<string>({
  key: 'camera.guide',
  read: (s) => s.Camera.CompositionGuide,
  write: (s, CompositionGuide) => ({ ...s, Camera: { ...s.Camera, CompositionGuide } }),
  send: async (api, guide) => {
    const visible = useEngineStore.getState().view.compositionGuideVisible;
    // The custom guide is an image, not a name the engine takes: showing it again means giving the image again.
    const custom = visible && guide === CUSTOM_COMPOSITION_GUIDE ? await engineLinkFor('guide') : null;
    if (custom) await api.call('ImportandUpdateCompositionGuide', { Url: custom });
    else await api.call('Set Composition Guide', { Value: visible ? guide : 'None' });
  },
  failure: 'log',
});

export function setGuideVisible(visible: boolean): void {
  const store = useEngineStore.getState();
  if (!store.settings) return;
  store.updateView({ compositionGuideVisible: visible });
  runEngineAction(guideAction, store.settings.Camera.CompositionGuide);
}

export const guideOpacityAction = defineEngineAction<number>({
  key: 'camera.guideOpacity',
  read: (s) => s.Camera.CompositionOpacity,
  write: (s, CompositionOpacity) => ({ ...s, Camera: { ...s.Camera, CompositionOpacity } }),
  send: (api, Value) => api.call('Change Composition Opacity', { Value }),
  failure: 'log',
});

/**
 * Idle path tracing is a car config flag, not part of the configuration: the store keeps it for the session (and
 * tells a new engine), this tells the current one. Put back, and only logged, when the engine refuses (spec §8).
 */
export async function setPathTraceOnIdle(on: boolean): Promise<void> {
  const store = useEngineStore.getState();
  const previous = store.pathTraceOnIdle;
  store.setPathTraceOnIdle(on);
  if (!store.api) return;
  try {
    await store.api.writeProperty('switchToPathTraceOnIdle', on);
  } catch (error) {
    console.warn('switchToPathTraceOnIdle could not be set', error);
    useEngineStore.getState().setPathTraceOnIdle(previous);
  }
}

/** How the panel names the guides (spec §3 gives their keys). */
export const GUIDE_LABELS: Record<string, string> = {
  None: 'None',
  GoldenRatio: 'Golden ratio',
  RuleOfThird: 'Rule of thirds',
  Diagonal: 'Diagonal',
  Story: 'Story (9:16)',
  PortraitFeed: 'Portrait feed (4:5)',
  LandscapeFeed: 'Landscape feed (1.91:1)',
  Square: 'Square (1:1)',
} satisfies Record<CompositionGuideName, string>;
