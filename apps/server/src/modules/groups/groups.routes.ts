import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  createGroupRequestSchema,
  groupSchema,
  groupsQuerySchema,
  groupUsersRequestSchema,
  idParamsSchema,
  listResultSchema,
  updateGroupRequestSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireMember, requireRole } from '../../plugins/app/authentication.js';
import type { GroupsService } from './groups.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['groups'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  const admin = requireRole('admin');

  // Anyone who may share looks groups up by name: the share dialog needs it (guests share nothing).
  app.get(
    API_ROUTES.groups.filtered,
    {
      schema: {
        tags,
        summary: 'List groups',
        querystring: groupsQuerySchema,
        response: { 200: listResultSchema(groupSchema), ...errors },
      },
      preHandler: requireMember,
    },
    (request) => groups.list(currentUser(request), request.query),
  );

  app.get(
    API_ROUTES.groups.byId,
    {
      schema: { tags, summary: 'Get a group', params: idParamsSchema, response: { 200: groupSchema, ...errors } },
      preHandler: admin,
    },
    (request) => groups.get(request.params.id),
  );

  app.post(
    API_ROUTES.groups.create,
    {
      schema: {
        tags,
        summary: 'Create a group',
        body: createGroupRequestSchema,
        response: { 201: groupSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => reply.status(201).send(await groups.create(request.body)),
  );

  app.put(
    API_ROUTES.groups.byId,
    {
      schema: {
        tags,
        summary: 'Rename or describe a group',
        params: idParamsSchema,
        body: updateGroupRequestSchema,
        response: { 200: groupSchema, ...errors },
      },
      preHandler: admin,
    },
    (request) => groups.update(request.params.id, request.body),
  );

  app.put(
    API_ROUTES.groups.users,
    {
      schema: {
        tags,
        summary: 'Add or remove members',
        params: idParamsSchema,
        body: groupUsersRequestSchema,
        response: { 200: groupSchema, ...errors },
      },
      preHandler: admin,
    },
    (request) => groups.changeMembers(request.params.id, request.body.userIds, request.body.remove ?? false),
  );

  app.delete(
    API_ROUTES.groups.byId,
    {
      schema: { tags, summary: 'Delete a group', params: idParamsSchema, response: { 204: z.null(), ...errors } },
      preHandler: admin,
    },
    async (request, reply) => {
      await groups.delete(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
