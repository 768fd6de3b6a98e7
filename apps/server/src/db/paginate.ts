import type { SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@autostudio/protocol';
import type { Database } from './schema.js';
import { toNumber } from './search.js';

/**
 * One page of a filtered query and the total of all its matches. The page and the count are two queries
 * run side by side rather than one with `count(*) over()`: the window makes the database materialise and
 * sort every match, while the page alone walks an index in order and stops after `offset + limit` rows
 * (measured in bench/list-bench.mjs). `filtered` must return a fresh builder with the joins and filters
 * applied and nothing selected.
 */
export async function paginate<TB extends keyof Database, Row>(
  filtered: () => SelectQueryBuilder<Database, TB, object>,
  page: ListQuery,
  select: (query: SelectQueryBuilder<Database, TB, object>) => SelectQueryBuilder<Database, TB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, counted] = await Promise.all([
    select(filtered())
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    filtered()
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: toNumber(counted.count) };
}
