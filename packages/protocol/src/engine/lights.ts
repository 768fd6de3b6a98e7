import { z } from 'zod';
import { defineFunctions, sameShape } from './define.js';

export const LIGHT_TYPES = ['point', 'rect', 'spot'] as const;
export type LightType = (typeof LIGHT_TYPES)[number];

export const lightColorSchema = z.object({ R: z.number(), G: z.number(), B: z.number(), A: z.number() });

/** The light's look, every field a non-negative number (spec §3 "Light"; Outter and Legth are the spec's spelling). */
const LIGHT_SHAPE_FIELDS = [
  'Intensity',
  'AttenuationRadius',
  'SourceRadius',
  'SourceLength',
  'SoftRadius',
  'InnerAngle',
  'OutterAngle',
  'Width',
  'Height',
  'BarnAngle',
  'BarnLegth',
] as const;

const lightId = z.number().int();
const lightShape = z.object({ LightColor: lightColorSchema, ...sameShape(LIGHT_SHAPE_FIELDS, z.number().min(0)) });
/** Spec §3 "Light position": an orbit (yaw, pitch, radius) around a point. */
const lightPlacement = z.object({
  Yaw: z.number(),
  Pitch: z.number(),
  Radius: z.number().min(0),
  X: z.number(),
  Y: z.number(),
  Z: z.number(),
});

/** A custom light as the light manager reports it. */
export const lightDataSchema = z.object({
  ID: lightId,
  LightType: z.enum(LIGHT_TYPES),
  ...lightShape.shape,
  ...lightPlacement.shape,
});
export type LightData = z.infer<typeof lightDataSchema>;

/** Light settings a caller may change; LightType is any string, checked against the light's own type. */
export const lightSettingsSchema = z.object({
  ID: lightId,
  LightType: z.string().optional(),
  ...lightShape.partial().shape,
  LightColor: lightColorSchema.partial().optional(),
});

export const lightMovementSchema = z.object({ ID: lightId, ...lightPlacement.partial().shape });

const created = z.object({ ID: lightId });
const allLights = z.object({ Lights: z.array(lightDataSchema) });

export const LIGHT_FUNCTIONS = defineFunctions({
  CreatePointLightAPI: { object: 'light', description: 'Adds a point light with the defaults.', returns: created },
  CreateRectLightAPI: { object: 'light', description: 'Adds a rect light with the defaults.', returns: created },
  CreateSpotLightAPI: { object: 'light', description: 'Adds a spot light with the defaults.', returns: created },
  UpdateLightSettings: {
    object: 'light',
    description: 'Changes colour, intensity and shape of a light.',
    parameters: lightSettingsSchema,
  },
  UpdateLightMovementData: {
    object: 'light',
    description: 'Places a light: orbit yaw, pitch, radius around X, Y, Z.',
    parameters: lightMovementSchema,
  },
  RemoveLight: {
    object: 'light',
    description: 'Removes a light; NextLight is the light to select next (-1 if none).',
    parameters: z.object({ ID: lightId }),
    returns: z.object({ ID: lightId, LightType: z.enum(LIGHT_TYPES), NextLight: lightId }),
  },
  GetAllLightData: { object: 'light', description: 'Every custom light.', returns: allLights },
  GetLightInfoAPI: {
    object: 'light',
    description: 'One custom light.',
    parameters: z.object({ ID: lightId }),
    returns: lightDataSchema,
  },
  GetCustomEnvironmentalLightInfo: {
    object: 'light',
    description: 'The custom lights as a configuration saves them.',
    returns: allLights,
  },
});
