import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * multipart/form-data bodies. Files stream to storage; the limits per kind of file are applied where each route
 * reads its parts (storage/multipart.ts), so here only the shape of a form is bounded: no form of ours has more
 * than two files.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { files: 2, parts: 30 } });
});
