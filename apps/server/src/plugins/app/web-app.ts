import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, PRODUCT_MESSAGES } from '@autostudio/protocol';
import { staticFilesPlugin } from '../external/static.js';

/**
 * Serves the built web app. Any GET that is not an API call and not a file answers with index.html, so that
 * the client-side router owns every other path (spec §2: unknown paths redirect to /).
 */
export const webAppPlugin = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  const index = path.join(root, 'index.html');
  const hasWebApp = fs.existsSync(index);
  if (!hasWebApp) app.log.warn({ root }, 'no built web app found; serving the API only (run npm run build)');
  else {
    await app.register(staticFilesPlugin, { root });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(index));
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: PRODUCT_MESSAGES.routeNotFound(request.method, request.url.split('?')[0] ?? request.url),
    });
  });
});
