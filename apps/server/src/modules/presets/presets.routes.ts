import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  createPresetRequestSchema,
  idParamsSchema,
  listResultSchema,
  presetCategoriesQuerySchema,
  presetSchema,
  presetsFilteredQuerySchema,
  presetsQuerySchema,
  updatePresetRequestSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { registerShareRoutes } from '../access/share.routes.js';
import type { PresetsService } from './presets.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['presets'];
const errors = errorResponses(400, 401, 403, 404);

export const presetsRoutes: FastifyPluginAsyncZod<{ presets: PresetsService }> = async (app, { presets }) => {
  const guard = requireUser;

  app.get(
    API_ROUTES.presets.list,
    {
      schema: {
        tags,
        summary: 'All presets of a type',
        querystring: presetsQuerySchema,
        response: { 200: z.array(presetSchema), ...errors },
      },
      preHandler: guard,
    },
    (request) => presets.all(currentUser(request), request.query),
  );

  app.get(
    API_ROUTES.presets.categories,
    {
      schema: {
        tags,
        summary: 'Preset categories (without "default")',
        querystring: presetCategoriesQuerySchema,
        response: { 200: z.array(z.string()), ...errors },
      },
      preHandler: guard,
    },
    (request) => presets.categories(currentUser(request), request.query.type),
  );

  app.get(
    API_ROUTES.presets.filtered,
    {
      schema: {
        tags,
        summary: 'A page of presets',
        querystring: presetsFilteredQuerySchema,
        response: { 200: listResultSchema(presetSchema), ...errors },
      },
      preHandler: guard,
    },
    (request) => presets.filtered(currentUser(request), request.query, request.query),
  );

  app.get(
    API_ROUTES.presets.byId,
    {
      schema: { tags, summary: 'Get a preset', params: idParamsSchema, response: { 200: presetSchema, ...errors } },
      preHandler: guard,
    },
    (request) => presets.get(currentUser(request), request.params.id),
  );

  app.post(
    API_ROUTES.presets.create,
    {
      schema: {
        tags,
        summary: 'Create or copy a preset',
        body: createPresetRequestSchema,
        response: { 201: presetSchema, ...errors },
      },
      preHandler: guard,
    },
    async (request, reply) => reply.status(201).send(await presets.create(currentUser(request), request.body)),
  );

  app.put(
    API_ROUTES.presets.update,
    {
      schema: {
        tags,
        summary: 'Update a preset',
        params: idParamsSchema,
        body: updatePresetRequestSchema,
        response: { 200: presetSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => presets.update(currentUser(request), request.params.id, request.body),
  );

  registerShareRoutes(app, {
    tags,
    paths: API_ROUTES.presets,
    response: presetSchema,
    guard,
    share: (user, id, principal, ids, remove) => presets.share(user, id, principal, ids, remove),
  });

  app.put(
    API_ROUTES.presets.delete,
    {
      schema: { tags, summary: 'Delete a preset', params: idParamsSchema, response: { 204: z.null(), ...errors } },
      preHandler: guard,
    },
    async (request, reply) => {
      await presets.delete(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
