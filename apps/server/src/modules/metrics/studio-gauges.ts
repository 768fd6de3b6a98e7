import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineProvider } from '../engines/engine-pool.js';
import type { EngineLine } from '../engine-line/engine-line.service.js';
import type { Metrics } from './metrics.js';

/** The render queue's states as the status call names them (see RENDER_JOB_STATUSES), by the table's own. */
const JOB_STATES = { queued: 'queued', running: 'in progress', completed: 'completed', failed: 'failed' } as const;

/**
 * Gauges of what the studio holds, read at each scrape: render jobs by state and kind (the queue in the database, which
 * every copy and worker shares), engines by state, live sessions, the waiting line, and the signalling sockets of this
 * copy.
 */
export function registerStudioGauges(
  metrics: Metrics,
  parts: {
    db: Kysely<Database>;
    log: FastifyBaseLogger;
    /** Absent on a render worker, which lends no engines to users. */
    engines?: { provider: EngineProvider; line: EngineLine; signalling: { counts(): SignallingCounts } };
  },
): void {
  const onError = (error: unknown) => parts.log.warn({ err: error }, 'a metric could not be read');
  const { db } = parts;
  metrics.gauge({
    name: 'render_jobs',
    help: 'Render jobs in the queue by state (queued, in progress, completed, failed) and kind; cancelled ones are deleted.',
    labelNames: ['state', 'kind'],
    onError,
    read: async () => {
      const rows = await db
        .selectFrom('render_jobs')
        .select(['status', 'kind', (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('status', '!=', 'cancelled')
        .groupBy(['status', 'kind'])
        .execute();
      return rows.flatMap(({ status, kind, count }) =>
        status === 'cancelled' ? [] : [{ labels: { state: JOB_STATES[status], kind }, value: Number(count) }],
      );
    },
  });
  const { engines } = parts;
  if (!engines) return;

  metrics.gauge({
    name: 'engines',
    help: 'Streaming engines this copy knows, by state: busy (lent in a session), resetting (after one), idle.',
    labelNames: ['state'],
    onError,
    read: async () => {
      const known = engines.provider.engines().map((engine) => engine.id);
      const [busy, resetting] = await Promise.all([
        db.selectFrom('engine_sessions').select('engine_id').where('status', '=', 'active').execute(),
        db.selectFrom('engine_resets').select('engine_id').execute(),
      ]);
      const isBusy = new Set(busy.map((row) => row.engine_id));
      const isResetting = new Set(resetting.map((row) => row.engine_id));
      const count = { busy: 0, resetting: 0, idle: 0 };
      for (const id of known) count[isBusy.has(id) ? 'busy' : isResetting.has(id) ? 'resetting' : 'idle'] += 1;
      return Object.entries(count).map(([state, value]) => ({ labels: { state }, value }));
    },
  });
  metrics.gauge({
    name: 'engines_capacity',
    help: 'Most streaming engines this copy may lend at once.',
    labelNames: [],
    onError,
    read: () => Promise.resolve([{ labels: {}, value: engines.provider.capacity() }]),
  });
  metrics.gauge({
    name: 'engine_sessions',
    help: 'Engine sessions that are live now (a user holds an engine).',
    labelNames: [],
    onError,
    read: async () => {
      const { count } = await db
        .selectFrom('engine_sessions')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return [{ labels: {}, value: Number(count) }];
    },
  });
  metrics.gauge({
    name: 'engine_line_waiting',
    help: 'Users waiting in line for an engine (places asked for recently).',
    labelNames: [],
    onError,
    read: async () => [{ labels: {}, value: (await engines.line.summary()).waiting.length }],
  });
  metrics.gauge({
    name: 'signalling_connections',
    help: 'Signalling sockets open on this copy, by role: engines streaming (streamer) and viewers (player).',
    labelNames: ['role'],
    onError,
    read: () => {
      const { streamers, players } = engines.signalling.counts();
      return Promise.resolve([
        { labels: { role: 'streamer' }, value: streamers },
        { labels: { role: 'player' }, value: players },
      ]);
    },
  });
}

export interface SignallingCounts {
  streamers: number;
  players: number;
}
