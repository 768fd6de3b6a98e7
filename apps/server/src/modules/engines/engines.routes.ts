import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENGINE_REGISTRATION_MESSAGES,
  ENGINE_REGISTRATION_ROUTES,
  engineIdBodySchema,
  engineRegistrationResponseSchema,
  engineRegistrationSchema,
} from '@autostudio/protocol';
import { bearerToken } from '../../plugins/app/authentication.js';
import { errorResponses, notFound, unauthorized } from '../../http/errors.js';
import type { EngineProvider } from './engine-pool.js';
import { RegisteredEngineProvider } from './registered-engine-provider.js';

const tags = ['engines'];
const security = [{ engineKey: [] }];
const okSchema = z.object({ ok: z.literal(true) });

/**
 * Self-registration of engines (ENGINE_PROVIDER=register). Engines, not people, call these, with the shared key
 * as a bearer token. The key is checked on request, before the body is read, so a caller without it learns
 * nothing about what a valid body looks like.
 */
export const enginesRoutes: FastifyPluginAsyncZod<{ provider: EngineProvider }> = async (app, { provider }) => {
  const registry = provider instanceof RegisteredEngineProvider ? provider : null;

  const checkKey = async (request: FastifyRequest) => {
    if (!registry) throw notFound(ENGINE_REGISTRATION_MESSAGES.notEnabled);
    const key = bearerToken(request);
    if (!key) throw unauthorized(ENGINE_REGISTRATION_MESSAGES.missingKey);
    if (!registry.keyMatches(key)) {
      request.log.warn({ ip: request.ip }, 'engine registration with a wrong key');
      throw unauthorized(ENGINE_REGISTRATION_MESSAGES.wrongKey);
    }
  };
  // The registry exists whenever checkKey let the request through.
  const required = (): RegisteredEngineProvider => {
    if (!registry) throw notFound(ENGINE_REGISTRATION_MESSAGES.notEnabled);
    return registry;
  };

  app.post(
    ENGINE_REGISTRATION_ROUTES.register,
    {
      onRequest: checkKey,
      schema: {
        tags,
        summary: 'An engine joins the pool (or refreshes its registration)',
        security,
        body: engineRegistrationSchema,
        response: { 200: engineRegistrationResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => required().register(request.body),
  );

  app.post(
    ENGINE_REGISTRATION_ROUTES.heartbeat,
    {
      onRequest: checkKey,
      schema: {
        tags,
        summary: 'A registered engine is still there',
        security,
        body: engineIdBodySchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      if (!required().heartbeat(request.body.engineId)) throw notFound(ENGINE_REGISTRATION_MESSAGES.unknownEngine);
      return { ok: true as const };
    },
  );

  app.post(
    ENGINE_REGISTRATION_ROUTES.deregister,
    {
      onRequest: checkKey,
      schema: {
        tags,
        summary: 'A registered engine leaves the pool (a session on it turns to Error)',
        security,
        body: engineIdBodySchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      if (!required().deregister(request.body.engineId)) throw notFound(ENGINE_REGISTRATION_MESSAGES.unknownEngine);
      return { ok: true as const };
    },
  );
};
