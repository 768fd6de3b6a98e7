import { sql, type RawBuilder } from 'kysely';
import type { User } from '@autostudio/protocol';
import type { ShareTableName } from '../../db/schema.js';

/**
 * How the share lookup is asked, which decides what it costs (bench/list-explain.mjs):
 * - `all`: an uncorrelated `in (…)`, computed once per query. A list walked through its sort index tests many rows,
 *   and a correlated `exists` ran once for each of them (measured in bench/list-bench.mjs).
 * - `each`: a correlated `exists` that looks the row's key up in the share index. For the few rows a name search
 *   finds, where the set of every key shared with a user is the cost: with 10,000 presets shared with them, a
 *   search's total took 15–25 ms on PostgreSQL as a set and 3.6–5 ms as lookups, on the same loaded machine.
 */
export type ShareLookup = 'all' | 'each';

/**
 * The SQL condition "the user may see this row": they own it, or it is shared with them or with a group they
 * belong to. Written once as SQL so every list filters in the database, with the same meaning on both dialects.
 */
export function visibleTo(
  user: User,
  options: { ownerColumn: string; keyColumn: string; shareTable: ShareTableName; lookup: ShareLookup },
): RawBuilder<boolean> {
  const owned = sql<boolean>`${sql.ref(options.ownerColumn)} = ${user.id}`;
  const key = sql.ref(options.keyColumn);
  if (options.lookup === 'all') return sql<boolean>`(${owned} or ${key} in (${sharedWith(user, options.shareTable)}))`;
  return sql<boolean>`(${owned} or exists (
    select 1 from ${sql.table(options.shareTable)} s where s.entity_id = ${key}
      and (s.user_id = ${user.id} or s.group_id in (select gm.group_id from group_members gm where gm.user_id = ${user.id}))
  ))`;
}

/**
 * The keys of the items shared with the user or with a group they belong to (with repeats). Its two halves are a
 * `union all` rather than one `where … or …`: each half reads its own share index (`<share table>_user_idx`,
 * `_group_idx`), where the `or` read every share of every item.
 */
export function sharedWith(user: User, shareTable: ShareTableName): RawBuilder<unknown> {
  const shares = sql.table(shareTable);
  return sql`select s.entity_id from ${shares} s where s.user_id = ${user.id}
    union all
    select s.entity_id from ${shares} s join group_members gm on gm.group_id = s.group_id where gm.user_id = ${user.id}`;
}
