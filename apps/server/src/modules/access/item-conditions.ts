import { sql, type RawBuilder } from 'kysely';
import type { User } from '@autostudio/protocol';
import type { ShareTableName } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { nameContains, searchesByFtsTable, type SearchedTable } from '../../db/search.js';
import { seesEverything, type ItemKind } from './access-policy.js';
import { visibleTo } from './visibility.js';

export interface ItemConditionOptions {
  /** The database the conditions are for: SQLite and PostgreSQL search through different indexes. */
  db: Db;
  kind: ItemKind;
  table: SearchedTable;
  shareTable: ShareTableName;
  /** The column shares point at; `id` unless every version of an item shares one key. */
  keyColumn?: string;
  /** Rows everyone may see whatever the shares say (default presets). */
  everyone?: RawBuilder<boolean>;
  /** Column = value filters; undefined or empty values are left out. */
  equals?: Record<string, string | number | undefined>;
  /** Case-insensitive "name contains", through the table's trigram index (db/search.ts). */
  search?: string | undefined;
}

/**
 * The conditions every list of shareable items shares: live rows, the access rules, equality filters and the
 * name search. Each repository adds its own on top.
 */
export function itemConditions(user: User, options: ItemConditionOptions): RawBuilder<boolean>[] {
  const column = (name: string) => sql.ref(`${options.table}.${name}`);
  const conditions: RawBuilder<boolean>[] = [sql<boolean>`${column('deleted_at')} is null`];
  if (!seesEverything(user, options.kind)) {
    const visible = visibleTo(user, {
      ownerColumn: `${options.table}.owner_id`,
      keyColumn: `${options.table}.${options.keyColumn ?? 'id'}`,
      shareTable: options.shareTable,
    });
    conditions.push(options.everyone ? sql<boolean>`(${options.everyone} or ${visible})` : visible);
  }
  // When the search index finds the rows, SQLite must start from it: `+column` keeps the equality filters off the
  // list indexes, which a planner without fresh statistics would otherwise walk, testing every row (db/search.ts).
  const byIndex = options.search ? searchesByFtsTable(options.db, options.search) : false;
  for (const [name, value] of Object.entries(options.equals ?? {})) {
    if (value !== undefined && value !== '')
      conditions.push(byIndex ? sql<boolean>`+${column(name)} = ${value}` : sql<boolean>`${column(name)} = ${value}`);
  }
  if (options.search) conditions.push(nameContains(options.db, options.table, options.search));
  return conditions;
}
