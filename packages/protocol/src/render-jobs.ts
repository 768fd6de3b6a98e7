import { z } from 'zod';
import {
  CUSTOM_RESOLUTION,
  IMAGE_FORMATS,
  IMAGE_RENDER_DEFAULTS,
  PRESET_ANIMATIONS,
  PROGRESS_MAX,
  RENDER_PASSES,
  RENDER_QUALITIES,
  RENDER_TYPES,
  RESOLUTION_PRESETS,
  SHADOW_MODES,
  VIDEO_FORMATS,
  VIDEO_RENDER_DEFAULTS,
} from './constants.js';
import { configSettingsSchema } from './configs.js';
import { PRODUCTION_RENDER_LIMITS, type RenderJobSettingsInput } from './engine/render-queue.js';
import { plainText } from './names.js';

/** The largest picture a render makes (issue 14: any resolution up to 3840×2160). */
export const MAX_RENDER_RESOLUTION = RESOLUTION_PRESETS['4k'];
/** Anti-aliasing samples per pixel (spatial) and per frame (temporal): at least 1, at most this. */
export const MAX_ANTI_ALIAS_SAMPLES = 64;

/**
 * The render queue's limits unless configured (README: RENDER_QUEUE_PER_USER, RENDER_RUNNING_PER_USER,
 * RENDER_MAX_JOB_COST). A job's cost is pixels × samples × frames; the default admits a 4K video of a 360-frame
 * preset animation at the default 8×8 anti-aliasing (1.9e11) and refuses the same at 64×64 (1.2e13).
 */
export const RENDER_LIMIT_DEFAULTS = {
  queuedPerUser: 10,
  runningPerUser: 2,
  jobCost: 200_000_000_000,
} as const;

/** A custom sequence's longest length in keyframes, and in frames (2 minutes at 24 fps: what a render engine makes). */
export const MAX_SEQUENCE_KEYFRAMES = 1000;
export const MAX_SEQUENCE_FRAMES = PRODUCTION_RENDER_LIMITS.frames.max;

/** What a render job costs: pixels × anti-aliasing samples (spatial × temporal) × frames. */
export function renderJobCost(
  resolution: Resolution,
  antiAlias: { antiAliasSpatial: number; antiAliasTemporal: number },
  frames: number,
): number {
  return resolution.width * resolution.height * antiAlias.antiAliasSpatial * antiAlias.antiAliasTemporal * frames;
}

export const RESOLUTION_PRESET_NAMES = [
  ...(Object.keys(RESOLUTION_PRESETS) as (keyof typeof RESOLUTION_PRESETS)[]),
  CUSTOM_RESOLUTION,
] as const;
export type ResolutionPresetName = (typeof RESOLUTION_PRESET_NAMES)[number];

export const resolutionSchema = z.object({
  width: z.number().int().min(16).max(MAX_RENDER_RESOLUTION.width),
  height: z.number().int().min(16).max(MAX_RENDER_RESOLUTION.height),
});
export type Resolution = z.infer<typeof resolutionSchema>;

export const samples = (fallback: number) => z.number().int().min(1).max(MAX_ANTI_ALIAS_SAMPLES).default(fallback);
const label = plainText(z.string().trim().max(100));

/** Spec §3 "Render settings" metadata: what the finished render is recorded as. */
export const renderMetadataSchema = z.object({
  name: plainText(z.string().trim().min(1, 'name is required').max(200)),
  description: z.string().trim().max(5000).default(''),
  category: label.default(''),
  brand: label.default(''),
  /** The saved configuration rendered (or the one the given settings came from). */
  configId: z.string().min(1).max(64).nullable().default(null),
});
export type RenderMetadata = z.infer<typeof renderMetadataSchema>;

/** Resolution preset (spec §9) or `custom` with `customResolution`. */
export const resolutionFields = (preset: ResolutionPresetName) => ({
  resolutionPreset: z.enum(RESOLUTION_PRESET_NAMES).default(preset),
  customResolution: resolutionSchema.optional(),
});

