// The query plans behind bench/list-bench.mjs (issue 15): the page and the total of each list case it measures, on
// SQLite (EXPLAIN QUERY PLAN) and PostgreSQL (EXPLAIN ANALYZE), over the same rows, each with its time when run
// alone. BENCH_SERVER_DIST explains another build, as in list-bench.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { seedLists } from './list-seed.mjs';

const DIST = path.resolve(process.env.BENCH_SERVER_DIST ?? new URL('../apps/server/dist', import.meta.url).pathname);
const { migrateToLatest, openDatabase } = await import(`${DIST}/db/database.js`);
const { PresetsRepository } = await import(`${DIST}/modules/presets/presets.repository.js`);
const { AssetModelsRepository } = await import(`${DIST}/modules/asset-models/asset-models.repository.js`);

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SEARCH = process.env.BENCH_SEARCH ?? '123';
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const admin = { id: randomUUID(), username: 'admin', name: 'admin', roles: ['admin'] };
const bench = { id: randomUUID(), username: 'bench', name: 'bench', roles: ['user'] };
const other = { id: randomUUID(), username: 'other', name: 'other', roles: ['user'] };
const groupId = randomUUID();

async function seed(db) {
  const now = new Date().toISOString();
  for (const user of [admin, bench, other])
    await db
      .insertInto('users')
      .values({ ...user, password_hash: null, roles: JSON.stringify(user.roles), created_at: now, updated_at: now })
      .execute();
  await db
    .insertInto('groups')
    .values({ id: groupId, name: 'Bench group', description: '', created_at: now, updated_at: now })
    .execute();
  await db.insertInto('group_members').values({ group_id: groupId, user_id: bench.id, created_at: now }).execute();
  await seedLists(db, ROWS, bench.id, other.id, groupId);
}

/** Each list query the repositories send for the cases list-bench measures. */
async function listQueries(db, captured) {
  const presets = new PresetsRepository(db);
  const models = new AssetModelsRepository(db);
  const cases = [];
  for (const caller of [admin, bench]) {
    for (const search of [undefined, SEARCH]) {
      const label = `${caller.username}${search ? ` search "${search}"` : ''}`;
      cases.push(
        [`presets ${label}`, () => presets.page(caller, { type: 'postProcess', search }, { page: 3, limit: 20 })],
        [`asset models ${label}`, () => models.page(caller, { latestVersion: true, search }, { page: 3, limit: 10 })],
      );
    }
  }
  const queries = [];
  for (const [name, run] of cases) {
    captured.length = 0;
    const { total } = await run();
    for (const query of captured) queries.push({ name: `${name} (total ${total})`, ...query });
  }
  return queries;
}

function timed(run) {
  const started = process.hrtime.bigint();
  const result = run();
  return { result, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

async function explainSqlite(file) {
  const captured = [];
  const connection = new SqliteDatabase(file);
  const db = new Kysely({
    dialect: new SqliteDialect({ database: connection }),
    log: (event) => captured.push({ sql: event.query.sql, parameters: event.query.parameters }),
  });
  for (const query of await listQueries(db, captured)) {
    const statement = connection.prepare(query.sql);
    statement.all(...query.parameters); // warm the page cache, as a running server has it
    const { ms } = timed(() => statement.all(...query.parameters));
    const plan = connection.prepare(`explain query plan ${query.sql}`).all(...query.parameters);
    console.log(`\n### sqlite: ${query.name}, ${ms.toFixed(2)} ms\n${query.sql}`);
    for (const step of plan) console.log(`${'  '.repeat(depth(plan, step))}${step.detail}`);
  }
  await db.destroy();
}

function depth(plan, step) {
  let level = 0;
  for (let parent = step.parent; parent; level += 1) parent = plan.find((row) => row.id === parent)?.parent;
  return level;
}

async function explainPostgres(schema) {
  const captured = [];
  const pool = new pg.Pool({ connectionString: PG_URL, max: 1, options: `-c search_path=${schema}` });
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => captured.push({ sql: event.query.sql, parameters: event.query.parameters }),
  });
  for (const query of await listQueries(db, captured)) {
    await pool.query(query.sql, query.parameters); // warm the buffers, as a running server has them
    const { rows } = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.parameters);
    console.log(`\n### postgres: ${query.name}\n${query.sql}`);
    for (const row of rows) console.log(row['QUERY PLAN']);
  }
  await db.destroy();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-explain-'));
try {
  const file = path.join(dataDir, 'autostudio.db');
  const sqlite = openDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(sqlite.db);
  await seed(sqlite.db);
  await sqlite.close();
  await explainSqlite(file);

  if (!process.env.BENCH_SKIP_POSTGRES) {
    const schema = `explain_${randomUUID().replaceAll('-', '')}`;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    try {
      const postgres = openDatabase({ dialect: 'postgres', url: PG_URL, schema });
      await migrateToLatest(postgres.db);
      await seed(postgres.db);
      // Fresh statistics, as autovacuum would have them (list-bench does the same).
      const { rows } = await client.query('select tablename from pg_tables where schemaname = $1', [schema]);
      for (const { tablename } of rows) await client.query(`analyze ${schema}."${tablename}"`);
      await postgres.close();
      await explainPostgres(schema);
    } finally {
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
