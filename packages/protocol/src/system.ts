import { z } from 'zod';
import { renderJobStatusSchema, RENDER_JOB_KINDS } from './render-jobs.js';
import { streamQualitySchema } from './stream-quality.js';

/** Who holds an engine or a job, by the name the admin console shows. */
const holderSchema = z.object({ userId: z.string(), username: z.string().nullable() });

export const ENGINE_STATES = ['busy', 'resetting', 'idle'] as const;

/**
 * GET /admin/system: what the studio is doing now, for the administrators' system page. The same reads as the
 * metrics' gauges (modules/metrics), so that the two agree.
 */
export const systemOverviewSchema = z.object({
  /** Streaming engines this server copy knows. */
  engines: z.array(
    z.object({
      id: z.string(),
      instanceId: z.string(),
      state: z.enum(ENGINE_STATES),
      /** The user whose session holds it; null unless busy. */
      holder: holderSchema.nullable(),
      /** When that session began. */
      heldSince: z.string().nullable(),
    }),
  ),
  /** Live engine sessions, oldest first, with what their viewer last reported of the stream. */
  sessions: z.array(
    holderSchema.extend({
      sessionId: z.string(),
      engineId: z.string(),
      startedAt: z.string(),
      lastHeartbeatAt: z.string(),
      streamQuality: streamQualitySchema.omit({ sessionId: true }).nullable(),
      streamQualityAt: z.string().nullable(),
    }),
  ),
  /** Render jobs waiting and rendering, oldest first. */
  renderJobs: z.array(
    holderSchema.extend({
      jobId: z.string(),
      kind: z.enum([...RENDER_JOB_KINDS, 'preview', 'configStill']),
      status: renderJobStatusSchema,
      progress: z.number(),
      message: z.string(),
      createdAt: z.string(),
      startedAt: z.string().nullable(),
    }),
  ),
});
export type SystemOverview = z.infer<typeof systemOverviewSchema>;
