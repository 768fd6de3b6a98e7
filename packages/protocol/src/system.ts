import { z } from 'zod';
import { renderJobStatusSchema, RENDER_JOB_KINDS } from './render-jobs.js';
import { streamQualitySchema } from './stream-quality.js';

/** Who holds an engine or a job, by the name the admin console shows. */
const holderSchema = z.object({ userId: z.string(), username: z.string().nullable() });

export const ENGINE_STATES = ['busy', 'resetting', 'idle'] as const;
export const PROCESS_ROLES = ['server', 'worker'] as const;

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
      /** Since when this server copy has known it running (started or registered); null for a configured list. */
      upSince: z.string().nullable(),
    }),
  ),
  /** Engines being started now (local provider), not yet in the list above. */
  enginesStarting: z.number().int().nonnegative(),
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
  /** Server copies and render workers on this database whose heartbeat is recent, servers first. */
  processes: z.array(
    z.object({
      id: z.string(),
      role: z.enum(PROCESS_ROLES),
      host: z.string(),
      pid: z.number().int(),
      version: z.string(),
      startedAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});
export type SystemOverview = z.infer<typeof systemOverviewSchema>;
