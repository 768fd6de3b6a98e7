import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config.js';

/**
 * Rate limits, off by default: a route that needs one (sign-in) names its own in its config. Several server copies
 * count together in their shared Redis: behind a round-robin balancer, counts of their own would each let through the
 * whole limit, N times the limit in all.
 */
export const rateLimitPlugin = fp<{ redis?: AppConfig['redis'] }>(async (app: FastifyInstance, options) => {
  if (!options.redis) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // Fails at once while Redis is away (no queue, no retries), and the limit is skipped rather than sign-in refused.
  const redis = new Redis(options.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error (rate limits)'));
  app.addHook('onClose', () => redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${options.redis.prefix}:rate-limit:`,
    skipOnError: true,
  });
});
