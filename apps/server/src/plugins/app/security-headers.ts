import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What helmet would send: browsers keep to https for a year, on every subdomain too. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * helmet's headers for every answer, except Strict-Transport-Security, which goes out only over https. Over plain
 * http it means nothing to a browser (RFC 6797 §8.1: ignore it) and tells a scanner the server was set up blindly;
 * behind a TLS-terminating proxy, request.protocol reads X-Forwarded-Proto when TRUST_PROXY is on, and only then.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // sonner and Radix set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
});
