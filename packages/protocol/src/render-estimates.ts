import { z } from 'zod';
import type { RenderQuality } from './constants.js';
import { renderSamples } from './engine/render-queue.js';
import { RENDER_JOB_KINDS, type RenderJobKind, type Resolution } from './render-jobs.js';

/*
 * How long a render takes on this installation's engines, learnt from the renders it finished: the render dialogs
 * show it before a user starts one. A render's time grows with its work, pixels × samples × frames, on top of a fixed
 * cost (loading the scene, encoding, storing); the server fits both to recent renders of each kind and tier.
 */

/**
 * Renders that take the same time per unit of work: LOW and MEDIUM are raster samples on every engine; HIGH is path
 * traced where the engine can, so its time is learnt apart.
 */
export const RENDER_TIERS = ['raster', 'high'] as const;
export type RenderTier = (typeof RENDER_TIERS)[number];

export const renderTierOf = (quality: RenderQuality): RenderTier => (quality === 'HIGH' ? 'high' : 'raster');

/** A render's work: pixels × the samples its quality draws per image × frames. */
export function renderWork(
  resolution: Resolution,
  settings: { quality: RenderQuality; antiAliasSpatial: number; antiAliasTemporal: number },
  frames: number,
): number {
  const { samples } = renderSamples(settings.quality, settings.antiAliasSpatial, settings.antiAliasTemporal, false);
  return resolution.width * resolution.height * samples * frames;
}

/** What the server learnt of one kind and tier: seconds = fixedSeconds + secondsPerWork × work. */
export const renderTimingSchema = z.object({
  kind: z.enum(RENDER_JOB_KINDS),
  tier: z.enum(RENDER_TIERS),
  fixedSeconds: z.number().min(0),
  secondsPerWork: z.number().min(0),
  /** The finished renders it was learnt from. */
  renders: z.number().int().min(1),
});
export type RenderTiming = z.infer<typeof renderTimingSchema>;

/** GET /render-estimates: every kind and tier with a finished render; none before the first. */
export const renderEstimatesSchema = z.object({ timings: z.array(renderTimingSchema) });
export type RenderEstimates = z.infer<typeof renderEstimatesSchema>;

/** The expected seconds of a render, and how many renders say so; null when none of its kind and tier finished. */
export function estimateRenderSeconds(
  estimates: RenderEstimates,
  kind: RenderJobKind,
  quality: RenderQuality,
  work: number,
): { seconds: number; renders: number } | null {
  const timing = estimates.timings.find((t) => t.kind === kind && t.tier === renderTierOf(quality));
  if (!timing) return null;
  return { seconds: timing.fixedSeconds + timing.secondsPerWork * work, renders: timing.renders };
}

/** "about 40 s", "about 1 min 45 s", "about 2 h 5 min": rounded as an estimate is, to what a person plans by. */
export function formatEstimate(seconds: number): string {
  if (seconds < 10) return 'a few seconds';
  // To 5 s under 10 minutes, to the minute under an hour, to 5 minutes beyond.
  const step = seconds < 600 ? 5 : seconds < 3600 ? 60 : 300;
  const rounded = Math.round(seconds / step) * step;
  if (rounded < 60) return `about ${rounded} s`;
  if (rounded < 3600) {
    const [minutes, rest] = [Math.floor(rounded / 60), rounded % 60];
    return rest === 0 ? `about ${minutes} min` : `about ${minutes} min ${rest} s`;
  }
  const [hours, rest] = [Math.floor(rounded / 3600), Math.round((rounded % 3600) / 60)];
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`;
}
