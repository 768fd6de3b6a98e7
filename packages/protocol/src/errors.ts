import { z } from 'zod';

/** Every REST error answers with this body (ARCHITECTURE.md "Protocols"). */
export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
  })
  // Named once in the OpenAPI document and referred to by every error response.
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
