import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../http/errors.js';
import type { Metrics } from './metrics.js';

export const METRICS_MESSAGES = {
  unauthorized: 'Send the metrics token (METRICS_TOKEN) as a Bearer token to read the metrics',
} as const;

/** Where Prometheus scrapes, outside /api: it is no part of the product's interface. */
export const METRICS_PATH = '/metrics';

/** Whether a request carries the scrape token, compared in constant time. */
export function bearsToken(authorization: string | undefined, token: string): boolean {
  const [scheme, credentials] = authorization?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'bearer' || credentials === undefined) return false;
  const given = Buffer.from(credentials);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every HTTP answer by route pattern and status, with its time, and serves GET /metrics to a scraper with the
 * token; without a token configured the route does not exist (404), so metrics are never open by mistake.
 */
export const metricsPlugin = fp<{ metrics: Metrics; token: string | undefined }>(
  async (app: FastifyInstance, { metrics, token }) => {
    app.addHook('onResponse', async (request: FastifyRequest, reply) => {
      // The pattern, not the path: one series per route, whatever ids the paths carry.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
      metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    if (token === undefined) return;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!bearsToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized(METRICS_MESSAGES.unauthorized);
      }
      const { contentType, body } = await metrics.text();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  },
);
