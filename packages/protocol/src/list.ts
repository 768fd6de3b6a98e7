import { z } from 'zod';

/** The list contract every list endpoint shares: page, limit and search in, items and total out. */
export const MAX_LIST_LIMIT = 100;
export const MAX_SEARCH_LENGTH = 200;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Columns each list may be sorted by (query `sort`, `order` asc|desc); without `sort` a list keeps its own order. */
export const LIST_SORTS = {
  users: ['name', 'username'],
  groups: ['name', 'updatedAt'],
  presets: ['name', 'category', 'type', 'updatedAt'],
  configs: ['name', 'updatedAt'],
  assetModels: ['name', 'category', 'brand', 'version', 'updatedAt'],
  renderedAssets: ['name', 'category', 'type', 'brand', 'createdAt'],
} as const;
export type ListSortName = keyof typeof LIST_SORTS;
export type ListSortColumn<L extends ListSortName> = (typeof LIST_SORTS)[L][number];

export function listQuerySchema<L extends ListSortName>(defaults: { page: number; limit: number }, list: L) {
  const columns: (typeof LIST_SORTS)[L] = LIST_SORTS[list];
  return z.object({
    page: z.coerce.number().int().min(1).default(defaults.page),
    limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(defaults.limit),
    search: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
    sort: z.enum(columns).optional(),
    order: z.enum(SORT_ORDERS).optional(),
  });
}

/** The chosen sort of a list; `order` alone (without `sort`) changes nothing. */
export type ListSort<C extends string = string> = { sort?: C | undefined; order?: SortOrder | undefined };

export type ListQuery<C extends string = string> = {
  page: number;
  limit: number;
  search?: string | undefined;
} & ListSort<C>;

// Any zod schema, full or mini (the user schema is mini: see roles.ts).
export function listResultSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

export type ListResult<T> = { items: T[]; total: number };
