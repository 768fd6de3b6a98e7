import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, idParamsSchema, uploadSchema } from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import type { UploadsService } from './uploads.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['uploads'];
const errors = errorResponses(400, 401, 403, 404, 413);

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.post(
    API_ROUTES.uploads.create,
    {
      schema: {
        tags,
        summary: 'Upload an image (multipart: file, filename, groupId); without groupId it starts a new group',
        consumes: ['multipart/form-data'],
        response: { 201: uploadSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => reply.status(201).send(await uploads.create(currentUser(request), request)),
  );

  app.get(
    API_ROUTES.uploads.byId,
    {
      schema: { tags, summary: 'Get an upload', params: idParamsSchema, response: { 200: uploadSchema, ...errors } },
      preHandler: requireUser,
    },
    (request) => uploads.get(currentUser(request), request.params.id),
  );

  app.get(
    API_ROUTES.uploads.byGroup,
    {
      schema: {
        tags,
        summary: 'Uploads of a group you own, or that a preset you may see shows',
        params: z.object({ groupId: z.string().min(1).max(64) }),
        response: { 200: z.array(uploadSchema), ...errors },
      },
      preHandler: requireUser,
    },
    (request) => uploads.inGroup(currentUser(request), request.params.groupId),
  );

  app.delete(
    API_ROUTES.uploads.byId,
    {
      schema: { tags, summary: 'Delete an upload', params: idParamsSchema, response: { 204: z.null(), ...errors } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await uploads.delete(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
