import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, configSchema, configsQuerySchema, idParamsSchema, listResultSchema } from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { registerShareRoutes } from '../access/share.routes.js';
import type { ConfigsService } from './configs.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['configurations'];
const errors = errorResponses(400, 401, 403, 404, 413);

export const configsRoutes: FastifyPluginAsyncZod<{ configs: ConfigsService }> = async (app, { configs }) => {
  const guard = requireUser;

  app.get(
    API_ROUTES.configs.filtered,
    {
      schema: {
        tags,
        summary: 'A page of configurations',
        querystring: configsQuerySchema,
        response: { 200: listResultSchema(configSchema), ...errors },
      },
      preHandler: guard,
    },
    (request) => configs.filtered(currentUser(request), request.query),
  );

  app.get(
    API_ROUTES.configs.byId,
    {
      schema: {
        tags,
        summary: 'Get a configuration',
        params: idParamsSchema,
        response: { 200: configSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => configs.get(currentUser(request), request.params.id),
  );

  app.post(
    API_ROUTES.configs.create,
    {
      schema: {
        tags,
        summary: 'Save a configuration (multipart: name, description, projectPath, settings, imageFile)',
        consumes: ['multipart/form-data'],
        response: { 201: configSchema, ...errors },
      },
      preHandler: guard,
    },
    async (request, reply) => reply.status(201).send(await configs.create(currentUser(request), request)),
  );

  app.put(
    API_ROUTES.configs.update,
    {
      schema: {
        tags,
        summary: 'Update a configuration (multipart; every field optional)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: configSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => configs.update(currentUser(request), request.params.id, request),
  );

  registerShareRoutes(app, {
    tags,
    paths: API_ROUTES.configs,
    response: configSchema,
    guard,
    share: (user, id, principal, ids, remove) => configs.share(user, id, principal, ids, remove),
  });

  app.put(
    API_ROUTES.configs.delete,
    {
      schema: {
        tags,
        summary: 'Delete a configuration',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: guard,
    },
    async (request, reply) => {
      await configs.delete(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
