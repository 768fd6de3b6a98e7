import { z } from 'zod';

/** Every REST error answers with this body (ARCHITECTURE.md "Protocols"). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
