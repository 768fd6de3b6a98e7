import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DatabaseConfig['dialect'];
  /** The PostgreSQL schema the connections use, when one is set. */
  schema?: string | undefined;
  close(): Promise<void>;
}

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    if (config.file !== ':memory:') ownerOnly(config.file);
    const sqlite = new SqliteDatabase(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // A schema per test run keeps parallel suites apart on one PostgreSQL database.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema: config.schema, close: () => db.destroy() };
}

/**
 * The database holds password hashes and refresh tokens: only the server's own user may read it. SQLite creates a
 * file 0644 (less the umask) and gives its -wal and -shm files the database file's mode, so the file is made 0600
 * before SQLite opens it; files an older version left readable are narrowed too.
 */
function ownerOnly(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const existing of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(existing, 0o600);
    } catch (error) {
      // Gone, or another user's file that we may use but not change: theirs to narrow.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw error;
    }
  }
}

export class MigrationError extends Error {}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: await currentSchema(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new MigrationError(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}

/**
 * On PostgreSQL, the schema the tables go to. Kysely otherwise looks for its migration tables in every schema, and
 * takes another schema's (another test suite's, or another application's) for ours.
 */
async function currentSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
