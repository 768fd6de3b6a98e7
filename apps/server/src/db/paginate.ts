import type { SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@autostudio/protocol';
import type { Database } from './schema.js';
import { toNumber } from './search.js';

/**
 * One page of a filtered query and the total of all its matches, in one round trip (`count(*) over()`); a
 * second query counts only when the page lies past the end and so carries no row to read the total from.
 * `filtered` must return a fresh builder with the joins and filters applied and nothing selected.
 */
export async function paginate<TB extends keyof Database, Row>(
  filtered: () => SelectQueryBuilder<Database, TB, object>,
  page: ListQuery,
  select: (query: SelectQueryBuilder<Database, TB, object>) => SelectQueryBuilder<Database, TB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await select(filtered())
    .select((eb) => eb.fn.countAll<string | number>().over().as('__total'))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  const first = rows[0];
  if (first) return { rows, total: toNumber(first.__total) };
  if (page.page === 1) return { rows, total: 0 };
  const { count } = await filtered()
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: toNumber(count) };
}
