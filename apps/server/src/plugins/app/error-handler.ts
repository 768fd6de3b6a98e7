import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody } from '@autostudio/protocol';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { HttpError } from '../../http/errors.js';
import { storageFailure } from '../../storage/storage-errors.js';

function body(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** "body.username: Required": where the bad value is, then what is wrong with it. */
function describeIssue(issue: unknown, context: string | undefined): string {
  const { instancePath = '', message = 'is invalid' } = issue as { instancePath?: string; message?: string };
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = [context ?? 'request', field].filter(Boolean).join('.');
  return `${where}: ${message}`;
}

/**
 * One shape for every error: `{statusCode, error, message}`. Validation errors name the field; errors the
 * server did not expect are logged with the request id and answered without their details.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: unknown[] = error.validation;
      const message = issues.map((issue) => describeIssue(issue, error.validationContext)).join('; ');
      return reply.status(400).send(body(400, message));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message));
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(body(statusCode, error.message));
    }
    // A cancelled upload or a closed tab: the request's own connection went, with an ECONNRESET that is no sign of
    // the database, and no one is left to answer.
    if (request.raw.readableAborted) {
      request.log.info({ err: error }, 'request abandoned: the client closed the connection before its body was read');
      return reply.status(400).send(body(400, 'The request was cancelled before its body arrived'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send(body(503, 'The database cannot be reached just now. Try again in a moment.'));
    }
    const storage = storageFailure(error);
    if (storage) {
      request.log.error({ err: error }, 'request failed: the storage cannot take files');
      return reply.status(storage.statusCode).send(body(storage.statusCode, storage.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(500, 'Something went wrong on the server. It has been logged.'));
  });
});
