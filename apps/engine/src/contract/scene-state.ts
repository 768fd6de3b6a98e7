import { postProcessOutSchema, TONE_MAPPERS } from '@autostudio/protocol';
import { z } from 'zod';

/**
 * Everything the renderer needs to draw a frame. It lives in the engine's Node process; each Remote Control
 * call changes it and the renderer draws the new state. Plain JSON, so it crosses into the browser page as is.
 */
const lampSchema = z.object({ on: z.boolean(), intensity: z.number().min(0) });

export const customLightSchema = z.object({
  id: z.number().int().min(0),
  type: z.enum(['point', 'rect', 'spot']),
  color: z.object({ r: z.number(), g: z.number(), b: z.number() }),
  intensity: z.number(),
  attenuationRadius: z.number(),
  position: z.object({ x: z.number(), y: z.number(), z: z.number() }),
  rotation: z.object({ yaw: z.number(), pitch: z.number() }),
  sourceRadius: z.number(),
  sourceLength: z.number(),
  softRadius: z.number(),
  innerAngle: z.number(),
  outerAngle: z.number(),
  width: z.number(),
  height: z.number(),
  barnAngle: z.number(),
  barnLength: z.number(),
});
export type CustomLight = z.infer<typeof customLightSchema>;

export const sceneStateSchema = z.object({
  car: z.object({
    /** null: the built-in car; otherwise a model file the engine loaded with LoadCarByPath. */
    modelPath: z.string().nullable(),
    trim: z.string(),
    paint: z.string(),
    doors: z.object({ DOOR_FL: z.number(), DOOR_FR: z.number(), DOOR_RL: z.number(), DOOR_RR: z.number() }),
    lamps: z.object({ HeadLamps1: lampSchema, TailLamps1: lampSchema, DRLs: lampSchema, SignatureLEDs: lampSchema }),
  }),
  camera: z.object({
    spot: z.enum(['Exterior', 'Interior']),
    /** Crane around the car (Exterior): degrees, degrees, centimetres. */
    crane: z.object({ yaw: z.number(), pitch: z.number(), distance: z.number() }),
    /** Rail inside the cabin (Interior): X, Y, Z in 0..1 of the cabin box, yaw and pitch in degrees. */
    rail: z.object({ x: z.number(), y: z.number(), z: z.number(), yaw: z.number(), pitch: z.number() }),
    /** Millimetres, on a 36 × 24 mm sensor. */
    focalLength: z.number().positive(),
    aperture: z.number().positive(),
    focus: z.object({ method: z.enum(['Tracking', 'Manual', 'Disable']), distance: z.number().positive() }),
    bokeh: z.object({ size: z.number().min(0), shape: z.string() }),
    compositionGuide: z.string(),
    compositionOpacity: z.number().min(0).max(1),
    /** The image of the Custom guide (ImportandUpdateCompositionGuide), drawn over the viewport at its opacity. */
    compositionImageUrl: z.string().nullable(),
  }),
  environment: z.object({
    name: z.string(),
    timeOfDay: z.string(),
    /** Sun azimuth in degrees. */
    sunDirection: z.number(),
    pcg: z.record(z.string(), z.number()),
    backplate: z.object({ enabled: z.boolean(), imageUrl: z.string().nullable() }),
    hdri: z.object({
      imageUrl: z.string().nullable(),
      intensity: z.number(),
      size: z.number(),
      rotation: z.number(),
      groundSize: z.number(),
      resolution: z.number(),
      lightIntensity: z.number(),
      lightColor: z.object({ r: z.number(), g: z.number(), b: z.number() }),
    }),
  }),
  postProcess: postProcessOutSchema,
  customLights: z.array(customLightSchema),
  render: z.object({
    /** While the user drags: cheaper, lower-resolution frames. */
    interactive: z.boolean(),
    pathTraceOnIdle: z.boolean(),
    toneMapper: z.enum(TONE_MAPPERS),
    /** Render Preview (raster) or Render MQ (refined / path traced). */
    quality: z.enum(['preview', 'mq']),
  }),
  viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
});
export type SceneState = z.infer<typeof sceneStateSchema>;
