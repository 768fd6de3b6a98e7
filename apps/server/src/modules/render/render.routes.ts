import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type RenderJob,
  API_ROUTES,
  carModelRequestSchema,
  matrixRenderRequestSchema,
  turntableRequestSchema,
  renderJobParamsSchema,
  renderJobSchema,
  renderEstimatesSchema,
  renderQueueSummarySchema,
  stillRenderRequestSchema,
  videoRenderRequestSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { errorResponses } from '../../http/errors.js';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import type { RenderService } from './render.service.js';

const tags = ['render service'];
const errors = errorResponses(400, 401, 403, 404);
/**
 * Starting a render: 413 when the user's files already take their whole storage quota, 429 when they already have as
 * many jobs waiting as one user may.
 */
const startErrors = errorResponses(400, 401, 403, 404, 413, 429);

/**
 * Logs a job the request queued, so that the request's lines (its reqId) lead to the job's, which carry its jobId on
 * the worker that renders it.
 */
function queued(request: FastifyRequest, job: RenderJob): RenderJob {
  request.log.info({ jobId: job.jobId, kind: job.kind, status: job.status }, 'render job queued');
  return job;
}

export const renderRoutes: FastifyPluginAsyncZod<{ render: RenderService }> = async (app, { render }) => {
  const guard = requireUser;

  app.post(
    API_ROUTES.render.still,
    {
      schema: {
        tags,
        summary: 'Queue a still of a configuration with render settings and metadata; answers the queued job',
        body: stillRenderRequestSchema,
        response: { 202: renderJobSchema, ...startErrors },
      },
      preHandler: guard,
    },
    async (request, reply) =>
      reply.status(202).send(queued(request, await render.startStill(currentUser(request), request.body))),
  );

  app.post(
    API_ROUTES.render.video,
    {
      schema: {
        tags,
        summary: 'Queue a video of a preset animation or of an animation preset; answers the queued job',
        body: videoRenderRequestSchema,
        response: { 202: renderJobSchema, ...startErrors },
      },
      preHandler: guard,
    },
    async (request, reply) =>
      reply.status(202).send(queued(request, await render.startVideo(currentUser(request), request.body))),
  );

  app.post(
    API_ROUTES.render.matrix,
    {
      schema: {
        tags,
        summary:
          'Queue a variant matrix: every chosen trim in every chosen paint as stills of one view and look, a contact sheet and a ZIP, as one job; answers the queued job',
        body: matrixRenderRequestSchema,
        response: { 202: renderJobSchema, ...startErrors },
      },
      preHandler: guard,
    },
    async (request, reply) =>
      reply.status(202).send(queued(request, await render.startMatrix(currentUser(request), request.body))),
  );

  app.post(
    API_ROUTES.render.turntable,
    {
      schema: {
        tags,
        summary:
          'Queue a turntable: the car turned once in front of the configuration’s camera as 24, 36 or 72 evenly spaced frames, and on request a video of them, as one job; answers the queued job',
        body: turntableRequestSchema,
        response: { 202: renderJobSchema, ...startErrors },
      },
      preHandler: guard,
    },
    async (request, reply) =>
      reply.status(202).send(queued(request, await render.startTurntable(currentUser(request), request.body))),
  );

  app.post(
    API_ROUTES.render.carModel,
    {
      schema: {
        tags,
        summary:
          'Queue an export of the configured car (trim, paint, doors) as GLB and USDZ files, made by a render engine, with a picture for the gallery; answers the queued job',
        body: carModelRequestSchema,
        response: { 202: renderJobSchema, ...startErrors },
      },
      preHandler: guard,
    },
    async (request, reply) =>
      reply.status(202).send(queued(request, await render.startCarModel(currentUser(request), request.body))),
  );

  app.get(
    API_ROUTES.render.queueSummary,
    {
      schema: {
        tags,
        summary:
          'Administrators: who holds the render queue, per user the jobs waiting and rendering and since when the oldest waits; and the limits the queue keeps',
        response: { 200: renderQueueSummarySchema, ...errorResponses(401, 403) },
      },
      preHandler: guard,
    },
    (request) => render.queueSummary(currentUser(request)),
  );

  app.get(
    API_ROUTES.render.estimates,
    {
      schema: {
        tags,
        summary:
          "How long renders take on this installation's engines, per kind (still, video) and tier (raster: LOW and MEDIUM; high), fitted to the latest finished renders; empty before the first",
        response: { 200: renderEstimatesSchema, ...errorResponses(401) },
      },
      preHandler: guard,
    },
    () => render.estimates(),
  );

  app.get(
    API_ROUTES.render.status,
    {
      schema: {
        tags,
        summary: "A render job's status, progress, message, error and outputs",
        params: renderJobParamsSchema,
        response: { 200: renderJobSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => render.status(currentUser(request), request.params.jobId),
  );

  app.delete(
    API_ROUTES.render.cancel,
    {
      schema: {
        tags,
        summary: 'Cancel a render job: its render stops, and the job and its partial output are deleted',
        params: renderJobParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: guard,
    },
    async (request, reply) => {
      await render.cancel(currentUser(request), request.params.jobId);
      return reply.status(204).send(null);
    },
  );
};
