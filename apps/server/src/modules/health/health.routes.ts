import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, healthSchema, readinessSchema, type Health, type Readiness } from '@autostudio/protocol';
import type { EngineProvider } from '../engines/engine-pool.js';
import { pingDatabase, type DatabaseHandle } from '../../db/database.js';
import type { BlobStore } from '../../storage/blob-store.js';

export interface HealthRoutesOptions {
  database: DatabaseHandle;
  storage: BlobStore;
  engines: EngineProvider;
  version: string;
  /** The Redis the copies share, when configured: readiness needs it to answer. */
  redis?: { ping(): Promise<void> } | undefined;
}

/** A dependency that does not answer within this is down, as far as a load balancer is concerned. */
const READY_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function probe(check: () => Promise<void>, okDetail: string): Promise<{ ok: boolean; detail: string }> {
  try {
    await check();
    return { ok: true, detail: okDetail };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Whether each part this copy depends on answers, each within READY_TIMEOUT_MS: the database, storage (S3 answers
 * HeadBucket for a bucket it can reach; a local folder is checked for writing) and Redis when configured. The health
 * report and the readiness answer ask the same questions.
 */
async function checkParts(options: HealthRoutesOptions) {
  const { redis, storage } = options;
  const [database, storageCheck, redisCheck] = await Promise.all([
    probe(() => within(pingDatabase(options.database.db), READY_TIMEOUT_MS, 'the database'), 'reachable'),
    probe(
      () => within(storage.check(), READY_TIMEOUT_MS, 'storage'),
      storage.driver === 's3' ? 'bucket reachable' : 'writable',
    ),
    redis ? probe(() => within(redis.ping(), READY_TIMEOUT_MS, 'Redis'), 'reachable') : undefined,
  ]);
  return { database, storage: storageCheck, ...(redisCheck ? { redis: redisCheck } : {}) };
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    API_ROUTES.ready,
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this copy can serve: the database, storage and Redis (when configured) answer',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const checks = await checkParts(options);
      const ready = Object.values(checks).every((check) => check.ok);
      const readiness: Readiness = { status: ready ? 'ready' : 'unready', checks };
      return reply.status(ready ? 200 : 503).send(readiness);
    },
  );

  app.get(
    API_ROUTES.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Report whether the database, storage and engines work',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const { database, storage } = await checkParts({ ...options, redis: undefined });
      // Engines are lent on demand: none running is not a fault, only a provider with no capacity at all.
      const running = options.engines.engines().length;
      const max = options.engines.capacity();
      const engines = {
        // Local engines start on demand and registered ones arrive on their own: none yet is not a fault.
        ok: max > 0 || options.engines.kind !== 'static',
        detail: running === 0 ? 'no engine running' : `${running} engine${running === 1 ? '' : 's'} known`,
        provider: options.engines.kind,
        max,
        running,
      };
      const health: Health = {
        status: database.ok && storage.ok ? 'ok' : 'degraded',
        version: options.version,
        uptimeSeconds: Math.round(process.uptime()),
        database: { ...database, dialect: options.database.dialect },
        storage: { ...storage, driver: options.storage.driver },
        engines,
      };
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
