import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, STATE_MESSAGES, type Role, type User } from '@autostudio/protocol';
import type { AuthService } from '../../modules/auth/auth.service.js';
import { forbidden, unauthorized } from './http-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. Set before any handler runs. */
    user: User | null;
    /** The sign-in (refresh-token family) the request's credentials belong to; null when anonymous. */
    signInId: string | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export const authenticationPlugin = fp<{ auth: AuthService }>(async (app: FastifyInstance, { auth }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('signInId', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const authenticated = token ? await auth.authenticateSession(token) : null;
    if (authenticated) {
      request.user = authenticated.user;
      request.signInId = authenticated.familyId;
    }
  });
});

const guards = new WeakSet<object>();

/** Whether a route's pre-handler includes a sign-in guard; the OpenAPI document marks those routes. */
export function requiresSignIn(preHandler: unknown): boolean {
  const handlers: unknown[] = Array.isArray(preHandler) ? preHandler : [preHandler];
  return handlers.some((handler) => typeof handler === 'function' && guards.has(handler));
}

/** Route guard: a signed-in user is required. */
export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  if (!request.user) throw unauthorized(STATE_MESSAGES.authenticationFailed);
};
guards.add(requireUser);

/** Route guard: a signed-in user with the given role is required. */
export function requireRole(role: Role): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    if (!request.user) throw unauthorized(STATE_MESSAGES.authenticationFailed);
    if (!hasRole(request.user, role)) throw forbidden();
  };
  guards.add(guard);
  return guard;
}

/** The signed-in user of a request behind `requireUser`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized(STATE_MESSAGES.authenticationFailed);
  return request.user;
}