export function requireCustomResolution(
  body: { resolutionPreset: ResolutionPresetName; customResolution?: Resolution | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.resolutionPreset === CUSTOM_RESOLUTION && !body.customResolution) {
    ctx.addIssue({
      code: 'custom',
      path: ['customResolution'],
      message: 'is required when resolutionPreset is custom',
    });
  }
}

/** What a render shows: a saved configuration (metadata.configId) or the studio's current settings. */
export function requireScene(
  body: { settings?: unknown; metadata: { configId: string | null } },
  ctx: z.RefinementCtx,
): void {
  if (body.settings === undefined && body.metadata.configId === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['settings'],
      message: 'send the configuration settings or metadata.configId of a saved configuration',
    });
  }
}

/** POST /render-workflow: a still (spec §3 "Render settings", defaults of spec §9). */
export const stillRenderRequestSchema = z
  .object({
    renderType: z.enum(RENDER_TYPES).default('Default'),
    /** The passes of a Multi Pass render; ignored by the other render types. */
    selectedPasses: z
      .array(z.enum(RENDER_PASSES))
      .max(RENDER_PASSES.length)
      .refine((passes) => new Set(passes).size === passes.length, 'must not name a pass twice')
      .default([...IMAGE_RENDER_DEFAULTS.selectedPasses]),
    ...resolutionFields(IMAGE_RENDER_DEFAULTS.resolutionPreset),
    imageFormat: z.enum(IMAGE_FORMATS).default(IMAGE_RENDER_DEFAULTS.imageFormat),
    antiAliasSpatial: samples(IMAGE_RENDER_DEFAULTS.antiAliasSpatial),
    antiAliasTemporal: samples(IMAGE_RENDER_DEFAULTS.antiAliasTemporal),
    carShadowMode: z.enum(SHADOW_MODES).default('WithGround'),
    quality: z.enum(RENDER_QUALITIES).default(IMAGE_RENDER_DEFAULTS.quality),
    /** The configuration to render as the studio holds it; when absent, the saved one named by metadata.configId. */
    settings: configSettingsSchema.optional(),
    metadata: renderMetadataSchema,
  })
  .superRefine(requireCustomResolution)
  .superRefine(requireScene);
export type StillRenderRequest = z.infer<typeof stillRenderRequestSchema>;
export type StillRenderRequestInput = z.input<typeof stillRenderRequestSchema>;

export const PRESET_ANIMATION_NAMES = PRESET_ANIMATIONS.map((animation) => animation.name) as [
  (typeof PRESET_ANIMATIONS)[number]['name'],
  ...(typeof PRESET_ANIMATIONS)[number]['name'][],
];
/** Spec §3 "Video settings": a preset animation of spec §9, or the user's own sequence saved as an animation preset. */
export const ANIMATION_TYPES = ['preset', 'custom'] as const;

/** POST /render-video-workflow: a video (spec §3 "Video settings", defaults of spec §9). */
export const videoRenderRequestSchema = z
  .object({
    animationType: z.enum(ANIMATION_TYPES).default('preset'),
    /** A preset animation's name (animationType preset), or the id of an animation preset (custom). */
    selectedAnimation: z.string().trim().min(1, 'selectedAnimation is required').max(100),
    ...resolutionFields(VIDEO_RENDER_DEFAULTS.resolutionPreset),
    videoFormat: z.enum(VIDEO_FORMATS).default(VIDEO_RENDER_DEFAULTS.videoFormat),
    antiAliasSpatial: samples(IMAGE_RENDER_DEFAULTS.antiAliasSpatial),
    antiAliasTemporal: samples(IMAGE_RENDER_DEFAULTS.antiAliasTemporal),
    quality: z.enum(RENDER_QUALITIES).default(VIDEO_RENDER_DEFAULTS.quality),
    settings: configSettingsSchema.optional(),
    metadata: renderMetadataSchema,
  })
  .superRefine(requireCustomResolution)
  .superRefine(requireScene)
  .superRefine((body, ctx) => {
    if (body.animationType === 'preset' && !(PRESET_ANIMATION_NAMES as string[]).includes(body.selectedAnimation)) {
      ctx.addIssue({
        code: 'custom',
        path: ['selectedAnimation'],
        message: `must be one of ${PRESET_ANIMATION_NAMES.join(', ')} when animationType is preset`,
      });
    }
  });
