import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, createUserRequestSchema, errorBodySchema, userSchema } from '@autostudio/protocol';
import { requireRole } from '../../plugins/app/authentication.js';
import type { UsersService } from './users.service.js';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.post(
    API_ROUTES.users.create,
    {
      schema: {
        tags,
        summary: 'Create a user (administrators only)',
        security: [{ bearer: [] }],
        body: createUserRequestSchema,
        response: {
          201: userSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
      preHandler: requireRole('admin'),
    },
    async (request, reply) => reply.status(201).send(await users.create(request.body)),
  );
};
