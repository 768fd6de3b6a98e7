import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE, MEDIA_COOKIE } from '@autostudio/protocol';

export const OPENAPI_DOCS_PATH = `${API_BASE}/docs`;

export interface OpenApiOptions {
  version: string;
  /** Whether a route is behind a sign-in guard (plugins/app/authentication.ts knows); the document marks those. */
  requiresSignIn: (route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'>) => boolean;
}

/**
 * The OpenAPI document, made from the zod schemas every route declares, and Swagger UI to read it. Register it
 * before any route, so that it sees them all.
 */
export const openApiPlugin = fp<OpenApiOptions>(async (app: FastifyInstance, { version, requiresSignIn }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Autostudio API',
        version,
        description: 'The REST API of Autostudio. Errors answer with `{statusCode, error, message}`.',
      },
      servers: [{ url: API_BASE }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          mediaCookie: { type: 'apiKey', in: 'cookie', name: MEDIA_COOKIE.name },
          engineKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'ENGINE_REGISTRATION_KEY, which engines present to register themselves',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      // The server entry is /api, so paths are written relative to it; the web app's routes are not the API.
      if (url !== API_BASE && !url.startsWith(`${API_BASE}/`)) return { schema: { ...schema, hide: true }, url };
      // A route behind a sign-in guard says so, unless it names its own credentials.
      const guarded = requiresSignIn(input.route) && !('security' in schema);
      return { schema: guarded ? { ...schema, security: [{ bearer: [] }] } : schema, url: url.slice(API_BASE.length) };
    },
    // Schemas with a zod `id` (the error body) become components that responses refer to. zod stamps them with
    // `$id` and `$schema`; a fragment `$id` is not valid JSON Schema and the document's version says the rest.
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input);
      const schemas = 'components' in document ? document.components?.schemas : undefined;
      for (const component of Object.values(schemas ?? {})) {
        delete (component as { $id?: unknown }).$id;
        delete (component as { $schema?: unknown }).$schema;
      }
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: OPENAPI_DOCS_PATH });
});
