import { z } from 'zod';
import { CAMERA_FOCAL_LENGTH } from '../constants.js';
import { bokehSchema, cameraPositionSchema, compositionOpacitySchema, focusSettingsSchema } from './camera.js';
import { carLightSchema } from './car.js';
import { defineFunctions } from './define.js';
import { hdrSchema, pcgDensitySchema } from './environment.js';
import { lightMovementSchema, lightSettingsSchema } from './lights.js';
import { postProcessInSchema } from './post-process.js';

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
  PostProcess: z.strictObject(postProcessInSchema.shape).optional(),
  /** Replaces every custom light; each keeps its ID, which must be unique. */
  CustomLights: z.array(configLightSchema).optional(),
});
export type EngineConfigSettings = z.infer<typeof engineConfigSettingsSchema>;

/**
 * Spec §3's defaults in the configuration's shape: the camera (focal length 45, aperture 2.8, Tracking at 1000,
 * crane distance 500, rail at 0.5, bokeh 3 / None, guide None at 0.5), the scene (time Default, sun 130, no
 * backplate), the backdrop settings and the post-process values (Gain 1, everything else 0).
 */
export const ENGINE_CONFIG_DEFAULTS = {
  Camera: {
    Position: 'Exterior',
    Crane: { Yaw: 0, Pitch: 0, ArmLength: 500 },
    Interior: { X: 0.5, Y: 0.5, Z: 0.5, Yaw: 0, Pitch: 0 },
    FocalLength: CAMERA_FOCAL_LENGTH.Exterior,
    Aperture: 2.8,
    FocusSettings: { FocusMethod: 'Tracking', ManualFocusDistance: 1000 },
    Bokeh: { Size: 3, Shape: 'None' },
    CompositionGuide: 'None',
    CompositionOpacity: 0.5,
  },
  Environment: {
    TimeOfDay: 'Default',
    SunAzimuth: 130,
    Backplate: false,
    Hdr: {
      Intensity: 2,
      Size: 100,
      Yaw: 0,
      GroundSize: 400,
      Resolution: 256,
      LightIntensity: 1,
      // 16777215 (spec §3) is white, given here as the R G B the HdrLightColor property takes.
      LightColor: { R: 255, G: 255, B: 255 },
    },
  },
  PostProcess: {
    TemperatureTemp: 0,
    TemperatureTint: 0,
    GlobalSaturation: 0,
    GlobalContrast: 0,
    GlobalGamma: 0,
    Bloom_Intensity: 0,
    ExposureCompensation: 0,
    VignetteIntensity: 0,
    Gain: { X: 1, Y: 1, Z: 1, W: 1 },
    Offset: 0,
  },
} as const satisfies EngineConfigSettings;

export const CONFIG_FUNCTIONS = defineFunctions({
  'Update New Config': {
    object: 'car',
    description:
      'Applies a whole saved configuration in one call: every part of it, or nothing if any part is refused.',
    parameters: z.object({ Settings: engineConfigSettingsSchema }),
  },
  'Get Current Config': {
    object: 'car',
    description:
      'The whole configuration the engine shows now, every section filled, in the shape Update New Config applies.',
    returns: z.object({ Settings: engineConfigSettingsSchema }),
  },
});
