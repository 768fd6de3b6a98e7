import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseConfig } from '../config.js';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /**
   * A fresh database with every migration applied (a copy of the run's migrated template), or with none when `empty`
   * (for tests of a migration).
   */
  create(dataDir: string, options?: { empty?: boolean }): Promise<{ config: DatabaseConfig; drop(): Promise<void> }>;
}

/** The migrated SQLite file the global setup made once for the run, copied for each suite. */
const sqlite: TestDatabase = {
  name: 'sqlite',
  create(dataDir, { empty = false } = {}) {
    const file = `${dataDir}/autostudio.db`;
    if (!empty) fs.copyFileSync(inject('sqliteTemplate'), file);
    return Promise.resolve({ config: { dialect: 'sqlite', file }, drop: () => Promise.resolve() });
  },
};

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE and DROP DATABASE cannot run in a pool). */
export async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of its own for each suite, copied from the run's migrated template database. */
function postgres(url: string): TestDatabase {
  return {
    name: 'postgres',
    async create(_dataDir, { empty = false } = {}) {
      const template = inject('postgresTemplate');
      if (!template) throw new Error('The global setup made no PostgreSQL template: is TEST_DATABASE_URL set?');
      const name = `test_${randomUUID().replaceAll('-', '')}`;
      await onPostgres(url, `CREATE DATABASE ${name}${empty ? '' : ` TEMPLATE ${template}`}`);
      return {
        config: { dialect: 'postgres', url: databaseUrl(url, name) },
        drop: () => onPostgres(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
  };
}

/**
 * The databases every integration suite runs on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it). Without it the PostgreSQL runs are skipped and the global setup says so.
 */
export const testDatabases: TestDatabase[] = [
  sqlite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

/**
 * The database another server copy already made, for a second copy in the same test: it joins it and leaves it
 * for the first copy to drop.
 */
export function joining(config: DatabaseConfig): TestDatabase {
  return {
    name: config.dialect === 'sqlite' ? 'sqlite' : 'postgres',
    create: () => Promise.resolve({ config, drop: () => Promise.resolve() }),
  };
}
