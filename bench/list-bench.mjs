// List benchmark (issues 3 and 15): GET /preset/filtered and /asset-model/filtered over 100,000 rows each, on
// SQLite and PostgreSQL, through the real HTTP server, for an administrator and for a user whose own rows are
// mixed with shared ones, with and without a search term, each against the floor: the same repository query
// run directly on the database, with the same concurrency, in the same run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { seedLists } from './list-seed.mjs';
import { apiPoster, BENCH_ADMIN, benchEnv } from './support.mjs';

// BENCH_SERVER_DIST runs another build of the server (a copy of apps/server/dist from an earlier commit, kept
// inside apps/server so that its imports resolve), to measure before and after in the same hour.
const DIST = path.resolve(process.env.BENCH_SERVER_DIST ?? new URL('../apps/server/dist', import.meta.url).pathname);
const { buildApp, loadConfig } = await import(`${DIST}/app.js`);
const { openDatabase } = await import(`${DIST}/db/database.js`);
const { PresetsRepository } = await import(`${DIST}/modules/presets/presets.repository.js`);
const { AssetModelsRepository } = await import(`${DIST}/modules/asset-models/asset-models.repository.js`);

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// A name fragment that a few hundred of the 100,000 names contain ("Preset 001234", "Model 041230", …).
const SEARCH = process.env.BENCH_SEARCH ?? '123';
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `call` from CONNECTIONS concurrent loops for SECONDS; returns calls per second and latency percentiles. */
async function floor(call) {
  const latencies = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const started = process.hrtime.bigint();
        await call();
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

async function http(url, token) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function runDialect(dialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `autostudio-bench-${dialect}-`));
  let database = { dialect: 'sqlite', file: path.join(dataDir, 'autostudio.db') };
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const schema = `bench_${randomUUID().replaceAll('-', '')}`;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    database = { dialect: 'postgres', url: PG_URL, schema };
    dropSchema = async () => {
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    };
  }
  const app = await buildApp({ ...loadConfig(benchEnv(dataDir)), database });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const post = apiPoster(origin);
  const admin = await post('/auth/login', BENCH_ADMIN);
  const bench = await post('/users', { username: 'bench', password: 'bench-password' }, admin.accessToken);
  const other = await post('/users', { username: 'other', password: 'other-password' }, admin.accessToken);
  const group = await post('/user-groups', { name: 'Bench group', userIds: [bench.id] }, admin.accessToken);
  const session = await post('/auth/login', { username: 'bench', password: 'bench-password' });

  const handle = openDatabase(database);
  await seedLists(handle.db, ROWS, bench.id, other.id, group.id);
  // Fresh statistics, as autovacuum would have them on a database that grew to this size.
  if (dialect === 'postgres') await sql`analyze`.execute(handle.db);

  const presets = new PresetsRepository(handle.db);
  const models = new AssetModelsRepository(handle.db);
  // The administrator sees every row; the user sees their own half and the shared tenth of the rest, so the
  // access rule has to be applied.
  const callers = [
    { name: 'admin', user: admin.user, token: admin.accessToken },
    { name: 'user', user: session.user, token: session.accessToken },
  ];
  const cases = [];
  for (const caller of callers) {
    for (const search of [undefined, SEARCH]) {
      const query = search ? `&search=${encodeURIComponent(search)}` : '';
      const label = `${caller.name}${search ? ` search "${search}"` : ''}`;
      cases.push(
        {
          name: `GET /preset/filtered ${label}`,
          token: caller.token,
          url: `${origin}/api/preset/filtered?type=postProcess&page=3&limit=20${query}`,
          direct: () => presets.page(caller.user, { type: 'postProcess', search }, { page: 3, limit: 20 }),
        },
        {
          name: `GET /asset-model/filtered ${label}`,
          token: caller.token,
          url: `${origin}/api/asset-model/filtered?page=3&limit=10${query}`,
          direct: () => models.page(caller.user, { latestVersion: true, search }, { page: 3, limit: 10 }),
        },
      );
    }
  }
  const rows = [];
  for (const testCase of cases) {
    await testCase.direct(); // warm up caches and the query planner
    const direct = await floor(testCase.direct);
    const viaHttp = await http(testCase.url, testCase.token);
    rows.push({ dialect, endpoint: testCase.name, direct, viaHttp });
  }
  await handle.close();
  await app.close();
  await dropSchema();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const fixed = (value, digits = 1) => value.toFixed(digits);
const dialects = ['sqlite', ...(process.env.BENCH_SKIP_POSTGRES ? [] : ['postgres'])];
console.log(
  `List benchmark: ${ROWS} presets and ${ROWS} asset models (two versions each), ${CONNECTIONS} concurrent callers, ${SECONDS} s per measurement.`,
);
console.log(
  '| database | endpoint | HTTP req/s | floor req/s | ratio | HTTP p50 ms | floor p50 ms | HTTP p99 ms | floor p99 ms |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const dialect of dialects) {
  const rows = await runDialect(dialect);
  for (const row of rows) {
    console.log(
      `| ${row.dialect} | ${row.endpoint} | ${fixed(row.viaHttp.rps)} | ${fixed(row.direct.rps)} | ${fixed(row.viaHttp.rps / row.direct.rps, 2)} | ${fixed(row.viaHttp.p50)} | ${fixed(row.direct.p50)} | ${fixed(row.viaHttp.p99)} | ${fixed(row.direct.p99)} |`,
    );
  }
}
