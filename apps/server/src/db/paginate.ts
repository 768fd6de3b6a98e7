import type { SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@autostudio/protocol';
import type { Database } from './schema.js';
import { toNumber } from './search.js';

/**
 * One page of a filtered query and the total of all its matches. The page and the count are two queries
 * run side by side rather than one with `count(*) over()`: the window makes the database materialise and
 * sort every match, while the page alone walks an index in order and stops after `offset + limit` rows
 * (measured in bench/list-bench.mjs). `filtered` must return a fresh builder with the joins and filters
 * applied and nothing selected. `total`, when given, answers the count without counting the matches (a list's
 * count summary, modules/access/item-conditions.ts summaryTotal) and must give the same number.
 */
export async function paginate<TB extends keyof Database, Row>(
  filtered: () => SelectQueryBuilder<Database, TB, object>,
  page: ListQuery,
  select: (query: SelectQueryBuilder<Database, TB, object>) => SelectQueryBuilder<Database, TB, Row>,
  total?: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, counted] = await Promise.all([
    select(filtered())
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    total
      ? total()
      : filtered()
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => toNumber(row.count)),
  ]);
  return { rows, total: counted };
}
