import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The files of a built web app under `root`, by their own paths only: no directory index and no wildcard, so that
 * the not-found handler decides what every other path answers.
 */
export const staticFilesPlugin = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // Hashed assets never change; index.html must always be fresh so a deploy takes effect at once.
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});
