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
    select s.entity_id from ${sql.table(options.shareTable)} s
    where s.user_id = ${user.id}
      or s.group_id in (select gm.group_id from group_members gm where gm.user_id = ${user.id})
  ))`;
}
