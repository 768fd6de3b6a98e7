import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  optionalSessionIdBodySchema,
  sessionIdBodySchema,
  sessionReleaseBodySchema,
  sessionPolicySchema,
  sessionResponseSchema,
  SESSION_POLICY_DEFAULTS,
  STATE_MESSAGES,
  streamQualitySchema,
  type SessionPolicy,
  type User,
} from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { errorResponses, notFound } from '../../http/errors.js';
import type { SessionOutcome, SessionsService } from './sessions.service.js';

const tags = ['sessions'];
const response = {
  200: sessionResponseSchema,
  404: sessionResponseSchema,
  503: sessionResponseSchema,
  ...errorResponses(400, 401),
};

/** What a session route reads from its body, when it has one. */
interface SessionBody {
  sessionId?: string | undefined;
  pageClosed?: boolean | undefined;
}

interface SessionRoute {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  body?: z.ZodType<SessionBody>;
  run: (sessions: SessionsService, user: User, body: SessionBody) => Promise<SessionOutcome>;
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
    run: (s, user, { sessionId }) => s.heartbeat(user, sessionId),
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
    summary: 'Give your engine back (with pageClosed: unless the page comes back within the grace period)',
    body: sessionReleaseBodySchema,
    run: (s, user, { sessionId, pageClosed }) =>
      pageClosed ? s.releaseAfterPageClose(user, sessionId) : s.release(user, sessionId),
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
    run: (s, user, { sessionId }) => s.heartbeat(user, sessionId),
  },
  {
    method: 'POST',
    url: API_ROUTES.sessions.sessionRelease,
    summary: 'Give an engine back',
    body: sessionIdBodySchema,
    run: (s, user, { sessionId }) => s.release(user, sessionId),
  },
];

/**
 * A signalling address without PUBLIC_URL is a path: it is completed with the address the browser used, so that a
 * server reached under any name (HOST=0.0.0.0, a proxy) hands out one its players can reach. request.protocol and
 * request.host honour X-Forwarded-Proto and -Host only when TRUST_PROXY is on.
 */
function onRequestOrigin(instanceUrl: string, request: FastifyRequest): string {
  if (!instanceUrl.startsWith('/')) return instanceUrl;
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}${instanceUrl}`;
}

export interface SessionsRoutesOptions {
  sessions: SessionsService;
  /** How long a studio may sit without input (idleMs 0: forever); the page enforces it, the server decides it. */
  idleMs?: number | undefined;
}

export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (app, { sessions, idleMs }) => {
  const policy: SessionPolicy = { ...SESSION_POLICY_DEFAULTS, idleMs: idleMs ?? SESSION_POLICY_DEFAULTS.idleMs };
  app.get(
    API_ROUTES.sessions.policy,
    {
      schema: {
        tags,
        summary: 'How long the studio may sit without input before it warns and gives its engine back',
        response: { 200: sessionPolicySchema, ...errorResponses(401) },
      },
      preHandler: requireUser,
    },
    () => policy,
  );
  app.post(
    API_ROUTES.sessions.streamQuality,
    {
      schema: {
        tags,
        summary: "What your player receives of your session's stream (reported every 10 s while it streams)",
        body: streamQualitySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      if (!(await sessions.reportStreamQuality(currentUser(request), request.body)))
        throw notFound(STATE_MESSAGES.sessionExpired);
      return reply.status(204).send(null);
    },
  );
  const answer = async (route: SessionRoute, request: FastifyRequest, input: SessionBody, reply: FastifyReply) => {
    const { statusCode, ...body } = await route.run(sessions, currentUser(request), input);
    const details = body.sessionDetails && {
      ...body.sessionDetails,
      instanceUrl: onRequestOrigin(body.sessionDetails.instanceUrl, request),
    };
    return reply.status(statusCode).send({ ...body, sessionDetails: details });
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
        handler: (request, reply) => answer(route, request, request.body, reply),
      });
    } else {
      app.route({
        method,
        url,
        schema: { tags, summary, response },
        preHandler: requireUser,
        handler: (request, reply) => answer(route, request, {}, reply),
      });
    }
  }
};
