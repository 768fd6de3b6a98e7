import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  createUserRequestSchema,
  idParamsSchema,
  listResultSchema,
  updateUserRequestSchema,
  userListItemSchema,
  userSchema,
  usersQuerySchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireMember, requireRole } from '../../plugins/app/authentication.js';
import type { UsersService } from './users.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const admin = requireRole('admin');

  // Anyone who may share looks people up by name: the share dialog needs it (guests share nothing).
  app.get(
    API_ROUTES.users.filtered,
    {
      schema: {
        tags,
        summary: 'List users',
        querystring: usersQuerySchema,
        response: { 200: listResultSchema(userListItemSchema), ...errors },
      },
      preHandler: requireMember,
    },
    (request) => users.list(currentUser(request), request.query),
  );

  app.get(
    API_ROUTES.users.byId,
    {
      schema: { tags, summary: 'Get a user', params: idParamsSchema, response: { 200: userSchema, ...errors } },
      preHandler: admin,
    },
    (request) => users.get(request.params.id),
  );

  app.post(
    API_ROUTES.users.create,
    {
      schema: {
        tags,
        summary: 'Create a user (administrators only)',
        security: [{ bearer: [] }],
        body: createUserRequestSchema,
        response: { 201: userSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => reply.status(201).send(await users.create(request.body)),
  );

  app.put(
    API_ROUTES.users.byId,
    {
      schema: {
        tags,
        summary: 'Update a user',
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema, ...errors },
      },
      preHandler: admin,
    },
    (request) => users.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    API_ROUTES.users.byId,
    {
      schema: { tags, summary: 'Delete a user', params: idParamsSchema, response: { 204: z.null(), ...errors } },
      preHandler: admin,
    },
    async (request, reply) => {
      await users.delete(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
