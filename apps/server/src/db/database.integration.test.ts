import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app.js';
import { testDatabases } from '../test/test-databases.js';
import { migrateToLatest, openDatabase } from './database.js';

const postgres = testDatabases.find((database) => database.name === 'postgres');

describe.runIf(postgres)('migrations on PostgreSQL', () => {
  it("keep to their own schema when another schema on the database has Kysely's tables", async () => {
    // Two applications on one database, each in a schema of its own: the other one has migrated already.
    const shared = await postgres!.create('', { empty: true });
    if (shared.config.dialect !== 'postgres') throw new Error('a PostgreSQL database was asked for');
    const otherHandle = openDatabase({ ...shared.config, schema: 'other_app' });
    const ourHandle = openDatabase({ ...shared.config, schema: 'autostudio' });
    try {
      await sql`create schema other_app`.execute(otherHandle.db);
      await sql`create schema autostudio`.execute(otherHandle.db);
      await migrateToLatest(otherHandle.db);
      await expect(migrateToLatest(ourHandle.db)).resolves.toContain('0001-users-and-tokens');
      await expect(ourHandle.db.selectFrom('users').selectAll().execute()).resolves.toEqual([]);
    } finally {
      await otherHandle.close();
      await ourHandle.close();
      await shared.drop();
    }
  });
});

describe('the SQLite database file', () => {
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it('is readable by the server’s user only, with its -wal and -shm files and a data directory it creates', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-modes-'));
    const dataDir = path.join(root, 'fresh', 'data');
    const file = path.join(dataDir, 'autostudio.db');
    const t = await startTestApp(testDatabases[0]!, { dataDir, database: { dialect: 'sqlite', file } });
    try {
      // A write, so that the write-ahead log and its index exist.
      await t.createUser('writer');
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('narrows a database file an older version left readable by others', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-modes-'));
    const file = path.join(dataDir, 'autostudio.db');
    fs.writeFileSync(file, '', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const t = await startTestApp(testDatabases[0]!, { dataDir, database: { dialect: 'sqlite', file } });
    try {
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
