import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  idParamsSchema,
  listResultSchema,
  renderedAssetFilterOptionsSchema,
  renderedAssetItemSchema,
  renderedAssetSchema,
  renderedAssetsQuerySchema,
  updateRenderedAssetRequestSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { registerShareRoutes } from '../access/share.routes.js';
import type { RenderedAssetsService } from './rendered-assets.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['rendered assets'];
const errors = errorResponses(400, 401, 403, 404);

export const renderedAssetsRoutes: FastifyPluginAsyncZod<{ renderedAssets: RenderedAssetsService }> = async (
  app,
  { renderedAssets },
) => {
  const guard = requireUser;

  app.get(
    API_ROUTES.renderedAssets.filtered,
    {
      schema: {
        tags,
        summary: 'A page of rendered assets',
        querystring: renderedAssetsQuerySchema,
        response: { 200: listResultSchema(renderedAssetSchema), ...errors },
      },
      preHandler: guard,
    },
    (request) => renderedAssets.filtered(currentUser(request), request.query, request.query),
  );

  app.get(
    API_ROUTES.renderedAssets.filterOptions,
    {
      schema: {
        tags,
        summary: 'Categories, types and brands in use',
        response: { 200: renderedAssetFilterOptionsSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => renderedAssets.filterOptions(currentUser(request)),
  );

  app.get(
    API_ROUTES.renderedAssets.byId,
    {
      schema: {
        tags,
        summary: 'Get a rendered asset',
        params: idParamsSchema,
        response: { 200: renderedAssetSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => renderedAssets.get(currentUser(request), request.params.id),
  );

  app.get(
    API_ROUTES.renderedAssets.items,
    {
      schema: {
        tags,
        summary: 'The files of a rendered asset',
        params: idParamsSchema,
        response: { 200: z.array(renderedAssetItemSchema), ...errors },
      },
      preHandler: guard,
    },
    (request) => renderedAssets.items(currentUser(request), request.params.id),
  );

  app.put(
    API_ROUTES.renderedAssets.update,
    {
      schema: {
        tags,
        summary: 'Update a rendered asset',
        params: idParamsSchema,
        body: updateRenderedAssetRequestSchema,
        response: { 200: renderedAssetSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => renderedAssets.update(currentUser(request), request.params.id, request.body),
  );

  registerShareRoutes(app, {
    tags,
    paths: API_ROUTES.renderedAssets,
    response: renderedAssetSchema,
    guard,
    share: (user, id, principal, ids, remove) => renderedAssets.share(user, id, principal, ids, remove),
  });

  app.put(
    API_ROUTES.renderedAssets.delete,
    {
      schema: {
        tags,
        summary: 'Delete a rendered asset',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: guard,
    },
    async (request, reply) => {
      await renderedAssets.delete(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