export type VideoRenderRequest = z.infer<typeof videoRenderRequestSchema>;
export type VideoRenderRequestInput = z.input<typeof videoRenderRequestSchema>;

/** The size a request asks for: its preset's, or its custom resolution. */
export function requestedResolution(request: {
  resolutionPreset: ResolutionPresetName;
  customResolution?: Resolution | undefined;
}): Resolution {
  if (request.resolutionPreset === CUSTOM_RESOLUTION) {
    if (!request.customResolution) throw new Error('custom resolution without customResolution');
    return request.customResolution;
  }
  return { ...RESOLUTION_PRESETS[request.resolutionPreset] };
}

/**
 * A render job's status as GET /render-workflow-status/{jobId} reports it. The spec names error, completed and
 * failed (spec §3 "Render job", §4); a durable queue needs the others. How they map onto the client's states:
 * - `queued`: waiting for a worker (client: rendering, progress 0);
 * - `in progress`: a worker renders it and holds its lease (client: rendering, with progress);
 * - `error`: the worker rendering it stopped answering (its lease ran out) and the job waits to be taken again; the
 *   client counts a strike, and after the bounded attempts the job becomes `failed`;
 * - `completed`: done, progress 100, outputs listed;
 * - `failed`: given up, `error` says why;
 * - `cancelled`: a cancel was asked while it rendered; the worker stops and the job is deleted soon after
 *   (then the status call answers 404).
 */
export const RENDER_JOB_STATUSES = ['queued', 'in progress', 'error', 'completed', 'failed', 'cancelled'] as const;
export const renderJobStatusSchema = z.enum(RENDER_JOB_STATUSES);
export type RenderJobStatus = z.infer<typeof renderJobStatusSchema>;

/**
 * A matrix renders every trim × paint chosen, one still each, as one job (render-matrix.ts); a car model exports the
 * configured car as GLB and USDZ files (car-models.ts); a turntable turns the car once as evenly spaced frames
 * (turntables.ts).
 */
export const RENDER_JOB_KINDS = ['still', 'video', 'matrix', 'turntable', 'carModel'] as const;
export type RenderJobKind = (typeof RENDER_JOB_KINDS)[number];

export const renderOutputSchema = z.object({
  /** e.g. "image", "Color ID", "Depth", "video". */
  kind: z.string(),
  url: z.string(),
  contentType: z.string(),
});
export type RenderOutput = z.infer<typeof renderOutputSchema>;

/** The answer of every render-service call that reports a job (spec §3 "Render job"). */
/**
 * How a job's progress (0–100) is shared out: the scene is set up to `scene`, the engine renders up to
 * `scene + render`, and from there on the job writes its files (a video is encoded, outputs are stored), which is
 * spec §4's processingFile.
 */
export const RENDER_PROGRESS_BANDS = { scene: 5, render: 90 } as const;
export const RENDER_FILES_PROGRESS = RENDER_PROGRESS_BANDS.scene + RENDER_PROGRESS_BANDS.render;

/**
 * The still of a saved configuration (its car, settings and camera view) that the studio shows at once when the
 * configuration opens, before the stream is ready. One fixed format for every still, so that a still is known by its
 * configuration alone (the cache key hashes this too): 16:9 like the viewport, 720p, a few raster samples with
 * ambient occlusion (MEDIUM), which the reference engine renders in a few seconds on a CPU.
 */
export const CONFIG_STILL = {
  settings: {
    Width: RESOLUTION_PRESETS['720p'].width,
    Height: RESOLUTION_PRESETS['720p'].height,
    Format: 'JPG',
    SpatialSamples: 4,
    TemporalSamples: 1,
    Quality: 'MEDIUM',
    RenderType: 'Default',
  } satisfies RenderJobSettingsInput,
  contentType: 'image/jpeg',
} as const;

