import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/** The tables whose lists search names through an index made for it (migration 0009-list-search). */
export const SEARCHED_TABLES = ['presets', 'asset_models', 'configs', 'rendered_assets'] as const;
export type SearchedTable = (typeof SEARCHED_TABLES)[number];

/**
 * A trigram index finds names containing at least one whole trigram of the term: shorter terms (one or two
 * characters) have none, and are answered by the LIKE alone, a scan of the rows the other conditions leave.
 */
export const SHORTEST_INDEXED_TERM = 3;

/** Whether a search term is found through the name index (else by a scan: see SHORTEST_INDEXED_TERM). */
export function searchesByIndex(search: string): boolean {
  // Code points, not UTF-16 units or graphemes: trigrams are three code points.
  return Array.from(search.toLowerCase()).length >= SHORTEST_INDEXED_TERM;
}

/** A LIKE pattern that finds `search` anywhere, with the user's % and _ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Case-insensitive "contains" on both SQLite and PostgreSQL (PostgreSQL's LIKE is case-sensitive). */
export function containsIgnoringCase(column: string, search: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(search)} escape '\\'`;
}

/** Whether nameContains narrows the rows through SQLite's FTS5 table (not PostgreSQL, not short terms). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see nameContains
export function searchesByFtsTable(db: Kysely<any>, search: string): boolean {
  return !(db.getExecutor().adapter instanceof PostgresAdapter) && searchesByIndex(search);
}

/**
 * "The row's name contains `search`, ignoring case", through the table's trigram index. The LIKE above stays the
 * definition on both databases, so results are exactly those of a scan:
 * - PostgreSQL: `lower(name) like '%…%'` is served by the pg_trgm GIN index on lower(name), which rechecks every
 *   candidate. It is asked once, as `ctid = any(array(…))`: written as a plain condition, the planner preferred to
 *   walk the list's sort index testing the LIKE on every row (EXPLAIN in the issue 15 note); a one-off array of
 *   matches makes it fetch those and sort them. The matches are named by their place in the table (ctid), which
 *   the outer scan reads directly: by id, an asset model search's 600 primary-key lookups made it 5.4 ms, by place
 *   it took 1.2 ms. Both halves run in one statement, under one snapshot, so the places cannot move between.
 * - SQLite: the FTS5 trigram table first narrows the rows to names containing the term (folding case a little
 *   more widely than SQLite's ASCII-only lower(), so never fewer), then the LIKE keeps the exact ones.
 * Terms under SHORTEST_INDEXED_TERM characters have no trigram and go to the LIKE alone, a scan of the rows the
 * other conditions leave.
 */
// Kysely<any>: the search tables are not in the typed schema, and any database's Kysely may call this.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function nameContains(db: Kysely<any>, table: SearchedTable, search: string): RawBuilder<boolean> {
  const exact = containsIgnoringCase(`${table}.name`, search);
  if (!searchesByIndex(search)) return exact;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return sql<boolean>`${sql.ref(`${table}.ctid`)} = any(array(
      select m.ctid from ${sql.table(table)} m where ${containsIgnoringCase('m.name', search)} and m.deleted_at is null
    ))`;
  }
  // One FTS5 phrase: the term as a string, its double quotes doubled; the trigram tokenizer takes every
  // character, % _ ' and spaces included, literally.
  const phrase = `"${search.toLowerCase().replaceAll('"', '""')}"`;
  const index = sql.table(`${table}_search`);
  return sql<boolean>`(${sql.ref(`${table}.id`)} in (
    select k.item_id from ${sql.table(`${table}_search_keys`)} k
    where k.key in (select rowid from ${index} where ${index} match ${phrase})
  ) and ${exact})`;
}

/** pg returns count(*) and bigint columns as strings; SQLite as numbers. */
export function toNumber(value: number | string | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}
