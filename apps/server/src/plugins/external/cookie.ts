import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Signed cookies: the media cookie and single sign-on's login cookie. The secret is one derived from AUTH_SECRET. */
export const cookiePlugin = fp<{ secret: string }>(async (app: FastifyInstance, { secret }) => {
  await app.register(cookie, { secret });
});
