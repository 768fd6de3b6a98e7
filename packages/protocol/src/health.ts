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

/** GET /health/ready: whether this copy can serve, each dependency checked (Redis only when configured). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.object({
    database: componentSchema,
    storage: componentSchema,
    redis: componentSchema.optional(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
