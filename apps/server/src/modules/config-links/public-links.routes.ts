import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  CAR_MODEL_FILES,
  CAR_MODEL_FORMATS,
  publicConfigViewSchema,
  publicLinkParamsSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { errorResponses } from '../../http/errors.js';
import { safeFileName } from '../../storage/media-url.js';
import { sendBlob } from '../media/send-blob.js';
import type { ConfigLinksService } from './config-links.service.js';

const tags = ['share links'];
/** Every link that opens nothing answers the same 404; a malformed token is one of those too (no 400). */
const errors = errorResponses(404);

/** The picture's bytes; described for the OpenAPI document, never used to serialize (the body is a stream). */
const imageBody = z.unknown().meta({
  description: 'The configuration’s still (JPEG), or its save snapshot in its own type',
  content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
});

/** The answers of a route that sends a stored file: whole, a range, still current, a range it cannot send, or none. */
const fileResponses = (body: z.ZodType) => ({
  200: body,
  206: body,
  304: z.null().meta({ description: 'The copy the client holds is current' }),
  416: errorResponses(416)[416],
  ...errors,
});

/**
 * What a share link opens, without cookie or token: the link is the credential (`security: []`). No guard, no
 * session and no engine: these routes read the link and the configuration, nothing of who asks.
 */
export const publicLinksRoutes: FastifyPluginAsyncZod<{ links: ConfigLinksService }> = async (app, { links }) => {
  app.get(
    API_ROUTES.publicLinks.view,
    {
      schema: {
        tags,
        summary: 'What a share link shows: the configuration’s name, car, options and picture (no sign-in)',
        security: [],
        params: publicLinkParamsSchema,
        response: { 200: publicConfigViewSchema, ...errors },
      },
    },
    (request) => links.view(request.params.token),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: API_ROUTES.publicLinks.still,
    schema: {
      tags,
      summary: 'The picture of a share link’s configuration (no sign-in; ranges and revalidation supported)',
      security: [],
      params: publicLinkParamsSchema,
      response: fileResponses(imageBody),
    },
    handler: async (request, reply) => sendBlob(request, reply, await links.still(request.params.token)),
  });

  for (const format of CAR_MODEL_FORMATS) {
    const { extension, contentType } = CAR_MODEL_FILES[format];
    const fileBody = z.unknown().meta({
      description: `The car as configured, as ${format}`,
      content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: format === 'GLB' ? API_ROUTES.publicLinks.glb : API_ROUTES.publicLinks.usdz,
      schema: {
        tags,
        summary: `The share link’s car as configured, as a ${format} file for AR and 3D tools (no sign-in)`,
        security: [],
        params: publicLinkParamsSchema,
        response: fileResponses(fileBody),
      },
      handler: async (request, reply) => {
        const { blob, name } = await links.model(request.params.token, format);
        // Saved under the configuration's name, not the route's: the file a customer keeps.
        void reply.header('content-disposition', `attachment; filename="${safeFileName(name, 'car')}.${extension}"`);
        return sendBlob(request, reply, blob);
      },
    });
  }
};
