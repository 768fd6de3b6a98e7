import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, idParamsSchema, uploadEngineLinkSchema, uploadSchema } from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import type { UploadsService } from './uploads.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['uploads'];
const errors = errorResponses(400, 401, 403, 404, 413);

const signedFileParamsSchema = z.object({
  token: z.string().min(1).max(2048),
  fileName: z.string().min(1).max(255),
});

/** An image's bytes; described for the OpenAPI document, never used to serialize (the body is a stream). */
const imageBody = z.unknown().meta({
  description: 'The bytes of the uploaded image',
  content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
});

export interface UploadsRoutesOptions {
  uploads: UploadsService;
  /** Where engines reach this server (ENGINE_FILES_URL, or where local engines do); undefined: as the browser did. */
  engineFilesUrl?: (() => string | undefined) | undefined;
}

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, { uploads, engineFilesUrl }) => {
  // request.protocol and request.host honour X-Forwarded-* only when TRUST_PROXY is on.
  const engineFilesOrigin = (request: FastifyRequest) => engineFilesUrl?.() ?? `${request.protocol}://${request.host}`;

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

  app.post(
    API_ROUTES.uploads.engineLink,
    {
      schema: {
        tags,
        summary:
          "A short-lived URL of an upload's image for your engine to fetch (no cookie or token needed): for backplates, HDRI backdrops and composition guides",
        params: idParamsSchema,
        response: { 200: uploadEngineLinkSchema, ...errorResponses(400, 401, 404) },
      },
      preHandler: requireUser,
    },
    (request) => uploads.engineLink(currentUser(request), request.params.id, engineFilesOrigin(request)),
  );

  app.get(
    API_ROUTES.uploads.signedFile,
    {
      schema: {
        tags,
        summary: 'The image behind a signed upload link (engines fetch it; the link is the credential)',
        security: [],
        params: signedFileParamsSchema,
        response: { 200: imageBody, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await uploads.signedFile(request.params.token, request.params.fileName);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
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
