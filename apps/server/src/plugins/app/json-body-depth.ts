import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_DEPTH_MESSAGE, nestsDeeperThan } from '@autostudio/protocol';
import { badRequest } from '../../http/errors.js';

/**
 * Refuses JSON bodies nested deeper than MAX_JSON_DEPTH before any schema or handler walks them. JSON.parse reads
 * any depth; what comes after it (zod, JSON.stringify, our own code) recurses and would overflow the stack.
 */
export const jsonBodyDepthPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.body !== null && typeof request.body === 'object' && nestsDeeperThan(request.body)) {
      throw badRequest(`body: ${JSON_DEPTH_MESSAGE}`);
    }
  });
});
