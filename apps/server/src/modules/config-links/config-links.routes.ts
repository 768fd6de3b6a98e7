import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  configLinkSchema,
  createConfigLinkBodySchema,
  idParamsSchema,
  linkIdParamsSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { errorResponses } from '../../http/errors.js';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import type { ConfigLinksService } from './config-links.service.js';

const tags = ['configurations'];
const errors = errorResponses(400, 401, 403, 404);

/** A configuration's share links, for whoever manages it: the share dialog's list, a new link, a revocation. */
export const configLinksRoutes: FastifyPluginAsyncZod<{ links: ConfigLinksService }> = async (app, { links }) => {
  app.get(
    API_ROUTES.configs.links,
    {
      schema: {
        tags,
        summary: "A configuration's share links that still open it, newest first",
        params: idParamsSchema,
        response: { 200: z.array(configLinkSchema), ...errors },
      },
      preHandler: requireUser,
    },
    (request) => links.list(currentUser(request), request.params.id),
  );

  app.post(
    API_ROUTES.configs.links,
    {
      schema: {
        tags,
        summary: 'Make a read-only share link that opens the configuration without sign-in',
        params: idParamsSchema,
        body: createConfigLinkBodySchema,
        response: { 201: configLinkSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      reply.status(201).send(await links.create(currentUser(request), request.params.id, request.body.expiresInDays)),
  );

  app.delete(
    API_ROUTES.configs.link,
    {
      schema: {
        tags,
        summary: 'Revoke a share link',
        params: linkIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await links.revoke(currentUser(request), request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  );
};
