import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/test-databases.js';
import { migrateToLatest, openDatabase } from './database.js';

const postgres = testDatabases.find((database) => database.name === 'postgres');

describe.runIf(postgres)('migrations on PostgreSQL', () => {
  it("keep to their own schema when another schema on the database has Kysely's tables", async () => {
    // Two suites (or two applications) on one database: the first has migrated its schema already.
    const other = await postgres!.create('');
    const ours = await postgres!.create('');
    const otherHandle = openDatabase(other.config);
    const ourHandle = openDatabase(ours.config);
    try {
      await migrateToLatest(otherHandle.db);
      await expect(migrateToLatest(ourHandle.db)).resolves.toContain('0001-users-and-tokens');
      await expect(ourHandle.db.selectFrom('users').selectAll().execute()).resolves.toEqual([]);
    } finally {
      await otherHandle.close();
      await ourHandle.close();
      await other.drop();
      await ours.drop();
    }
  });
});
