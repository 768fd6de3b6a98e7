import http from 'node:http';
import { once } from 'node:events';
import type { Metrics } from './metrics.js';
import { bearsToken, METRICS_MESSAGES, METRICS_PATH } from './metrics.routes.js';

/**
 * GET /metrics on a port of its own, for a process without an HTTP server of its own (`npm run worker`); the same
 * token as the server's. Anything else is 404.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host?: string; token: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    const answer = (status: number, headers: http.OutgoingHttpHeaders, body: string) => {
      response.writeHead(status, headers).end(body);
    };
    if (request.method !== 'GET' || path !== METRICS_PATH) return answer(404, {}, '');
    if (!bearsToken(request.headers.authorization, options.token))
      return answer(401, { 'www-authenticate': 'Bearer realm="metrics"' }, METRICS_MESSAGES.unauthorized);
    metrics.text().then(
      ({ contentType, body }) => answer(200, { 'content-type': contentType, 'cache-control': 'no-store' }, body),
      () => answer(500, {}, ''),
    );
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
