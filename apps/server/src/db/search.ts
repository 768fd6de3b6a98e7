import { sql, type RawBuilder } from 'kysely';

/** A LIKE pattern that finds `search` anywhere, with the user's % and _ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Case-insensitive "contains" on both SQLite and PostgreSQL (PostgreSQL's LIKE is case-sensitive). */
export function containsIgnoringCase(column: string, search: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(search)} escape '\\'`;
}

/** pg returns count(*) and bigint columns as strings; SQLite as numbers. */
export function toNumber(value: number | string | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}