/**
 * What became of one item of a job of many (a matrix's variants): waiting for its turn, on the engine now, rendered,
 * copied from the render cache, or skipped (its trim does not offer its paint).
 */
export const RENDER_ITEM_STATES = ['waiting', 'rendering', 'done', 'cached', 'skipped'] as const;
export type RenderItemState = (typeof RENDER_ITEM_STATES)[number];
export const renderJobItemSchema = z.object({
  /** Where the item sits in a grid of the job: a matrix's trim (and view, environment) … */
  row: z.string(),
  /** … and its paint. */
  column: z.string(),
  state: z.enum(RENDER_ITEM_STATES),
});
export type RenderJobItem = z.infer<typeof renderJobItemSchema>;

export const renderJobSchema = z.object({
  jobId: z.string(),
  kind: z.enum(RENDER_JOB_KINDS),
  status: renderJobStatusSchema,
  progress: z.number().int().min(0).max(PROGRESS_MAX),
  message: z.string(),
  error: z.string().nullable(),
  outputs: z.array(renderOutputSchema),
  /** The rendered asset a completed job's outputs became (the gallery's item); null until then. */
  renderedAssetId: z.string().nullable(),
  /** Each item of a job of many, in the order it renders them; empty for a job of one image, file or video. */
  items: z.array(renderJobItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RenderJob = z.infer<typeof renderJobSchema>;

export const renderJobParamsSchema = z.object({ jobId: z.string().min(1).max(64) });

/** Texts of the render service that the spec does not name. */
export const RENDER_MESSAGES = {
  queued: 'Waiting for a render worker',
  started: 'Rendering',
  completed: 'Render completed',
  fromCache: 'Render completed (from the render cache: the same still was rendered before)',
  cancelling: 'Cancelling',
  jobNotFound: 'Render job not found',
  workerLost: (attempt: number, of: number) =>
    `The render worker stopped answering during attempt ${attempt} of ${of}; the job will be tried again.`,
  attemptsExhausted: (attempts: number) =>
    `The render was abandoned after ${attempts} attempts: each time its worker stopped answering.`,
  animationPresetNotFound: 'Animation preset not found',
  animationWithoutFrames: (why = 'it has no frames') => `This animation cannot be rendered: ${why}`,
  configurationNotFound: 'Configuration not found',
  tooManyQueued: (limit: number) =>
    `You already have ${limit} render jobs waiting, the most one user may queue (RENDER_QUEUE_PER_USER). Wait for one to start, or cancel one.`,
  tooCostly: (cost: number, limit: number, parts: string) =>
    `This render is too large: ${parts} = ${cost.toLocaleString('en-US')} pixel-samples, over the limit of ${limit.toLocaleString('en-US')} per job (RENDER_MAX_JOB_COST). Lower the resolution, the anti-aliasing samples or the frames.`,
  sequenceTooLong: (frames: number) =>
    `This animation cannot be rendered: it is ${frames} frames long, and a sequence may be at most ${MAX_SEQUENCE_FRAMES} frames (2 minutes at 24 fps) with at most ${MAX_SEQUENCE_KEYFRAMES} keyframes`,
  adminOnly: 'Only administrators see the render queue',
} as const;

/** GET /admin/render-queue: who holds the render queue, one row per user with jobs waiting or rendering. */
export const renderQueueHolderSchema = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  queued: z.number().int().min(0),
  running: z.number().int().min(0),
  /** When the user's oldest waiting job was queued; null when none waits. */
  oldestQueuedAt: z.string().nullable(),
});
export type RenderQueueHolder = z.infer<typeof renderQueueHolderSchema>;
export const renderQueueSummarySchema = z.object({
  /** Most jobs first. */
  users: z.array(renderQueueHolderSchema),
  limits: z.object({ queuedPerUser: z.number(), runningPerUser: z.number(), jobCost: z.number() }),
});
export type RenderQueueSummary = z.infer<typeof renderQueueSummarySchema>;
