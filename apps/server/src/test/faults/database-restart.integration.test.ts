import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ErrorBody, type ListResult, type Preset, type Readiness } from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../test-app.js';
import { testDatabases, type TestDatabase } from '../test-databases.js';
import { TcpProxy } from '../tcp-proxy.js';

const postgres = testDatabases.find((database) => database.name === 'postgres');

/** The same PostgreSQL database, reached through a proxy that can play a restart. */
function throughProxy(database: TestDatabase, proxy: () => TcpProxy): TestDatabase {
  return {
    name: database.name,
    async create(dataDir) {
      const created = await database.create(dataDir);
      if (created.config.dialect !== 'postgres') throw new Error('a restart is played on PostgreSQL only');
      const url = new URL(created.config.url);
      url.host = `127.0.0.1:${proxy().port}`;
      return { ...created, config: { ...created.config, url: url.toString() } };
    },
  };
}

describe.skipIf(!postgres)('the database restarted under load', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL ?? '');
    proxy = await new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) }).start();
    // postgres is there: the suite is skipped without it.
    t = await startTestApp(throughProxy(postgres!, () => proxy));
    token = (await t.createUser('rhea')).accessToken;
  });
  afterAll(async () => {
    proxy.up();
    await t.close();
    await proxy.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it(
    'answers 503 while it is away, recovers when it is back, and keeps every preset it said it created',
    { timeout: 60_000 },
    async () => {
      const created = new Set<string>();
      const attempted = new Set<string>();
      const statuses = new Map<number, number>();
      const unavailable: ErrorBody[] = [];
      let running = true;
      let sequence = 0;
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

      const caller = async (index: number) => {
        while (running) {
          const name = `Load ${index}-${(sequence += 1)}`;
          attempted.add(name);
          const write = await call('POST', '/preset', { name, type: 'postProcess', settings: '{"Gain":1}' });
          count(write.statusCode);
          if (write.statusCode === 201) created.add(name);
          if (write.statusCode === 503) unavailable.push(write.json<ErrorBody>());
          const read = await call('GET', '/preset/filtered?limit=5');
          count(read.statusCode);
          if (read.statusCode === 503) unavailable.push(read.json<ErrorBody>());
          await sleep(5);
        }
      };
      const callers = Promise.all([0, 1, 2, 3].map(caller));

      await sleep(1000);
      proxy.down();
      await sleep(1500);
      proxy.up();
      await expect
        .poll(async () => (await call('GET', '/preset/filtered?limit=1')).statusCode, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(200);
      await sleep(1000);
      running = false;
      await callers;

      // Clean failures only: the database's absence is said as such, never a 500.
      expect([...statuses.keys()].sort()).toEqual([200, 201, 503]);
      expect(unavailable[0]?.message).toMatch(/database/i);
      // Nothing that was answered 201 was lost, and nothing appeared that was never asked for.
      const names: string[] = [];
      for (let page = 1; ; page += 1) {
        const listed = await call('GET', `/preset/filtered?limit=100&page=${page}&search=Load`);
        expect(listed.statusCode).toBe(200);
        const { items, total } = listed.json<ListResult<Preset>>();
        names.push(...items.map((preset) => preset.name));
        if (names.length >= total || items.length === 0) break;
      }
      expect(new Set(names).size).toBe(names.length);
      for (const name of created) expect(names).toContain(name);
      for (const name of names) expect(attempted).toContain(name);
      // And after the restart it works as before.
      const after = await call('POST', '/preset', { name: 'After the restart', type: 'postProcess' });
      expect(after.statusCode).toBe(201);
    },
  );

  it('turns the copy unready for load balancers while the database is away, and ready when it is back', async () => {
    const ready = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api${API_ROUTES.ready}` });
      return { status: response.statusCode, body: response.json<Readiness>() };
    };
    expect(await ready()).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: { ok: true } } } });
    proxy.down();
    const away = await ready();
    expect(away).toMatchObject({ status: 503, body: { status: 'unready', checks: { database: { ok: false } } } });
    expect(away.body.checks.storage.ok).toBe(true);
    proxy.up();
    await expect.poll(async () => (await ready()).status, { timeout: 15_000, interval: 200 }).toBe(200);
  });
});
