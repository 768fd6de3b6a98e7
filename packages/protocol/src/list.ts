import { z } from 'zod';

/** The list contract every list endpoint shares: page, limit and search in, items and total out. */
export const MAX_LIST_LIMIT = 100;
export const MAX_SEARCH_LENGTH = 200;

export function listQuerySchema(defaults: { page: number; limit: number }) {
  return z.object({
    page: z.coerce.number().int().min(1).default(defaults.page),
    limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(defaults.limit),
    search: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  });
}

export type ListQuery = { page: number; limit: number; search?: string | undefined };

// Any zod schema, full or mini (the user schema is mini: see roles.ts).
export function listResultSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

export type ListResult<T> = { items: T[]; total: number };
