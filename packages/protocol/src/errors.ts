// zod/mini: every page's API client reads errors with it (see roles.ts).
import * as z from 'zod/mini';

/** Every REST error answers with this body (ARCHITECTURE.md "Protocols"). */
export const errorBodySchema = z
  .object({
    statusCode: z.number().check(z.int()),
    error: z.string(),
    message: z.string(),
  })
  // Named once in the OpenAPI document and referred to by every error response.
  .register(z.globalRegistry, { id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
