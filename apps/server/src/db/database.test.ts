import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/test-databases.js';
import { migrateToLatest, openDatabase } from './database.js';

const postgres = testDatabases.filter((database) => database.name === 'postgres');

describe.each(postgres)('migrations on $name', (database) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-db-'));
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrate a schema while another schema of the same database already holds Kysely's tables", async () => {
    for (let i = 0; i < 2; i += 1) {
      const created = await database.create(dataDir);
      drops.push(() => created.drop());
      const handle = openDatabase(created.config);
      try {
        await expect(migrateToLatest(handle)).resolves.toContain('0001-users-and-tokens');
      } finally {
        await handle.close();
      }
    }
  });
});
