import { z } from 'zod';

const componentSchema = z.object({ ok: z.boolean(), detail: z.string() });

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: componentSchema.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  storage: componentSchema.extend({ driver: z.enum(['local', 's3']) }),
  engines: componentSchema.extend({
    provider: z.enum(['local', 'static', 'register']),
    max: z.number().int(),
    running: z.number().int(),
  }),
});
export type Health = z.infer<typeof healthSchema>;
