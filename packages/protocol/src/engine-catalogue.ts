import { z } from 'zod';
import { REMOTE_CONTROL } from './constants.js';

/**
 * The engine function catalogue: the objects a configurator drives through Unreal's Remote Control API, every
 * function of spec §7 "Engine function names and parameters" with its exact name, parameters and return shape,
 * the properties the objects expose and the preset `NewRemoteControlPreset` that publishes some of them.
 * One source of truth: the reference engine serves exactly this, and clients build calls from it.
 *
 * Names are the spec's, spelling included (`CameraRigCraneControll`, `curentIndex`, `Get Time Of the Day Options`).
 */

/** Where the reference engine's level lives; an Unreal project exposes the same actors under its own map. */
const LEVEL = '/Game/Autostudio/Maps/Showroom.Showroom:PersistentLevel';

export const ENGINE_OBJECT_PATHS = {
  /** The car and its world: trims, paints, lamps, model loading, environment, backdrop, sequences, downloads. */
  car: `${LEVEL}.BP_Car_C_1`,
  camera: `${LEVEL}.BP_CameraManager_C_1`,
  postProcess: `${LEVEL}.BP_PostProcessLite_C_1`,
  light: `${LEVEL}.BP_LightManager_C_1`,
  carStateManager: `${LEVEL}.BP_CarStateManager_C_1`,
} as const;
export type EngineObjectKey = keyof typeof ENGINE_OBJECT_PATHS;

/** The Blueprint class each object reports through /remote/object/describe. */
export const ENGINE_OBJECT_CLASSES: Record<EngineObjectKey, string> = {
  car: '/Game/Autostudio/Blueprints/BP_Car.BP_Car_C',
  camera: '/Game/Autostudio/Blueprints/BP_CameraManager.BP_CameraManager_C',
  postProcess: '/Game/Autostudio/Blueprints/BP_PostProcessLite.BP_PostProcessLite_C',
  light: '/Game/Autostudio/Blueprints/BP_LightManager.BP_LightManager_C',
  carStateManager: '/Game/Autostudio/Blueprints/BP_CarStateManager.BP_CarStateManager_C',
};

export const ENGINE_PRESET_PATH = '/Game/Autostudio/RemoteControl/NewRemoteControlPreset.NewRemoteControlPreset';

