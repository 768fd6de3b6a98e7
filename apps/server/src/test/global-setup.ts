import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { DatabaseConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { databaseUrl, onPostgres } from './test-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file, copied for each suite. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database, each suite's database created from it; null without TEST_DATABASE_URL. */
    postgresTemplate: string | null;
  }
}

async function migrated(config: DatabaseConfig): Promise<void> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Migrates once per run, not once per suite: a migrated SQLite file and a PostgreSQL template database that the
 * suites copy (test-databases.ts). Says once, loudly, when the PostgreSQL half of the suites will not run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-template-'));
  const sqliteTemplate = path.join(dir, 'autostudio.db');
  await migrated({ dialect: 'sqlite', file: sqliteTemplate });
  project.provide('sqliteTemplate', sqliteTemplate);

  const url = process.env.TEST_DATABASE_URL;
  const postgresTemplate = url ? `template_${process.pid}_${Date.now()}` : null;
  if (url && postgresTemplate) {
    await onPostgres(url, `CREATE DATABASE ${postgresTemplate}`);
    await migrated({ dialect: 'postgres', url: databaseUrl(url, postgresTemplate) });
    process.stdout.write(`\nIntegration tests run on SQLite and on PostgreSQL (${url}).\n\n`);
  } else {
    process.stdout.write(
      '\nPostgreSQL tests skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them.\n\n',
    );
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && postgresTemplate) await onPostgres(url, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
  };
}
