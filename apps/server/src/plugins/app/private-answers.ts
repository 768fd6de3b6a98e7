import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@autostudio/protocol';

/** The value every API answer carries unless its route chose its own (media files: `private, max-age=…`). */
export const PRIVATE_ANSWER_CACHE_CONTROL = 'no-store';

const isApiUrl = (url: string) => url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

/**
 * API answers carry tokens (sign-in, refresh) and private data (lists, items, share lists), so no cache, neither the
 * browser's (a shared computer's back button, its disk cache) nor a proxy's, may keep them: `no-store` unless the
 * route set a Cache-Control of its own, which is how a route opts out deliberately. Decided by path at the root, not
 * per route, so errors, refusals, 404s of unknown API paths and routes added later are covered alike.
 */
export const privateAnswersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_ANSWER_CACHE_CONTROL);
    }
  });
});
