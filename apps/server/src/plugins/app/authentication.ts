import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, isGuest, STATE_MESSAGES, type Role, type User } from '@autostudio/protocol';
import type { AuthService } from '../../modules/auth/auth.service.js';
import { forbidden, unauthorized } from '../../http/errors.js';

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
  app.addHook('onRoute', guardBeforeBody);
});

const guards = new WeakSet<object>();
const isGuard = (handler: unknown): boolean => typeof handler === 'function' && guards.has(handler);
const asList = (hooks: unknown): unknown[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Routes name their guard as a pre-handler, the last step before the handler; run there, a guard comes after the
 * body is read and validated, so a stranger learns from 400s what the route takes and makes the server parse
 * whatever they send. Every guard is moved to the route's onRequest hooks instead (after the authentication hook
 * above, which is the instance's): without sign-in the answer is 401 before the body is even read.
 */
function guardBeforeBody(route: RouteOptions): void {
  const moved = [...asList(route.preValidation), ...asList(route.preHandler)].filter(isGuard);
  if (moved.length === 0) return;
  const remove = (hooks: unknown) => asList(hooks).filter((handler) => !isGuard(handler));
  // The hook lists are typed per phase; a guard takes (request) and throws, which any phase accepts.
  Object.assign(route, {
    preValidation: remove(route.preValidation),
    preHandler: remove(route.preHandler),
    onRequest: [...asList(route.onRequest), ...moved],
  });
}

/** Whether a route is behind a sign-in guard; the OpenAPI document marks those routes. */
export function requiresSignIn(route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'>): boolean {
  return [route.onRequest, route.preValidation, route.preHandler].some((hooks) => asList(hooks).some(isGuard));
}

/** Route guard: a signed-in user is required. Runs before the body is read, wherever the route names it. */
export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  if (!request.user) throw unauthorized(STATE_MESSAGES.authenticationFailed);
};
guards.add(requireUser);

/**
 * Route guard: a signed-in user who is more than a guest. Guests look at what is shared with them; the people and
 * groups of the studio are for those who share.
 */
export const requireMember: preHandlerAsyncHookHandler = async (request) => {
  if (!request.user) throw unauthorized(STATE_MESSAGES.authenticationFailed);
  if (isGuest(request.user)) throw forbidden();
};
guards.add(requireMember);

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
