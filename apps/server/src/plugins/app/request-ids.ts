import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';

/** The id of the request whose work runs now, wherever it logs from: a route's `request.log` or a service's `app.log`. */
const current = new AsyncLocalStorage<string>();

/**
 * The logger's mixin: every line written while a request is served carries its `reqId`, so that a machine can follow
 * a request through the services it calls. Lines of `request.log`, which has the id bound already, are left as they
 * are (a key twice in one JSON line would be read differently by different tools).
 */
export function requestIdMixin(_object: object, _level: number, logger: Logger): { reqId?: string } {
  const reqId = current.getStore();
  if (reqId === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId };
}

const enter = (request: FastifyRequest, _reply: unknown, done: () => void) => current.run(request.id, done);

/**
 * Serves each request inside its id's context. Entered again before validation: a body is read on the socket's own
 * events, and what runs after the parser would otherwise have left the request's context.
 */
export const requestIdsPlugin: FastifyPluginCallback = fp(
  (app, _options, done) => {
    app.addHook('onRequest', enter);
    app.addHook('preValidation', enter);
    done();
  },
  { name: 'request-ids' },
);
