import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@autostudio/protocol';
import { z } from 'zod';
import type { LoginChecks } from './oidc-client.js';

/**
 * The checks of one single sign-on travel with the browser in a signed cookie rather than in server memory, so that
 * the callback may reach any server copy behind a load balancer. The signature (a key derived from the auth secret) stops a forged
 * verifier or state; HttpOnly keeps scripts away from it; SameSite=Lax still sends it on the provider's top-level
 * redirect back to us.
 */
const COOKIE_NAME = 'autostudio_sso';
const COOKIE_PATH = `${API_BASE}/auth/sso`;
const LIFETIME_SECONDS = 10 * 60;

const cookieSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  /** Epoch milliseconds. Checked here too: a cookie's own expiry is only the browser's promise. */
  expiresAt: z.number(),
});

export function setLoginCookie(reply: FastifyReply, checks: LoginChecks, secure: boolean): void {
  const value = { ...checks, expiresAt: Date.now() + LIFETIME_SECONDS * 1000 };
  reply.setCookie(COOKIE_NAME, Buffer.from(JSON.stringify(value)).toString('base64url'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    maxAge: LIFETIME_SECONDS,
  });
}

/** The checks of the sign-in under way, or a reason why there are none (absent, tampered with or expired). */
export function readLoginCookie(request: FastifyRequest): LoginChecks | { failure: string } {
  const raw = request.cookies[COOKIE_NAME];
  if (!raw) return { failure: 'no sign-in is under way in this browser (missing login cookie)' };
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid) return { failure: 'the login cookie is not signed by this server' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return { failure: 'the login cookie is not readable' };
  }
  const result = cookieSchema.safeParse(parsed);
  if (!result.success) return { failure: 'the login cookie is not readable' };
  if (result.data.expiresAt <= Date.now()) return { failure: 'the login cookie has expired' };
  const { state, nonce, codeVerifier } = result.data;
  return { state, nonce, codeVerifier };
}

/** One cookie serves one sign-in: it goes whatever the outcome. */
export function clearLoginCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(COOKIE_NAME, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
}
