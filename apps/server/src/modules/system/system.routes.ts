import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, systemOverviewSchema } from '@autostudio/protocol';
import { errorResponses } from '../../http/errors.js';
import { requireRole } from '../../plugins/app/authentication.js';
import type { SystemService } from './system.service.js';

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    API_ROUTES.system,
    {
      schema: {
        tags: ['system'],
        summary: 'Administrators: the studio now: engines and who holds them, live sessions and their stream, renders',
        response: { 200: systemOverviewSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireRole('admin'),
    },
    () => system.overview(),
  );
};
