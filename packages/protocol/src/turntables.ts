import { z } from 'zod';
import {
  IMAGE_FORMATS,
  IMAGE_RENDER_DEFAULTS,
  RENDER_QUALITIES,
  SHADOW_MODES,
  TIMELINE_FPS,
  VIDEO_FORMATS,
  VIDEO_RENDER_DEFAULTS,
} from './constants.js';
import { configSettingsSchema } from './configs.js';
import type { RenderShot } from './engine/render-queue.js';
import {
  renderMetadataSchema,
  requireCustomResolution,
  requireScene,
  resolutionFields,
  samples,
} from './render-jobs.js';

/**
 * A turntable's frames per turn: the counts spin viewers and retailers' sites take (every 15°, 10° and 5°). More
 * frames turn more smoothly under a finger and take longer to render.
 */
export const TURNTABLE_FRAME_COUNTS = [24, 36, 72] as const;
export type TurntableFrameCount = (typeof TURNTABLE_FRAME_COUNTS)[number];

/** A turntable's video turns the car once in this many seconds, whatever its frames (72 frames: 18 fps). */
export const TURNTABLE_VIDEO_SECONDS = 4;

/** The item kinds of a finished turntable in the gallery, beside the thumbnail. */
export const TURNTABLE_ITEM_KINDS = { frame: 'frame', video: 'video' } as const;

/** The rendered-asset type of a turntable. */
export const TURNTABLE_ASSET_TYPE = 'turntable';

/**
 * POST /render-turntable-workflow: the car turned once in front of the configuration's camera, as evenly spaced
 * stills of its look (frame 1 is the configuration's own view), and on request as a video of them.
 */
export const turntableRequestSchema = z
  .object({
    frames: z
      .union(TURNTABLE_FRAME_COUNTS.map((count) => z.literal(count)))
      .default(36)
      .describe(`Frames per turn: ${TURNTABLE_FRAME_COUNTS.join(', ')}`),
    ...resolutionFields('720p'),
    imageFormat: z.enum(IMAGE_FORMATS).default(IMAGE_RENDER_DEFAULTS.imageFormat),
    antiAliasSpatial: samples(4),
    antiAliasTemporal: samples(1),
    carShadowMode: z.enum(SHADOW_MODES).default('WithGround'),
    quality: z.enum(RENDER_QUALITIES).default(IMAGE_RENDER_DEFAULTS.quality),
    /** Also a video of the turn, in this format; null: the frames only. */
    videoFormat: z.enum(VIDEO_FORMATS).nullable().default(null),
    settings: configSettingsSchema.optional(),
    metadata: renderMetadataSchema,
  })
  .superRefine(requireCustomResolution)
  .superRefine(requireScene);
export type TurntableRequest = z.infer<typeof turntableRequestSchema>;
export type TurntableRequestInput = z.input<typeof turntableRequestSchema>;

/**
 * The camera move of a turntable: the exterior crane once round the car from `startYaw`, a keyframe on every frame so
 * that the frames stand exactly `360 / frames` degrees apart (between keys a shot's yaw follows a smooth curve, which
 * would bunch them up at the ends). Pitch and distance keep the configuration's.
 */
export function turntableShot(frames: TurntableFrameCount, startYaw = 0): RenderShot {
  return {
    Camera: 'Exterior',
    FrameRate: TIMELINE_FPS,
    Frames: frames,
    Keyframes: Array.from({ length: frames }, (_, index) => ({
      time: index / TIMELINE_FPS,
      yaw: startYaw + (360 * index) / frames,
    })),
  };
}

/** A turntable frame's file name: its number from 1, as wide as the largest, so that names sort as the turn goes. */
export const turntableFrameName = (index: number, frames: number, extension: string): string =>
  `frame-${String(index + 1).padStart(String(frames).length, '0')}.${extension}`;

/** Texts of the turntable render. */
export const TURNTABLE_MESSAGES = {
  startFailed: 'Failed to start the turntable',
  frame: (done: number, total: number) => `Rendering frame ${Math.min(done + 1, total)} of ${total}`,
  completed: (frames: number, video: string | null) =>
    `Rendered ${frames} frames${video ? ` and a ${video} video` : ''}`,
} as const;

/** The video default, kept beside the image one for the dialog. */
export const TURNTABLE_VIDEO_DEFAULT = VIDEO_RENDER_DEFAULTS.videoFormat;
