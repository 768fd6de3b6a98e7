import { z } from 'zod';
import { defineFunctions, defineProperties, linearColor, sameShape, value } from './define.js';

/** The times of day an engine offers, in the order of the day (spec §3 timeOfDayOptions, §4 light presets). */
export const TIME_OF_DAY_OPTIONS = [
  'Default',
  'Dawn',
  'Sunrise',
  'Morning',
  'Noon',
  'Afternoon',
  'Sunset',
  'Evening',
  'Night',
] as const;
export type TimeOfDay = (typeof TIME_OF_DAY_OPTIONS)[number];

/**
 * Spec §4 "Light presets by time of day": these turn all the car's lights on at intensity 1 (CAR_LIGHT_NAMES), any
 * other time of day turns them off.
 */
export const TIMES_OF_DAY_WITH_CAR_LIGHTS = [
  'Dawn',
  'Sunrise',
  'Sunset',
  'Evening',
  'Night',
] as const satisfies readonly TimeOfDay[];

/** Sun azimuth in degrees; the engine wraps any angle into [min, max). */
export const SUN_AZIMUTH_RANGE = { min: 0, max: 360 } as const;

/** The intensity the time-of-day light preset gives every lamp it turns on. */
export const TIME_OF_DAY_LAMP_INTENSITY = 1;

/** The procedural scatter options (keys without spaces, as SetPCG takes them) and their slider range. */
export const PCG_OPTIONS = ['GrassDensity', 'PlantDensity', 'TreeDensity', 'RockDensity'] as const;
export type PcgOption = (typeof PCG_OPTIONS)[number];
export const PCG_RANGE = { min: 0, max: 1, step: 0.1 } as const;
export const pcgDensitySchema = z.number().min(PCG_RANGE.min).max(PCG_RANGE.max);
/**
 * The studio's own option, a slider of its environmentConfigOptions set with SetPCG as every environment option of
 * the catalogue is: how glossy the studio floor is, from matte (0, the default) to polished (1), mirroring the car.
 */
export const STUDIO_OPTIONS = ['FloorGloss'] as const;
export type StudioOption = (typeof STUDIO_OPTIONS)[number];

/** The HDRI backdrop's properties, named without their `Hdr` prefix. */
export const hdrSchema = z.object({
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

const imageUrl = z.object({ Url: z.string() });

/** Environments, time of day, sun, scatter, backplate and the HDRI backdrop. */
export const ENVIRONMENT_FUNCTIONS = defineFunctions({
  ImportandUpdateBackplate: {
    object: 'car',
    description: 'A backplate image behind the car; turns the backplate on.',
    parameters: imageUrl,
  },
  ImportandApplyCubemap: {
    object: 'car',
    description: 'An equirectangular HDR image for the HDRI backdrop.',
    parameters: imageUrl,
  },
  ToggleBackplateSwitch: {
    object: 'car',
    description: 'Shows or hides the backplate.',
    parameters: value(z.boolean()),
  },
  'Get Time Of the Day Options': {
    object: 'car',
    description: 'Times of day offered and the current one.',
    returns: z.object({ Current: z.string(), TODOptions: z.array(z.string()) }),
  },
  'Set Time Of the Day': { object: 'car', description: 'One of TODOptions.', parameters: value(z.string()) },
  'Set Sun Azimuth Angle': {
    object: 'car',
    description: 'Sun azimuth in degrees, 0–360.',
    parameters: value(z.number()),
  },
  GetEnvironmentOptions: {
    object: 'car',
    description: 'Environments offered and the current one.',
    returns: z.object({ Current: z.string(), Options: z.array(environmentOptionSchema) }),
  },
  LoadEnvironmentbyPath: {
    object: 'car',
    description: 'Loads an environment by its path (or name).',
    parameters: z.object({ Path: z.string() }),
  },
  GetAllPCGOptions: {
    object: 'car',
    description: 'Procedural scatter densities, keys without spaces.',
    returns: z.object({ PCGOptions: z.record(z.string(), z.number()) }),
  },
  SetPCG: {
    object: 'car',
    description:
      "Sets the current environment's options (0–1): desert-pcg's scatter densities, the studio's floor gloss; " +
      'keys are the option names with spaces removed.',
    parameters: z.object(sameShape([...PCG_OPTIONS, ...STUDIO_OPTIONS], pcgDensitySchema.optional())),
  },
});

export const ENVIRONMENT_PROPERTIES = defineProperties({
  HdrIntensity: {
    object: 'car',
    type: 'float',
    schema: hdrSchema.shape.Intensity,
    description: 'HDRI backdrop intensity.',
  },
  HdrSize: { object: 'car', type: 'float', schema: hdrSchema.shape.Size, description: 'HDRI backdrop dome size in m.' },
  HdrYaw: { object: 'car', type: 'float', schema: hdrSchema.shape.Yaw, description: 'HDRI rotation in degrees.' },
  HdrGroundSize: {
    object: 'car',
    type: 'float',
    schema: hdrSchema.shape.GroundSize,
    description: 'Ground receiving shadows.',
  },
  HdrResolution: { object: 'car', type: 'int32', schema: hdrSchema.shape.Resolution, description: 'Dome resolution.' },
  HdrLightIntensity: {
    object: 'car',
    type: 'float',
    schema: hdrSchema.shape.LightIntensity,
    description: 'Sky light intensity.',
  },
  HdrLightColor: {
    object: 'car',
    type: 'LinearColor',
    schema: hdrSchema.shape.LightColor,
    description: 'Sky light colour, R G B 0–255.',
  },
});
