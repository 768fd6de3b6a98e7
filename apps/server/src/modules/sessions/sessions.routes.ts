import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  optionalSessionIdBodySchema,
  sessionIdBodySchema,
  sessionResponseSchema,
  type User,
} from '@autostudio/protocol';
import type { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { errorResponses } from '../../http/errors.js';
import type { SessionOutcome, SessionsService } from './sessions.service.js';

const tags = ['sessions'];
const response = {
  200: sessionResponseSchema,
  404: sessionResponseSchema,
  503: sessionResponseSchema,
  ...errorResponses(400, 401),
};

interface SessionRoute {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  body?: z.ZodType<{ sessionId?: string | undefined }>;
  run: (sessions: SessionsService, user: User, sessionId: string | undefined) => Promise<SessionOutcome>;
}

/** Both path families of spec §7 answer alike; the second one names the session in its body. */
const ROUTES: SessionRoute[] = [
  {
    method: 'GET',
    url: API_ROUTES.sessions.allocate,
    summary: 'Get an engine session (or the one you have)',
    run: (s, user) => s.allocate(user),
  },
  {
    method: 'GET',
    url: API_ROUTES.sessions.current,
    summary: 'Your current engine session',
    run: (s, user) => s.current(user),
  },
  {
    method: 'POST',
    url: API_ROUTES.sessions.heartbeat,
    summary: 'Keep your engine session alive',
    body: optionalSessionIdBodySchema,
    run: (s, user, id) => s.heartbeat(user, id),
  },
  {
    method: 'POST',
    url: API_ROUTES.sessions.reconnect,
    summary: 'Keep your engine if it still answers, else get another',
    body: optionalSessionIdBodySchema,
    run: (s, user) => s.reconnect(user),
  },
  {
    method: 'POST',
    url: API_ROUTES.sessions.release,
    summary: 'Give your engine back',
    body: optionalSessionIdBodySchema,
    run: (s, user, id) => s.release(user, id),
  },
  {
    method: 'POST',
    url: API_ROUTES.sessions.requestAllocate,
    summary: 'Get an engine session',
    run: (s, user) => s.allocate(user),
  },
  {
    method: 'POST',
    url: API_ROUTES.sessions.sessionHeartbeat,
    summary: 'Keep an engine session alive',
    body: sessionIdBodySchema,
    run: (s, user, id) => s.heartbeat(user, id),
  },
  {
    method: 'POST',
    url: API_ROUTES.sessions.sessionRelease,
    summary: 'Give an engine back',
    body: sessionIdBodySchema,
    run: (s, user, id) => s.release(user, id),
  },
];

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  const answer = async (route: SessionRoute, user: User, sessionId: string | undefined, reply: FastifyReply) => {
    const { statusCode, ...body } = await route.run(sessions, user, sessionId);
    return reply.status(statusCode).send(body);
  };
  for (const route of ROUTES) {
    const { method, url, summary, body } = route;
    // A route with a body schema reads the session from the typed body; one without has none to read.
    if (body) {
      app.route({
        method,
        url,
        schema: { tags, summary, body, response },
        preHandler: requireUser,
        handler: (request, reply) => answer(route, currentUser(request), request.body.sessionId, reply),
      });
    } else {
      app.route({
        method,
        url,
        schema: { tags, summary, response },
        preHandler: requireUser,
        handler: (request, reply) => answer(route, currentUser(request), undefined, reply),
      });
    }
  }
};
