import { sql, type RawBuilder } from 'kysely';
import type { User } from '@autostudio/protocol';
import type { ShareTableName } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { COUNTED_LISTS } from '../../db/list-counts.js';
import { nameContains, searchesByFtsTable, searchesByIndex, toNumber, type SearchedTable } from '../../db/search.js';
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
  /** A column that is 1 on rows everyone may see whatever the shares say (default presets, public models). */
  everyoneColumn?: string;
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
  // A search through the name index leaves few rows to ask about, each looked up in the shares (see ShareLookup).
  const byNameIndex = options.search !== undefined && searchesByIndex(options.search);
  if (!seesEverything(user, options.kind)) {
    const visible = visibleTo(user, {
      ownerColumn: `${options.table}.owner_id`,
      keyColumn: `${options.table}.${options.keyColumn ?? 'id'}`,
      shareTable: options.shareTable,
      lookup: byNameIndex ? 'each' : 'all',
    });
    conditions.push(
      options.everyoneColumn ? sql<boolean>`(${column(options.everyoneColumn)} = 1 or ${visible})` : visible,
    );
  }
  // When the search index finds the rows, SQLite must start from it: `+column` keeps the equality filters off the
  // list indexes, which a planner without fresh statistics would otherwise walk, testing every row (db/search.ts).
  const byIndex = options.search ? searchesByFtsTable(options.db, options.search) : false;
  for (const [name, value] of equalityFilters(options)) {
    conditions.push(byIndex ? sql<boolean>`+${column(name)} = ${value}` : sql<boolean>`${column(name)} = ${value}`);
  }
  if (options.search) conditions.push(nameContains(options.db, options.table, options.search));
  return conditions;
}

/**
 * How many rows itemConditions matches, read from the list's count summaries rather than by counting them: the
 * summary cells of the filter values the user may see whole (all of them for those who see everything; else their
 * own and the "everyone" cells, migration 0010-list-counts), plus their cells of the items shared with them that
 * are neither theirs nor everyone's (0012-shared-counts). A few key lookups, however much is shared with the user:
 * counting the shared items through the share indexes took 72 ms on SQLite and 167 ms on PostgreSQL for a user
 * with 10,000 shared presets (bench/list-explain.mjs), and reading the summary cells takes under 0.1 ms.
 * Undefined when only counting the rows can tell: a name search, or a filter the summary does not count by.
 */
export function summaryTotal(user: User, options: ItemConditionOptions): (() => Promise<number>) | undefined {
  if (options.search) return undefined;
  const list = COUNTED_LISTS[options.table];
  const filters = equalityFilters(options);
  if (filters.some(([name]) => !list.columns.includes(name))) return undefined;
  const all = (conditions: RawBuilder<boolean>[]) =>
    conditions.length ? sql.join(conditions, sql` and `) : sql<boolean>`1 = 1`;
  const cells = filters.map(([name, value]) => sql<boolean>`${sql.ref(name)} = ${value}`);
  const summary = sql.table(list.summary);
  let query: RawBuilder<{ total: number | string | null }>;
  if (seesEverything(user, options.kind)) {
    query = sql`select coalesce(sum(n), 0) as total from ${summary} where ${all(cells)}`;
  } else {
    const everyone = options.everyoneColumn;
    const visibleCells = everyone
      ? sql<boolean>`(owner_key = ${user.id} or ${sql.ref(everyone)} = 1)`
      : sql<boolean>`owner_key = ${user.id}`;
    // Everyone's items shared with the user are in the "everyone" cells already.
    const sharedCells = [
      sql<boolean>`user_id = ${user.id}`,
      ...(everyone ? [sql<boolean>`${sql.ref(everyone)} <> 1`] : []),
      ...cells,
    ];
    query = sql`select
      coalesce((select sum(n) from ${summary} where ${all([...cells, visibleCells])}), 0)
      + coalesce((select sum(n) from ${sql.table(list.sharedSummary)} where ${all(sharedCells)}), 0) as total`;
  }
  return async () => toNumber((await query.execute(options.db)).rows[0]?.total);
}

/** The equality filters that apply: those with a value. */
function equalityFilters(options: ItemConditionOptions): [string, string | number][] {
  return Object.entries(options.equals ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  );
}
