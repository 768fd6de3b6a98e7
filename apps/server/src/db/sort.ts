import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListSort } from '@autostudio/protocol';

/**
 * Orders a list page by the column its reader chose, or by the list's own order when they chose none. Ties
 * break on id in the same direction, so pages never overlap and a descending sort walks a `(column, id)` index
 * backwards. The column is compared as stored, not through lower(): a function of the column would stop the
 * name, updated_at and created_at indexes from serving the page (bench/list-bench.mjs).
 */
export function orderList<DB, TB extends keyof DB, O, C extends string>(
  select: SelectQueryBuilder<DB, TB, O>,
  table: string,
  columns: Readonly<Record<C, string>>,
  chosen: ListSort<C>,
  ownOrder: (select: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  if (!chosen.sort) return ownOrder(select);
  const order = chosen.order ?? 'asc';
  return select.orderBy(sql.ref(`${table}.${columns[chosen.sort]}`), order).orderBy(sql.ref(`${table}.id`), order);
}
