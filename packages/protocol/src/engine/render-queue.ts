import { z } from 'zod';
import { RENDER_PASSES, RENDER_QUALITIES, RENDER_TYPES, SHADOW_MODES, TIMELINE_FPS } from '../constants.js';
import { CAMERA_POSITIONS, STILL_FORMATS } from './camera.js';
import { defineFunctions } from './define.js';
import { sequenceKeyframeSchema } from './sequences.js';

/*
 * Production renders, as a project Blueprint drives Unreal's Movie Render Queue: a job is started, polled for its
 * progress and its outputs, cancelled, and its files read back through the Remote Control API (the render host's
 * disk is not the server's). Stills and the frames of a video are the same job; a video's frames are encoded by the
 * render service, which reads them while later ones render.
 */

/** The largest picture a production render makes: 4K UHD (issue 14). */
export const PRODUCTION_RENDER_LIMITS = {
  width: { min: 16, max: 3840 },
  height: { min: 16, max: 2160 },
  /** Anti-aliasing samples, spatial (per pixel) and temporal (per frame), each. */
  samples: { min: 1, max: 64 },
  /** Frames of one shot: 2 minutes at 24 fps. */
  frames: { min: 1, max: 2880 },
  /** Trim × paint images of one variant matrix job (MATRIX_LIMITS.variants). */
  variants: 100,
} as const;

/**
 * What LOW, MEDIUM and HIGH mean, in samples per image: `spatial × temporal × scale`, at least 1. Raster samples are
 * jittered frames averaged (anti-aliasing and depth of field) and stop at `rasterMax`; HIGH is path traced, with
 * `pathTracedScale` times the samples up to `pathTracedMax`, where the engine path traces on a GPU, and raster with
 * the MEDIUM count where it does not (a CPU needs seconds per path-traced sample).
 */
export const RENDER_QUALITY_SAMPLES = {
  LOW: { scale: 0.25, pathTraced: false },
  MEDIUM: { scale: 1, pathTraced: false },
  HIGH: { scale: 1, pathTraced: true },
  rasterMax: 256,
  pathTracedScale: 4,
  pathTracedMax: 4096,
} as const;

/** Samples per image for a quality; `pathTraced` says whether the engine may path trace (a GPU). */
export function renderSamples(
  quality: (typeof RENDER_QUALITIES)[number],
  spatial: number,
  temporal: number,
  pathTracingAvailable: boolean,
): { samples: number; pathTraced: boolean } {
  const table = RENDER_QUALITY_SAMPLES;
  const base = Math.max(1, Math.round(spatial * temporal * table[quality].scale));
  if (table[quality].pathTraced && pathTracingAvailable)
    return { samples: Math.min(table.pathTracedMax, base * table.pathTracedScale), pathTraced: true };
  return { samples: Math.min(table.rasterMax, base), pathTraced: false };
}

/**
 * The Depth pass: distance from the camera in centimetres (Unreal's unit), drawn as grey that grows with distance,
 * black at `near` and white at `far` and beyond (the background is at infinity: white).
 */
export const DEPTH_PASS_RANGE_CM = { near: 0, far: 5000 } as const;

/**
 * The images a render job writes. `Beauty` is the picture itself; `Color ID` and `Depth` are the passes; the Multi
 * Layered pass gives `Car`, `Shadow` and `Background`; the SeparateLayer shadow mode gives `Shadow` beside a Beauty
 * without it.
 */
export const RENDER_LAYERS = ['Beauty', 'Color ID', 'Depth', 'Car', 'Shadow', 'Background'] as const;
export type RenderLayer = (typeof RENDER_LAYERS)[number];

/**
 * A camera move: keyframes (time in seconds, as the timeline's frames hold it) of the crane (Exterior) or the
 * interior rail (Interior: yaw and pitch). Values between keyframes follow a smooth curve through them (`shotPoseAt`),
 * yaw the short way round; a value no keyframe gives keeps the configuration's.
 */
export const renderShotSchema = z.object({
  Camera: z.enum(CAMERA_POSITIONS),
  Keyframes: z.array(sequenceKeyframeSchema).min(1).max(1000),
  FrameRate: z.number().int().min(1).max(120).default(TIMELINE_FPS),
  Frames: z.number().int().min(PRODUCTION_RENDER_LIMITS.frames.min).max(PRODUCTION_RENDER_LIMITS.frames.max),
});
export type RenderShot = z.infer<typeof renderShotSchema>;
export type RenderShotInput = z.input<typeof renderShotSchema>;

