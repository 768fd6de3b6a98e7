import { sql, type RawBuilder } from 'kysely';
import type { User } from '@autostudio/protocol';
import type { ShareTableName } from '../../db/schema.js';

/**
 * The SQL condition "the user may see this row": they own it, or it is shared with them or with a group they
 * belong to. Written once as SQL so every list filters in the database, with the same meaning on both dialects.
 * The share lookup is an uncorrelated `in (…)`: both databases compute it once per query, where a correlated
 * `exists` ran once per row (measured in bench/list-bench.mjs).
 */
export function visibleTo(
  user: User,
  options: { ownerColumn: string; keyColumn: string; shareTable: ShareTableName },
): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(options.ownerColumn)} = ${user.id} or ${sql.ref(options.keyColumn)} in (
    ${sharedWith(user, options.shareTable)}
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
