import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, idParamsSchema, storageUsageSchema } from '@autostudio/protocol';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { errorResponses } from '../../http/errors.js';
import type { StorageQuota } from './storage-quota.service.js';

const tags = ['storage'];

export const storageQuotaRoutes: FastifyPluginAsyncZod<{ quota: StorageQuota }> = async (app, { quota }) => {
  app.get(
    API_ROUTES.me.storage,
    {
      schema: {
        tags,
        summary: 'What your files take of your storage quota (uploads, asset model files, rendered assets)',
        response: { 200: storageUsageSchema, ...errorResponses(401) },
      },
      preHandler: requireUser,
    },
    (request) => quota.of(currentUser(request), currentUser(request).id),
  );

  app.get(
    API_ROUTES.users.storage,
    {
      schema: {
        tags: ['users'],
        summary: "What a user's files take of their storage quota (administrators only)",
        params: idParamsSchema,
        response: { 200: storageUsageSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: requireUser,
    },
    (request) => quota.of(currentUser(request), request.params.id),
  );
};