const between = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

export const renderJobSettingsSchema = z.object({
  Width: between(PRODUCTION_RENDER_LIMITS.width),
  Height: between(PRODUCTION_RENDER_LIMITS.height),
  Format: z.enum(STILL_FORMATS).default('PNG'),
  SpatialSamples: between(PRODUCTION_RENDER_LIMITS.samples).default(8),
  TemporalSamples: between(PRODUCTION_RENDER_LIMITS.samples).default(8),
  Quality: z.enum(RENDER_QUALITIES).default('MEDIUM'),
  RenderType: z.enum(RENDER_TYPES).default('Default'),
  /** The passes of a Multi Pass render; the other render types ignore them. */
  Passes: z.array(z.enum(RENDER_PASSES)).max(RENDER_PASSES.length).default([]),
  ShadowMode: z.enum(SHADOW_MODES).default('WithGround'),
  /** A video's camera move, one Beauty image per frame; absent: one still of the current view. */
  Shot: renderShotSchema.optional(),
  /**
   * A variant matrix: one Beauty image per trim and paint (from the current view, or the exterior crane at Yaw; in
   * the scene's environment, or Environment), in this order (listed as frames 0, 1, …), the scene otherwise as it is;
   * set up once for all of them. Not with a Shot.
   */
  Variants: z
    .array(
      z.object({
        Trim: z.string().min(1).max(100),
        Paint: z.string().min(1).max(100),
        /** The exterior crane's yaw for this image (the scene's height and distance); absent: the scene's view. */
        Yaw: z.number().min(-360).max(360).optional(),
        /** The environment of this image, by path or name (as LoadEnvironmentbyPath); absent: the scene's. */
        Environment: z.string().min(1).max(300).optional(),
      }),
    )
    .min(1)
    .max(PRODUCTION_RENDER_LIMITS.variants)
    .optional(),
});
export type RenderJobSettings = z.infer<typeof renderJobSettingsSchema>;
export type RenderJobSettingsInput = z.input<typeof renderJobSettingsSchema>;

export const ENGINE_RENDER_STATUSES = ['Rendering', 'Completed', 'Failed', 'Cancelled'] as const;

export const engineRenderOutputSchema = z.object({
  Layer: z.enum(RENDER_LAYERS),
  /** The frame of a shot (0-based); null for a still. */
  Frame: z.number().int().min(0).nullable(),
  /** Where ReadRenderOutput finds it, relative to the engine's renders folder. */
  Path: z.string(),
  MimeType: z.string(),
  Bytes: z.number().int().min(0),
});
export type EngineRenderOutput = z.infer<typeof engineRenderOutputSchema>;

const jobId = z.object({ JobId: z.string().min(1) });

export const RENDER_QUEUE_FUNCTIONS = defineFunctions({
  StartRenderJob: {
    object: 'camera',
    description:
      'Starts a production render of the current scene (Movie Render Queue): a still, every frame of a shot, or one image per trim and paint of a variant matrix. One job at a time; answers its id. Samples per image follow RENDER_QUALITY_SAMPLES.',
    parameters: z.object({ Settings: renderJobSettingsSchema }),
    returns: jobId,
  },
  GetRenderJobStatus: {
    object: 'camera',
    description:
      'Progress of a render job (0–1), its status, and the outputs written so far (a shot lists frames as they finish).',
    parameters: jobId,
    returns: z.object({
      Status: z.enum(ENGINE_RENDER_STATUSES),
      Progress: z.number().min(0).max(1),
      FramesDone: z.number().int().min(0),
      FramesTotal: z.number().int().min(1),
      PathTraced: z.boolean(),
      Samples: z.number().int().min(1),
      Outputs: z.array(engineRenderOutputSchema),
      Error: z.string().nullable(),
    }),
  },
  CancelRenderJob: {
    object: 'camera',
    description: 'Stops a render job at its next sample and deletes what it wrote. A finished job is only deleted.',
    parameters: jobId,
  },
  ReadRenderOutput: {
    object: 'camera',
    description: "One output of a render job, base64, read from the engine's renders folder.",
    parameters: z.object({ Path: z.string().min(1) }),
    returns: z.object({ MimeType: z.string(), Data: z.string() }),
  },
});
