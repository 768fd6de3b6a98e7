import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What helmet would send: browsers keep to https for a year, on every subdomain too. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security, which goes out only over https (helmet's other headers come from
 * plugins/external/helmet.ts). Over plain http it means nothing to a browser (RFC 6797 §8.1: ignore it) and tells a
 * scanner the server was set up blindly; behind a TLS-terminating proxy, request.protocol reads X-Forwarded-Proto
 * when TRUST_PROXY is on, and only then.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
});