/** The remote config of spec §3 with its defaults (spec §9: instance localhost:30010, preset NewRemoteControlPreset). */
export const remoteConfigSchema = z.object({
  basePath: z.string(),
  instanceId: z.string(),
  presetName: z.string(),
  objectPath: z.string(),
  cameraPath: z.string(),
  postProcessingPath: z.string(),
  lightPath: z.string(),
  carStateManagerPath: z.string(),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;

export const REMOTE_CONFIG_DEFAULTS: RemoteConfig = {
  basePath: `http://${REMOTE_CONTROL.defaultInstanceId}/remote`,
  instanceId: REMOTE_CONTROL.defaultInstanceId,
  presetName: REMOTE_CONTROL.defaultPresetName,
  objectPath: ENGINE_OBJECT_PATHS.car,
  cameraPath: ENGINE_OBJECT_PATHS.camera,
  postProcessingPath: ENGINE_OBJECT_PATHS.postProcess,
  lightPath: ENGINE_OBJECT_PATHS.light,
  carStateManagerPath: ENGINE_OBJECT_PATHS.carStateManager,
};

// ---- shared shapes ----

const empty = z.object({});
const value = (schema: z.ZodType) => z.object({ Value: schema });
const vector4 = z.object({ X: z.number(), Y: z.number(), Z: z.number(), W: z.number() });
const linearColor = z.object({ R: z.number(), G: z.number(), B: z.number() });

export const LIGHT_TYPES = ['point', 'rect', 'spot'] as const;

export const lightColorSchema = z.object({ R: z.number(), G: z.number(), B: z.number(), A: z.number() });

/** A custom light as the light manager reports it (spec §3 "Light" and "Light position"). */
export const lightDataSchema = z.object({
  ID: z.number().int(),
  LightType: z.enum(LIGHT_TYPES),
  LightColor: lightColorSchema,
  Intensity: z.number(),
  AttenuationRadius: z.number(),
  SourceRadius: z.number(),
  SourceLength: z.number(),
  SoftRadius: z.number(),
  InnerAngle: z.number(),
  OutterAngle: z.number(),
  Width: z.number(),
  Height: z.number(),
  BarnAngle: z.number(),
  BarnLegth: z.number(),
  Yaw: z.number(),
  Pitch: z.number(),
  Radius: z.number(),
  X: z.number(),
  Y: z.number(),
  Z: z.number(),
});
export type LightData = z.infer<typeof lightDataSchema>;

/** Light settings a caller may change; LightType is checked against the light's own type. */
const lightSettingsSchema = z.object({
  ID: z.number().int(),
  LightType: z.string().optional(),
  LightColor: lightColorSchema.partial().optional(),
  Intensity: z.number().min(0).optional(),
  AttenuationRadius: z.number().min(0).optional(),
  SourceRadius: z.number().min(0).optional(),
  SourceLength: z.number().min(0).optional(),
  SoftRadius: z.number().min(0).optional(),
  InnerAngle: z.number().min(0).optional(),
  OutterAngle: z.number().min(0).optional(),
  Width: z.number().min(0).optional(),
  Height: z.number().min(0).optional(),
  BarnAngle: z.number().min(0).optional(),
  BarnLegth: z.number().min(0).optional(),
});

const lightMovementSchema = z.object({
  ID: z.number().int(),
  Yaw: z.number().optional(),
  Pitch: z.number().optional(),
  Radius: z.number().min(0).optional(),
  X: z.number().optional(),
  Y: z.number().optional(),
  Z: z.number().optional(),
});

/** A car lamp as CarLightTurnOnOff takes it. */
const carLightSchema = z.object({ LightName: z.string(), OnOff: z.boolean(), Intensity: z.number().min(0).optional() });

const cameraPositionSchema = z.enum(['Exterior', 'Interior']);
const bokehSchema = z.object({ Size: z.number().min(0), Shape: z.string() });
const compositionOpacitySchema = z.number().min(0).max(1);
const focusSettingsSchema = z.object({
  FocusMethod: z.enum(['Tracking', 'Manual', 'Disable']).optional(),
  ManualFocusDistance: z.number().positive().optional(),
});
const pcgDensitySchema = z.number().min(0).max(1);

/** The HDRI backdrop's properties, named without their `Hdr` prefix. */
const hdrSchema = z.object({
  Intensity: z.number().min(0),
  Size: z.number().min(1),
  Yaw: z.number(),
  GroundSize: z.number().min(0),
  Resolution: z.number().int().positive(),
  LightIntensity: z.number().min(0),
  LightColor: linearColor,
});

export const environmentConfigOptionSchema = z.object({
  name: z.string(),
  label: z.string(),
  group: z.string(),
  updateFunction: z.string(),
  value: z.number(),
  valueConfig: z.object({ min: z.number(), max: z.number(), step: z.number() }),
  type: z.literal('slider'),
});

/** Spec §3 "Environment option". */
export const environmentOptionSchema = z.object({
  name: z.string(),
  label: z.string(),
  path: z.string(),
  category: z.enum(['Outdoor', 'Indoor']),
  isOutdoor: z.boolean(),
  isCustomBackPlate: z.boolean(),
  isDefault: z.boolean(),
  id: z.string(),
  region: z.string().optional(),
  environmentConfigOptions: z.array(environmentConfigOptionSchema),
});
export type EnvironmentOption = z.infer<typeof environmentOptionSchema>;

/** Spec §3 post-process names; the setter takes them, the getter answers their Out-suffixed forms. */
export const POST_PROCESS_PARAMETERS = [
  'TemperatureTemp',
  'TemperatureTint',
  'GlobalSaturation',
  'GlobalContrast',
  'GlobalGamma',
  'Bloom_Intensity',
  'ExposureCompensation',
  'VignetteIntensity',
  'Gain',
  'Offset',
] as const;
export const POST_PROCESS_OUT_NAMES = {
  TemperatureTemp: 'TemperatureTempOut',
  TemperatureTint: 'TemperatureTintOut',
  GlobalSaturation: 'GlobalSaturationOut',
  GlobalContrast: 'GlobalContrastOut',
  GlobalGamma: 'GlobalGammaOut',
  Bloom_Intensity: 'BloomIntensityOut',
  ExposureCompensation: 'ExposureCompensationOut',
  VignetteIntensity: 'VignetteIntensityOut',
  Gain: 'GainOut',
  Offset: 'OffsetOut',
} as const satisfies Record<(typeof POST_PROCESS_PARAMETERS)[number], string>;

const postProcessOut = z.object({
  TemperatureTempOut: z.number(),
  TemperatureTintOut: z.number(),
  GlobalSaturationOut: z.number(),
  GlobalContrastOut: z.number(),
  GlobalGammaOut: z.number(),
  BloomIntensityOut: z.number(),
  ExposureCompensationOut: z.number(),
  VignetteIntensityOut: z.number(),
  GainOut: vector4,
  OffsetOut: z.number(),
});

const postProcessIn = z.object({
  TemperatureTemp: z.number().optional(),
  TemperatureTint: z.number().optional(),
  GlobalSaturation: z.number().optional(),
  GlobalContrast: z.number().optional(),
  GlobalGamma: z.number().optional(),
  Bloom_Intensity: z.number().optional(),
  ExposureCompensation: z.number().optional(),
  VignetteIntensity: z.number().optional(),
  Gain: vector4.partial().optional(),
  Offset: z.number().optional(),
});

/** One keyframe of a sequence: its time (frames at 24 fps) plus crane values (spec §3 "Frame"). */
export const sequenceKeyframeSchema = z.object({
  time: z.number().min(0),
  yaw: z.number().optional(),
  pitch: z.number().optional(),
  distance: z.number().optional(),
});

export const DOWNLOAD_STATUSES = ['Idle', 'Downloading', 'Extracting', 'Completed', 'Failed'] as const;

/** What `Get Download Status` answers; the product load polls it. */
export const downloadStatusSchema = z.object({
  Status: z.enum(DOWNLOAD_STATUSES),
  Percentage: z.number().min(0).max(100),
  BytesReceived: z.number(),
  TotalBytes: z.number(),
  Path: z.string(),
  Error: z.string(),
});

/**
 * A custom light in a configuration: light data as GetCustomEnvironmentalLightInfo answers it, of which only ID and
 * LightType are needed. LightType is any string so that a bad one gets the spec's "Invalid light type".
 */
const configLightSchema = z.strictObject({
  ...lightSettingsSchema.shape,
  ...lightMovementSchema.shape,
  ID: z.number().int().min(0),
  LightType: z.string(),
});

/**
 * What `Update New Config` applies: a whole saved configuration, every section and field optional, applied in this
 * order and all or nothing. Keys the schema does not know are refused: a misspelt section must not be a silent no-op.
 */
export const engineConfigSettingsSchema = z.strictObject({
  /** A trim name, as GetCarOptions lists it. */
  Trim: z.string().optional(),
  /** A paint key or display name offered on the trim. */
  Paint: z.string().optional(),
  /** Lamp name (HeadLamps1, TailLamps1, DRLs, SignatureLEDs) → on or off, at an intensity. */
  Lights: z.record(z.string(), z.strictObject(carLightSchema.omit({ LightName: true }).shape)).optional(),
  /** Configure value name (DOOR_FL…DOOR_RR) → value, clamped to 0–50. */
  ConfigureValues: z.record(z.string(), z.number()).optional(),
  Camera: z
    .strictObject({
      Position: cameraPositionSchema.optional(),
      /** Absolute crane values, clamped like the rig (CameraExterior… properties). */
      Crane: z
        .strictObject({ Yaw: z.number().optional(), Pitch: z.number().optional(), ArmLength: z.number().optional() })
        .optional(),
      /** Absolute interior rail values, clamped like the rig (CameraInterior… functions). */
      Interior: z
        .strictObject({
          X: z.number().optional(),
          Y: z.number().optional(),
          Z: z.number().optional(),
          Yaw: z.number().optional(),
          Pitch: z.number().optional(),
        })
        .optional(),
      FocalLength: z.number().positive().optional(),
      Aperture: z.number().positive().optional(),
      FocusSettings: z.strictObject(focusSettingsSchema.shape).optional(),
      Bokeh: z.strictObject(bokehSchema.partial().shape).optional(),
      CompositionGuide: z.string().optional(),
      CompositionOpacity: compositionOpacitySchema.optional(),
    })
    .optional(),
  Environment: z
    .strictObject({
      /** An environment's path or name, as LoadEnvironmentbyPath takes it. */
      Path: z.string().optional(),
      TimeOfDay: z.string().optional(),
      SunAzimuth: z.number().optional(),
      /** Scatter option name (GrassDensity…) → density. */
      PCG: z.record(z.string(), pcgDensitySchema).optional(),
      Backplate: z.boolean().optional(),
      Hdr: z.strictObject(hdrSchema.partial().shape).optional(),
    })
    .optional(),
  PostProcess: z.strictObject(postProcessIn.shape).optional(),
  /** Replaces every custom light; each keeps its ID, which must be unique. */
  CustomLights: z.array(configLightSchema).optional(),
});
export type EngineConfigSettings = z.infer<typeof engineConfigSettingsSchema>;

// ---- functions ----

export interface EngineFunctionSpec {
  object: EngineObjectKey;
  /** Exact Unreal function name, spaces included. */
  name: string;
  description: string;
  parameters: z.ZodObject;
  /** Only the return value and out parameters (void → {}). */
  returns: z.ZodObject;
}

const fn = (
  object: EngineObjectKey,
  name: string,
  description: string,
  parameters: z.ZodObject,
  returns: z.ZodObject = empty,
): EngineFunctionSpec => ({ object, name, description, parameters, returns });

export const ENGINE_FUNCTIONS: EngineFunctionSpec[] = [
  // Car
  fn(
    'car',
    'GetCarOptions',
    'The trims of the loaded car and the index of the current one.',
    empty,
    z.object({ options: z.array(z.string()), curentIndex: z.number().int() }),
  ),
  fn(
    'car',
    'Get Material Options',
    'Paints offered on the current trim (lower-cased keys) and the current paint.',
    empty,
    z.object({ Current: z.string(), MaterialOptions: z.array(z.string()) }),
  ),
  fn(
    'car',
    'Get Trim Paint Option',
    'The current trim and, per trim, the paints it offers.',
    empty,
    z.object({ current: z.string(), paintOptions: z.record(z.string(), z.array(z.string())) }),
  ),
  fn(
    'car',
    'Update Car Material',
    'Applies a paint offered on the current trim, or switches to the trim of that name.',
    z.object({ MaterialToSet: z.string().min(1) }),
  ),
  fn('car', 'CarLightTurnOnOff', 'Turns a lamp group on or off at an intensity.', carLightSchema),
  fn(
    'car',
    'LoadCarByPath',
    "Loads a GLB or glTF from the engine's folder (a path Get Download Status reported); empty Path: the built-in car.",
    z.object({ Path: z.string() }),
  ),
  fn(
    'car',
    'Download File',
    "Starts fetching a model (GLB, glTF or ZIP of them) over http(s) into the engine's folder.",
    z.object({ Url: z.string().min(1) }),
  ),
  fn(
    'car',
    'Get Download Status',
    'Progress of the last download; Path is what LoadCarByPath takes once Status is Completed.',
    empty,
    downloadStatusSchema,
  ),
  // Car state manager
  fn(
    'carStateManager',
    'UpdateConfigureValue',
    'Sets a configure value such as a door (DOOR_FL…DOOR_RR, 0–50, clamped); answers the value applied.',
    z.object({ Name: z.string(), Value: z.number() }),
    z.object({ Value: z.number() }),
  ),
  fn(
    'carStateManager',
    'GetConfigureValues',
    'Every configure value by name.',
    empty,
    z.object({ Values: z.record(z.string(), z.number()) }),
  ),
  // Camera
  fn('camera', 'Switch to Camera', 'Leaves the editor view for the camera view.', empty),
  fn(
    'camera',
    'Switch Position',
    'Moves to the Exterior crane or the Interior rail; focal length becomes 45 or 15 mm.',
    z.object({ Position: cameraPositionSchema }),
  ),
  fn('camera', 'Render Preview', 'Back to raster frames.', empty),
  fn(
    'camera',
    'Render MQ',
    "Refined frame: renders a still of the current view into the engine's renders folder.",
    z.object({ Width: z.number().int().positive().optional(), Height: z.number().int().positive().optional() }),
    z.object({ OutputPath: z.string() }),
  ),
  fn(
    'camera',
    'RenderStill',
    "Reference engine only: renders the current view off screen at any size and answers the image (base64) and its path in the engine's renders folder. Raster samples are averaged jittered frames (anti-aliasing and depth of field, up to 256); PathTracer samples are path-traced frames (global illumination, up to 4096).",
    z.object({
      Width: z.number().int().min(16).max(7680),
      Height: z.number().int().min(16).max(4320),
      Format: z.enum(['PNG', 'JPG']).optional(),
      Samples: z.number().int().min(1).max(4096).optional(),
      TransparentBackground: z.boolean().optional(),
      Renderer: z.enum(['Raster', 'PathTracer']).optional(),
    }),
    z.object({ OutputPath: z.string(), MimeType: z.string(), Image: z.string() }),
  ),
  fn('camera', 'Set Composition Guide', 'Shows a composition guide (None to hide it).', value(z.string())),
  fn('camera', 'Change Composition Opacity', 'Opacity of the composition guide, 0–1.', value(compositionOpacitySchema)),
  fn(
    'camera',
    'Get Bokeh Options',
    'Bokeh size, shape and the shapes offered.',
    empty,
    z.object({ Size: z.number(), Shape: z.string(), ShapeOptions: z.array(z.string()) }),
  ),
  fn('camera', 'Set Bokeh', 'Bokeh size and shape.', bokehSchema),
  fn(
    'camera',
    'CameraRigCraneControll',
    'Moves the exterior crane by deltas; pitch and arm length are clamped.',
    z.object({ deltaYaw: z.number(), deltaPitch: z.number(), deltaArm: z.number() }),
  ),
  fn(
    'camera',
    'UpdateInteriorCamera',
    'Moves the interior rail by deltas; X, Y, Z stay in 0–1 and pitch is clamped.',
    z.object({
      deltaX: z.number(),
      deltaY: z.number(),
      deltaZ: z.number(),
      deltaYaw: z.number(),
      deltaPitch: z.number(),
    }),
  ),
  fn(
    'camera',
    'GetCraneValues',
    'The exterior crane.',
    empty,
    z.object({ 'Crane Yaw': z.number(), 'Crane Pitch': z.number(), 'Crane Arm Length': z.number() }),
  ),
  fn(
    'camera',
    'GetInteriorCameraPosition',
    'The interior rail.',
    empty,
    z.object({ X: z.number(), Y: z.number(), Z: z.number(), Yaw: z.number(), Pitch: z.number() }),
  ),
  fn(
    'camera',
    'updateViewPortInteraction',
    'While the user holds the pointer the engine renders cheaper frames.',
    z.object({ isHolding: z.boolean() }),
  ),
  fn('camera', 'CameraInteriorYaw', 'Sets the interior yaw.', value(z.number())),
  fn('camera', 'CameraInteriorPitch', 'Sets the interior pitch (clamped).', value(z.number())),
  fn('camera', 'CameraInteriorX', 'Sets the interior X, 0–1.', value(z.number())),
  fn('camera', 'CameraInteriorY', 'Sets the interior Y, 0–1.', value(z.number())),
  fn('camera', 'CameraInteriorZ', 'Sets the interior Z, 0–1.', value(z.number())),
  // Backdrop and environment
  fn(
    'car',
    'ImportandUpdateCompositionGuide',
    'A custom composition guide image (opacity becomes 0.7).',
    z.object({ Url: z.string() }),
  ),
  fn(
    'car',
    'ImportandUpdateBackplate',
    'A backplate image behind the car; turns the backplate on.',
    z.object({ Url: z.string() }),
  ),
  fn(
    'car',
    'ImportandApplyCubemap',
    'An equirectangular HDR image for the HDRI backdrop.',
    z.object({ Url: z.string() }),
  ),
  fn('car', 'ToggleBackplateSwitch', 'Shows or hides the backplate.', value(z.boolean())),
  fn(
    'car',
    'Get Time Of the Day Options',
    'Times of day offered and the current one.',
    empty,
    z.object({ Current: z.string(), TODOptions: z.array(z.string()) }),
  ),
  fn('car', 'Set Time Of the Day', 'One of TODOptions.', value(z.string())),
  fn('car', 'Set Sun Azimuth Angle', 'Sun azimuth in degrees, 0–360.', value(z.number())),
  fn(
    'car',
    'GetEnvironmentOptions',
    'Environments offered and the current one.',
    empty,
    z.object({ Current: z.string(), Options: z.array(environmentOptionSchema) }),
  ),
  fn('car', 'LoadEnvironmentbyPath', 'Loads an environment by its path (or name).', z.object({ Path: z.string() })),
  fn(
    'car',
    'GetAllPCGOptions',
    'Procedural scatter densities, keys without spaces.',
    empty,
    z.object({ PCGOptions: z.record(z.string(), z.number()) }),
  ),
  fn(
    'car',
    'SetPCG',
    'Sets scatter densities (0–1); keys are the option names with spaces removed.',
    z.object({
      GrassDensity: pcgDensitySchema.optional(),
      PlantDensity: pcgDensitySchema.optional(),
      TreeDensity: pcgDensitySchema.optional(),
      RockDensity: pcgDensitySchema.optional(),
    }),
  ),
  fn(
    'car',
    'Update New Config',
    'Applies a whole saved configuration in one call: every part of it, or nothing if any part is refused.',
    z.object({ Settings: engineConfigSettingsSchema }),
  ),
  // Animation
  fn(
    'car',
    'CreateSequence',
    'Creates a level sequence from keyframes; answers its path.',
    z.object({ Name: z.string().optional(), Keyframes: z.array(sequenceKeyframeSchema) }),
    z.object({ SequencePath: z.string() }),
  ),
  fn(
    'car',
    'UpdateSequence',
    'Replaces the keyframes of a sequence.',
    z.object({ SequencePath: z.string(), Keyframes: z.array(sequenceKeyframeSchema) }),
  ),
  fn('car', 'PlaySequenceWithPath', 'Plays a sequence from its start.', z.object({ SequencePath: z.string() })),
  fn('car', 'PlaySequence', 'Plays the current sequence from where it is.', empty),
  fn('car', 'PlayPauseSequence', 'Toggles play and pause of the current sequence.', empty),
  fn('car', 'StopSequence', 'Stops and rewinds the current sequence.', empty),
  fn(
    'car',
    'GotoSequenceFrameWithPath',
    'Puts the camera where the sequence is at a frame.',
    z.object({ SequencePath: z.string(), Frame: z.number().min(0) }),
  ),
  fn('car', 'GetAnimationPlayingStatus', 'Whether a sequence is playing.', empty, z.object({ Playing: z.boolean() })),
  // Post-process
  fn('postProcess', 'GetPostProcessLite', 'The post-process values.', empty, postProcessOut),
  fn('postProcess', 'ResetPostProcessLite', 'Back to defaults (Gain 1, everything else 0).', empty),
  fn('postProcess', 'PostProcessLite', 'Sets any of the post-process values.', postProcessIn),
  // Lights
  fn(
    'light',
    'CreatePointLightAPI',
    'Adds a point light with the defaults.',
    empty,
    z.object({ ID: z.number().int() }),
  ),
  fn('light', 'CreateRectLightAPI', 'Adds a rect light with the defaults.', empty, z.object({ ID: z.number().int() })),
  fn('light', 'CreateSpotLightAPI', 'Adds a spot light with the defaults.', empty, z.object({ ID: z.number().int() })),
  fn('light', 'UpdateLightSettings', 'Changes colour, intensity and shape of a light.', lightSettingsSchema),
  fn(
    'light',
    'UpdateLightMovementData',
    'Places a light: orbit yaw, pitch, radius around X, Y, Z.',
    lightMovementSchema,
  ),
  fn(
    'light',
    'RemoveLight',
    'Removes a light; NextLight is the light to select next (-1 if none).',
    z.object({ ID: z.number().int() }),
    z.object({ ID: z.number().int(), LightType: z.enum(LIGHT_TYPES), NextLight: z.number().int() }),
  ),
  fn('light', 'GetAllLightData', 'Every custom light.', empty, z.object({ Lights: z.array(lightDataSchema) })),
  fn('light', 'GetLightInfoAPI', 'One custom light.', z.object({ ID: z.number().int() }), lightDataSchema),
  fn(
    'light',
    'GetCustomEnvironmentalLightInfo',
    'The custom lights as a configuration saves them.',
    empty,
    z.object({ Lights: z.array(lightDataSchema) }),
  ),
];

// ---- properties ----

export interface EnginePropertySpec {
  object: EngineObjectKey;
  name: string;
  description: string;
  type: string;
  schema: z.ZodType;
  readOnly: boolean;
}

const prop = (
  object: EngineObjectKey,
  name: string,
  type: string,
  schema: z.ZodType,
  description: string,
  readOnly = false,
): EnginePropertySpec => ({ object, name, type, schema, description, readOnly });

export const ENGINE_PROPERTIES: EnginePropertySpec[] = [
  prop('camera', 'CameraExteriorYaw', 'double', z.number(), 'Crane yaw in degrees.'),
  prop('camera', 'CameraExteriorPitch', 'double', z.number(), 'Crane pitch in degrees (clamped).'),
  prop('camera', 'CameraExteriorDistance', 'double', z.number(), 'Crane arm length in cm (clamped).'),
  prop(
    'camera',
    'FocusSettings',
    'CameraFocusSettings',
    focusSettingsSchema,
    'Focus method and manual focus distance in cm.',
  ),
  prop('camera', 'CurrentFocalLength', 'float', z.number().positive(), 'Focal length in mm.'),
  prop('camera', 'CurrentAperture', 'float', z.number().positive(), 'Aperture (f-stop).'),
  prop('carStateManager', 'switchToPathTraceOnIdle', 'bool', z.boolean(), 'Path trace progressively when idle.'),
  prop('car', 'HdrIntensity', 'float', hdrSchema.shape.Intensity, 'HDRI backdrop intensity.'),
  prop('car', 'HdrSize', 'float', hdrSchema.shape.Size, 'HDRI backdrop dome size in m.'),
  prop('car', 'HdrYaw', 'float', hdrSchema.shape.Yaw, 'HDRI rotation in degrees.'),
  prop('car', 'HdrGroundSize', 'float', hdrSchema.shape.GroundSize, 'Ground receiving shadows.'),
  prop('car', 'HdrResolution', 'int32', hdrSchema.shape.Resolution, 'Dome resolution.'),
  prop('car', 'HdrLightIntensity', 'float', hdrSchema.shape.LightIntensity, 'Sky light intensity.'),
  prop('car', 'HdrLightColor', 'LinearColor', hdrSchema.shape.LightColor, 'Sky light colour, R G B 0–255.'),
];

// ---- the preset ----

export const ENGINE_PRESET = {
  name: REMOTE_CONTROL.defaultPresetName,
  path: ENGINE_PRESET_PATH,
  /** Preset property label → the object property it binds. */
  properties: [
    { group: 'Camera', label: 'CameraExteriorYaw', object: 'camera', property: 'CameraExteriorYaw' },
    { group: 'Camera', label: 'CameraExteriorPitch', object: 'camera', property: 'CameraExteriorPitch' },
    { group: 'Camera', label: 'CameraExteriorDistance', object: 'camera', property: 'CameraExteriorDistance' },
    { group: 'Camera', label: 'FocusSettings', object: 'camera', property: 'FocusSettings' },
    { group: 'Backdrop', label: 'HdrIntensity', object: 'car', property: 'HdrIntensity' },
    { group: 'Backdrop', label: 'HdrSize', object: 'car', property: 'HdrSize' },
    { group: 'Backdrop', label: 'HdrYaw', object: 'car', property: 'HdrYaw' },
    { group: 'Backdrop', label: 'HdrGroundSize', object: 'car', property: 'HdrGroundSize' },
    { group: 'Backdrop', label: 'HdrResolution', object: 'car', property: 'HdrResolution' },
    { group: 'Backdrop', label: 'HdrLightIntensity', object: 'car', property: 'HdrLightIntensity' },
    { group: 'Backdrop', label: 'HdrLightColor', object: 'car', property: 'HdrLightColor' },
  ],
  /** Preset function label → the object function it calls. */
  functions: [
    { group: 'Camera', label: 'CameraInteriorYaw', object: 'camera', function: 'CameraInteriorYaw' },
    { group: 'Camera', label: 'CameraInteriorPitch', object: 'camera', function: 'CameraInteriorPitch' },
    { group: 'Camera', label: 'CameraInteriorX', object: 'camera', function: 'CameraInteriorX' },
    { group: 'Camera', label: 'CameraInteriorY', object: 'camera', function: 'CameraInteriorY' },
    { group: 'Camera', label: 'CameraInteriorZ', object: 'camera', function: 'CameraInteriorZ' },
  ],
} as const satisfies {
  name: string;
  path: string;
  properties: readonly { group: string; label: string; object: EngineObjectKey; property: string }[];
  functions: readonly { group: string; label: string; object: EngineObjectKey; function: string }[];
};

/** Unreal resolves functions by FName, which ignores case. */
export function findEngineFunction(object: EngineObjectKey, name: string): EngineFunctionSpec | undefined {
  const wanted = name.toLowerCase();
  return ENGINE_FUNCTIONS.find((f) => f.object === object && f.name.toLowerCase() === wanted);
}

export function findEngineProperty(object: EngineObjectKey, name: string): EnginePropertySpec | undefined {
  const wanted = name.toLowerCase();
  return ENGINE_PROPERTIES.find((p) => p.object === object && p.name.toLowerCase() === wanted);
}

/** Object paths are FNames too: case-insensitive. */
export function engineObjectAt(path: string): EngineObjectKey | undefined {
  const wanted = path.toLowerCase();
  return (Object.keys(ENGINE_OBJECT_PATHS) as EngineObjectKey[]).find(
    (key) => ENGINE_OBJECT_PATHS[key].toLowerCase() === wanted,
  );
}
