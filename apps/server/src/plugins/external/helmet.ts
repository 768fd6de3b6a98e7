import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * helmet's security headers on every answer, with a content security policy the web app lives within.
 * Strict-Transport-Security is left to plugins/app/security-headers.ts, which sends it over https only.
 */
export const helmetPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Sockets to this server ('self' covers ws: and wss: of the page's own host) and to the Pixel Streaming
        // signalling address the sessions hand out: PUBLIC_URL's, which may name the host differently, or without
        // it the page's own. No other host.
        connectSrc: ["'self'", ...(options.publicUrl ? [signallingOrigin(options.publicUrl)] : [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // sonner and Radix set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
});

/** The WebSocket origin of the public URL: players reach the signalling there (plugins/app/engines.ts). */
function signallingOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}
