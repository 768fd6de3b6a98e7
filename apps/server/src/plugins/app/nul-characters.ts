import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findNulCharacter, NUL_CHARACTER_MESSAGE } from '@autostudio/protocol';
import { badRequest } from '../../http/errors.js';

/**
 * Refuses U+0000 anywhere in a request's path parameters, query and JSON body, before any schema or handler sees
 * it (multipart text fields are checked by storage/parse-fields.ts). PostgreSQL cannot store it, so without this an
 * id or a description holding one answered 500 there and was stored on SQLite.
 */
export const nulCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const path = findNulCharacter(request[part]);
      if (path !== undefined) throw badRequest(`${path ? `${part}.${path}` : part}: ${NUL_CHARACTER_MESSAGE}`);
    }
  });
});
