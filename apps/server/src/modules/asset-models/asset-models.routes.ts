import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  assetModelFilterOptionsSchema,
  assetModelSchema,
  assetModelsQuerySchema,
  idParamsSchema,
  listResultSchema,
  modelDownloadLinkSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { registerShareRoutes } from '../access/share.routes.js';
import type { AssetModelsService } from './asset-models.service.js';
import { errorResponses } from '../../http/errors.js';

const tags = ['asset models'];

const signedFileParamsSchema = z.object({
  token: z.string().min(1).max(2048),
  fileName: z.string().min(1).max(255),
});

/** A file's bytes; described for the OpenAPI document, never used to serialize (the body is a stream). */
const fileBody = z.unknown().meta({
  description: 'The bytes of the model file',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});
const errors = errorResponses(400, 401, 403, 404, 413);

export interface AssetModelsRoutesOptions {
  assetModels: AssetModelsService;
  /** Where engines reach this server (ENGINE_FILES_URL, or where local engines do); undefined: as the browser did. */
  engineFilesUrl?: (() => string | undefined) | undefined;
}

export const assetModelsRoutes: FastifyPluginAsyncZod<AssetModelsRoutesOptions> = async (
  app,
  { assetModels, engineFilesUrl },
) => {
  // request.protocol and request.host honour X-Forwarded-* only when TRUST_PROXY is on.
  const engineFilesOrigin = (request: FastifyRequest) => engineFilesUrl?.() ?? `${request.protocol}://${request.host}`;

  const guard = requireUser;

  app.get(
    API_ROUTES.assetModels.filtered,
    {
      schema: {
        tags,
        summary: 'A page of asset models',
        querystring: assetModelsQuerySchema,
        response: { 200: listResultSchema(assetModelSchema), ...errors },
      },
      preHandler: guard,
    },
    (request) => assetModels.filtered(currentUser(request), request.query, request.query),
  );

  app.get(
    API_ROUTES.assetModels.filterOptions,
    {
      schema: {
        tags,
        summary: 'Categories, regions, brands and types in use',
        response: { 200: assetModelFilterOptionsSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => assetModels.filterOptions(currentUser(request)),
  );

  app.get(
    API_ROUTES.assetModels.byId,
    {
      schema: {
        tags,
        summary: 'Get an asset model',
        params: idParamsSchema,
        response: { 200: assetModelSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => assetModels.get(currentUser(request), request.params.id),
  );

  app.post(
    API_ROUTES.assetModels.downloadLink,
    {
      schema: {
        tags,
        summary: 'A short-lived URL of the model file for your engine to download (no cookie or token needed)',
        params: idParamsSchema,
        response: { 200: modelDownloadLinkSchema, ...errorResponses(400, 401, 404) },
      },
      preHandler: guard,
    },
    (request) => assetModels.downloadLink(currentUser(request), request.params.id, engineFilesOrigin(request)),
  );

  app.get(
    API_ROUTES.assetModels.signedFile,
    {
      schema: {
        tags,
        summary: 'The model file behind a signed link (engines download it; the link is the credential)',
        security: [],
        params: signedFileParamsSchema,
        response: { 200: fileBody, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await assetModels.signedFile(request.params.token, request.params.fileName);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    API_ROUTES.assetModels.create,
    {
      schema: {
        tags,
        summary:
          'Create an asset model (multipart: file, previewFile, name, description, category, type, brand, region, settings)',
        consumes: ['multipart/form-data'],
        response: { 201: assetModelSchema, ...errors },
      },
      preHandler: guard,
    },
    async (request, reply) => reply.status(201).send(await assetModels.create(currentUser(request), request)),
  );

  app.put(
    API_ROUTES.assetModels.update,
    {
      schema: {
        tags,
        summary: 'Update an asset model; a new file makes a new version',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: assetModelSchema, ...errors },
      },
      preHandler: guard,
    },
    (request) => assetModels.update(currentUser(request), request.params.id, request),
  );

  registerShareRoutes(app, {
    tags,
    paths: API_ROUTES.assetModels,
    response: assetModelSchema,
    guard,
    share: (user, id, principal, ids, remove) => assetModels.share(user, id, principal, ids, remove),
  });

  app.put(
    API_ROUTES.assetModels.delete,
    {
      schema: {
        tags,
        summary: 'Delete an asset model and all its versions',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: guard,
    },
    async (request, reply) => {
      await assetModels.delete(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
