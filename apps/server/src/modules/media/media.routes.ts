import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  errorBodySchema,
  MEDIA_COOKIE,
  mediaCookieResponseSchema,
  STATE_MESSAGES,
} from '@autostudio/protocol';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/app/authentication.js';
import { unauthorized } from '../../http/errors.js';
import type { MediaCookies } from './media-cookie.js';
import type { MediaService } from './media.service.js';
import { mediaTypeOf } from './media-types.js';
import { sendBlob } from './send-blob.js';

export interface MediaRoutesOptions {
  media: MediaService;
  cookies: MediaCookies;
}

/** Blobs rarely change under one key, and once this has passed a revalidation costs a 304. */
const MEDIA_MAX_AGE_SECONDS = 300;

const tags = ['media'];

/** A blob's bytes; described for the OpenAPI document, never used to serialize (the body is a stream). */
const blobBody = z.unknown().meta({
  description: 'The bytes of the blob, or of the requested range',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});

/** Who is asking: the Bearer token when there is one, else the signed media cookie. */
function mediaAuthentication(cookies: MediaCookies): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const cookie = request.cookies[MEDIA_COOKIE.name];
    if (!request.user && cookie) {
      const unsigned = request.unsignCookie(cookie);
      const grant = unsigned.valid ? await cookies.userFrom(unsigned.value) : null;
      if (grant) {
        request.user = grant.user;
        request.signInId = grant.signInId;
      }
    }
    if (!request.user) throw unauthorized(STATE_MESSAGES.authenticationFailed);
  };
}

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { media, cookies }) => {
  app.get(
    API_ROUTES.storage.authCookie,
    {
      schema: {
        tags,
        summary: 'Set the cookie that lets the browser load media',
        security: [{ bearer: [] }],
        response: { 200: mediaCookieResponseSchema, 401: errorBodySchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      // requireUser passed, so the request came with a bearer token and its sign-in.
      const { value, expiresAt } = cookies.issue(currentUser(request).id, request.signInId ?? '');
      reply.setCookie(MEDIA_COOKIE.name, value, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        path: MEDIA_COOKIE.path,
        maxAge: cookies.ttlSeconds,
        // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on.
        secure: request.protocol === 'https',
      });
      reply.header('cache-control', 'no-store');
      return { expiresAt: expiresAt.toISOString(), expiresIn: cookies.ttlSeconds };
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: `${API_ROUTES.media}/*`,
    schema: {
      tags,
      summary: 'Read a stored file by key (ranges and revalidation supported)',
      security: [{ mediaCookie: [] }, { bearer: [] }],
      params: z.object({ '*': z.string().meta({ description: 'The key, e.g. users/{userId}/backplate.jpg' }) }),
      response: {
        200: blobBody,
        206: blobBody,
        304: z.null().meta({ description: 'The copy the client holds is current' }),
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
        416: errorBodySchema,
      },
    },
    // Before anything else of the request is looked at, as for every guarded route.
    onRequest: mediaAuthentication(cookies),
    handler: async (request, reply) => {
      const key = request.params['*'];
      const stat = await media.find(currentUser(request), key);
      return sendBlob(request, reply, {
        stat,
        contentType: mediaTypeOf(key),
        maxAgeSeconds: MEDIA_MAX_AGE_SECONDS,
        open: (range) => media.open(key, range),
      });
    },
  });
};
