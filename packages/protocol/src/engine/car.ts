import { z } from 'zod';
import { CAR_MODEL_FORMATS } from '../car-model-formats.js';
import { defineFunctions } from './define.js';

/** Configure values such as doors run 0 (shut) to 50 (fully open); the engine clamps rather than refuses. */
export const DOOR_RANGE = { min: 0, max: 50 } as const;

/** The car's lamps, as CarLightTurnOnOff names them (spec §3); a trim may have fewer (DRLs, SignatureLEDs). */
export const CAR_LIGHT_NAMES = ['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs'] as const;
export type CarLightName = (typeof CAR_LIGHT_NAMES)[number];

/** A car lamp as CarLightTurnOnOff takes it. */
export const carLightSchema = z.object({
  LightName: z.string(),
  OnOff: z.boolean(),
  Intensity: z.number().min(0).optional(),
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

/** Trims, paints, lamps, doors and model loading: the car object and its state manager. */
export const CAR_FUNCTIONS = defineFunctions({
  GetCarOptions: {
    object: 'car',
    description: 'The trims of the loaded car and the index of the current one.',
    returns: z.object({ options: z.array(z.string()), curentIndex: z.number().int() }),
  },
  'Get Material Options': {
    object: 'car',
    description: 'Paints offered on the current trim (lower-cased keys) and the current paint.',
    returns: z.object({
      Current: z.string(),
      MaterialOptions: z.array(z.string()),
      /** Swatch colour (#rrggbb) per offered paint key, for engines that know them; a UI shows names without it. */
      Swatches: z.record(z.string(), z.string().regex(/^#[0-9a-f]{6}$/i)).optional(),
    }),
  },
  'Get Trim Paint Option': {
    object: 'car',
    description: 'The current trim and, per trim, the paints it offers.',
    returns: z.object({ current: z.string(), paintOptions: z.record(z.string(), z.array(z.string())) }),
  },
  'Update Car Material': {
    object: 'car',
    description: 'Applies a paint offered on the current trim, or switches to the trim of that name.',
    parameters: z.object({ MaterialToSet: z.string().min(1) }),
  },
  CarLightTurnOnOff: {
    object: 'car',
    description: 'Turns a lamp group on or off at an intensity.',
    parameters: carLightSchema,
  },
  GetCarLights: {
    object: 'car',
    description: 'The lamp groups the car has now (the trim decides), each on or off at an intensity.',
    returns: z.object({
      Lights: z.record(z.string(), z.object({ OnOff: z.boolean(), Intensity: z.number().min(0) })),
    }),
  },
  LoadCarByPath: {
    object: 'car',
    description:
      "Loads a GLB or glTF from the engine's folder (a path Get Download Status reported); empty Path: the built-in car.",
    parameters: z.object({ Path: z.string() }),
  },
  'Download File': {
    object: 'car',
    description: "Starts fetching a model (GLB, glTF or ZIP of them) over http(s) into the engine's folder.",
    parameters: z.object({ Url: z.string().min(1) }),
  },
  'Get Download Status': {
    object: 'car',
    description: 'Progress of the last download; Path is what LoadCarByPath takes once Status is Completed.',
    returns: downloadStatusSchema,
  },
  ExportCarModel: {
    object: 'car',
    description:
      'The car as the scene shows it (its trim, paint and doors, in metres, without the environment), as a GLB or USDZ file in base64. Not part of the spec: a render host exports what the studio configured.',
    parameters: z.object({ Format: z.enum(CAR_MODEL_FORMATS) }),
    returns: z.object({ MimeType: z.string(), Data: z.string() }),
  },
  UpdateConfigureValue: {
    object: 'carStateManager',
    description: 'Sets a configure value such as a door (DOOR_FL…DOOR_RR, 0–50, clamped); answers the value applied.',
    parameters: z.object({ Name: z.string(), Value: z.number() }),
    returns: z.object({ Value: z.number() }),
  },
  GetConfigureValues: {
    object: 'carStateManager',
    description: 'Every configure value by name.',
    returns: z.object({ Values: z.record(z.string(), z.number()) }),
  },
});
