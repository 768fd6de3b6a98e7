import { errorBodySchema, PRODUCT_MESSAGES } from '@autostudio/protocol';

/** An error the client caused or may see: its status and message go out as the `{statusCode, error, message}` body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string = PRODUCT_MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = PRODUCT_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The error answers a route documents, all with the one error body: `errorResponses(400, 401, 404)`. */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): Record<Codes[number], typeof errorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<
    Codes[number],
    typeof errorBodySchema
  >;
}
