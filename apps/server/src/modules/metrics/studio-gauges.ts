import { STREAM_QUALITY_FRESH_MS, type StreamQuality } from '@autostudio/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineProvider } from '../engines/engine-pool.js';
import type { EngineLine } from '../engine-line/engine-line.service.js';
import { recentProcesses } from '../system/process-heartbeat.js';
import { engineStates } from '../system/system.service.js';
import type { Metrics } from './metrics.js';

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
    help: 'Render jobs in the queue by state (queued, in progress) and kind; finished ones are counted by render_jobs_finished_total.',
    labelNames: ['state', 'kind'],
    onError,
    read: async () => {
      // Only the live part of the queue: the finished jobs grow without end, and the index on status keeps this small.
      const rows = await db
        .selectFrom('render_jobs')
        .select(['status', 'kind', (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('status', 'in', ['queued', 'running'])
        .groupBy(['status', 'kind'])
        .execute();
      return rows.map(({ status, kind, count }) => ({
        labels: { state: status === 'running' ? 'in progress' : 'queued', kind },
        value: Number(count),
      }));
    },
  });
  metrics.gauge({
    name: 'service_processes',
    help: 'Server copies and render workers on this database whose heartbeat is recent, by role.',
    labelNames: ['role'],
    onError,
    read: async () => {
      const count = { server: 0, worker: 0 };
      for (const { role } of await recentProcesses(db)) count[role] += 1;
      return Object.entries(count).map(([role, value]) => ({ labels: { role }, value }));
    },
  });
  const { engines } = parts;
  if (!engines) return;

  metrics.gauge({
    name: 'engines',
    help: 'Streaming engines this copy knows, by state: busy (lent in a session), resetting (after one), idle, and starting.',
    labelNames: ['state'],
    onError,
    read: async () => {
      const count = { busy: 0, resetting: 0, idle: 0, starting: engines.provider.starting?.() ?? 0 };
      for (const { state } of await engineStates(db, engines.provider)) count[state] += 1;
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
    read: async () => [{ labels: {}, value: await engines.line.waiting() }],
  });
  registerStreamGauges(metrics, db, onError);
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

/** Each measure of a viewer's report as a gauge, in Prometheus's base units (seconds, bits, ratios). */
const STREAM_GAUGES: {
  name: string;
  help: string;
  value: (quality: Omit<StreamQuality, 'sessionId'>) => number | null;
}[] = [
  { name: 'stream_frames_per_second', help: 'Frames per second the viewer decodes.', value: (q) => q.framesPerSecond },
  {
    name: 'stream_round_trip_seconds',
    help: "The viewer's current WebRTC round trip.",
    value: (q) => seconds(q.roundTripMs),
  },
  { name: 'stream_jitter_seconds', help: 'Jitter of the received video.', value: (q) => seconds(q.jitterMs) },
  {
    name: 'stream_packet_loss_ratio',
    help: 'Video packets lost of those expected over the last report (0–1).',
    value: (q) => q.packetLoss,
  },
  {
    name: 'stream_bitrate_bits_per_second',
    help: 'Video received per second.',
    value: (q) => (q.bitrateKbps === null ? null : q.bitrateKbps * 1000),
  },
  { name: 'stream_decode_seconds', help: 'Average time to decode a frame.', value: (q) => seconds(q.decodeMs) },
  {
    name: 'stream_control_to_photon_seconds',
    help: 'From the last control the studio sent to the first frame that showed it.',
    value: (q) => seconds(q.controlToPhotonMs),
  },
  { name: 'stream_width_pixels', help: 'Width of the received video.', value: (q) => q.width },
  { name: 'stream_height_pixels', help: 'Height of the received video.', value: (q) => q.height },
];

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

/**
 * The stream quality each live session's viewer last reported (STREAM_QUALITY_FRESH_MS at most ago), one series per
 * session and measure, labelled with the session, its engine and the codec. One read serves every gauge of a scrape.
 */
function registerStreamGauges(metrics: Metrics, db: Kysely<Database>, onError: (error: unknown) => void): void {
  let latest: Promise<StreamReport[]> | undefined;
  metrics.onScrape(() => (latest = undefined));
  const reports = () => (latest ??= freshReports(db));
  for (const gauge of STREAM_GAUGES) {
    metrics.gauge({
      name: gauge.name,
      help: `${gauge.help} As the viewer of each live session last reported it.`,
      labelNames: ['session', 'engine', 'codec'],
      onError,
      read: async () =>
        (await reports()).flatMap(({ session, engine, quality }) => {
          const value = gauge.value(quality);
          return value === null ? [] : [{ labels: { session, engine, codec: quality.codec ?? '' }, value }];
        }),
    });
  }
}

interface StreamReport {
  session: string;
  engine: string;
  quality: Omit<StreamQuality, 'sessionId'>;
}

async function freshReports(db: Kysely<Database>): Promise<StreamReport[]> {
  const since = new Date(Date.now() - STREAM_QUALITY_FRESH_MS).toISOString();
  const rows = await db
    .selectFrom('engine_sessions')
    .select(['id', 'engine_id', 'stream_quality'])
    .where('status', '=', 'active')
    .where('stream_quality_at', '>=', since)
    .execute();
  return rows.flatMap((row) =>
    row.stream_quality === null
      ? []
      : [
          {
            session: row.id,
            engine: row.engine_id,
            quality: JSON.parse(row.stream_quality) as Omit<StreamQuality, 'sessionId'>,
          },
        ],
  );
}
