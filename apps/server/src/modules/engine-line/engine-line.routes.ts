import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, engineLineSummarySchema, lineStandingSchema } from '@autostudio/protocol';
import { z } from 'zod';
import { errorResponses } from '../../http/errors.js';
import { currentUser, requireRole, requireUser } from '../../plugins/app/authentication.js';
import type { EngineLine } from './engine-line.service.js';

const tags = ['sessions'];

export interface EngineLineRoutesOptions {
  line: EngineLine;
}

export const engineLineRoutes: FastifyPluginAsyncZod<EngineLineRoutesOptions> = async (app, { line }) => {
  app.post(
    API_ROUTES.sessions.line,
    {
      schema: {
        tags,
        summary:
          'Every engine is in use: join the waiting line, or keep your place in it (ask every few seconds, or the place is given up); yourTurn says to ask for a session now',
        response: { 200: lineStandingSchema, ...errorResponses(401) },
      },
      preHandler: requireUser,
    },
    (request) => line.keepPlace(currentUser(request)),
  );

  app.delete(
    API_ROUTES.sessions.line,
    {
      schema: {
        tags,
        summary: 'Leave the waiting line (nothing happens when you are not in it)',
        response: { 204: z.null(), ...errorResponses(401) },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await line.leave(currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_ROUTES.sessions.lineSummary,
    {
      schema: {
        tags,
        summary: 'Administrators: how many engines are lent, and who waits for one, first in line first',
        response: { 200: engineLineSummarySchema, ...errorResponses(401, 403) },
      },
      preHandler: requireRole('admin'),
    },
    () => line.summary(),
  );
};
