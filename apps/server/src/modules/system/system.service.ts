import type { StreamQuality, SystemOverview } from '@autostudio/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineProvider } from '../engines/engine-pool.js';
import { recentProcesses } from './process-heartbeat.js';

type EngineEntry = SystemOverview['engines'][number];

/** Live engine sessions, oldest first, with their user's name and what their viewer last reported of the stream. */
function liveSessions(db: Kysely<Database>) {
  return db
    .selectFrom('engine_sessions')
    .leftJoin('users', 'users.id', 'engine_sessions.user_id')
    .select([
      'engine_sessions.id',
      'engine_sessions.user_id',
      'engine_sessions.engine_id',
      'engine_sessions.created_at',
      'engine_sessions.last_heartbeat_at',
      'engine_sessions.stream_quality',
      'engine_sessions.stream_quality_at',
      'users.username',
    ])
    .where('engine_sessions.status', '=', 'active')
    .orderBy('engine_sessions.created_at')
    .execute();
}
type LiveSession = Awaited<ReturnType<typeof liveSessions>>[number];

/**
 * The streaming engines this copy knows with their state: busy while a live session holds one (and whose), resetting
 * after a session until the reset is over, idle otherwise. The metrics count these; the system page lists them, from
 * the live sessions it read for its own list.
 */
export async function engineStates(
  db: Kysely<Database>,
  provider: EngineProvider,
  live: Promise<LiveSession[]> = liveSessions(db),
): Promise<EngineEntry[]> {
  const [held, resetting] = await Promise.all([live, db.selectFrom('engine_resets').select('engine_id').execute()]);
  const holders = new Map(held.map((row) => [row.engine_id, row]));
  const isResetting = new Set(resetting.map((row) => row.engine_id));
  return provider.engines().map((engine) => {
    const session = holders.get(engine.id);
    return {
      id: engine.id,
      instanceId: engine.instanceId,
      state: session ? 'busy' : isResetting.has(engine.id) ? 'resetting' : 'idle',
      holder: session ? { userId: session.user_id, username: session.username ?? null } : null,
      heldSince: session?.created_at ?? null,
      upSince: engine.upSince ?? null,
    };
  });
}

/** What the studio is doing now, for the administrators' system page (GET /admin/system). */
export class SystemService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly provider: EngineProvider,
  ) {}

  async overview(): Promise<SystemOverview> {
    const live = liveSessions(this.db);
    const [engines, sessions, jobs, processes] = await Promise.all([
      engineStates(this.db, this.provider, live),
      live,
      this.db
        .selectFrom('render_jobs')
        .leftJoin('users', 'users.id', 'render_jobs.owner_id')
        .select([
          'render_jobs.id',
          'render_jobs.kind',
          'render_jobs.status',
          'render_jobs.progress',
          'render_jobs.message',
          'render_jobs.owner_id',
          'render_jobs.created_at',
          'render_jobs.started_at',
          'users.username',
        ])
        .where('render_jobs.status', 'in', ['queued', 'running'])
        .orderBy('render_jobs.created_at')
        .limit(200)
        .execute(),
      recentProcesses(this.db),
    ]);
    return {
      engines,
      enginesStarting: this.provider.starting?.() ?? 0,
      sessions: sessions.map((row) => ({
        sessionId: row.id,
        userId: row.user_id,
        username: row.username ?? null,
        engineId: row.engine_id,
        startedAt: row.created_at,
        lastHeartbeatAt: row.last_heartbeat_at,
        streamQuality:
          row.stream_quality === null ? null : (JSON.parse(row.stream_quality) as Omit<StreamQuality, 'sessionId'>),
        streamQualityAt: row.stream_quality_at,
      })),
      renderJobs: jobs.map((row) => ({
        jobId: row.id,
        kind: row.kind,
        status: row.status === 'running' ? 'in progress' : 'queued',
        progress: row.progress,
        message: row.message,
        userId: row.owner_id,
        username: row.username ?? null,
        createdAt: row.created_at,
        startedAt: row.started_at,
      })),
      processes: processes.map((row) => ({
        id: row.id,
        role: row.role,
        host: row.host,
        pid: row.pid,
        version: row.version,
        startedAt: row.started_at,
        lastSeenAt: row.last_seen_at,
      })),
    };
  }
}
