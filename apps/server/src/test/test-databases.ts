import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database (a new SQLite file or a new PostgreSQL schema). */
  create(dataDir: string): Promise<{ config: DatabaseConfig; drop(): Promise<void> }>;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  create: (dataDir) =>
    Promise.resolve({ config: { dialect: 'sqlite', file: `${dataDir}/autostudio.db` }, drop: () => Promise.resolve() }),
};

function postgres(url: string): TestDatabase {
  return {
    name: 'postgres',
    async create() {
      const schema = `test_${randomUUID().replaceAll('-', '')}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.end();
      return {
        config: { dialect: 'postgres', url, schema },
        async drop() {
          const dropper = new pg.Client({ connectionString: url });
          await dropper.connect();
          await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
          await dropper.end();
        },
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
