import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type Health, type Readiness } from '@autostudio/protocol';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { TcpProxy } from '../../test/tcp-proxy.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('health on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  it('reports the database, storage and engines', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json<Health>();
    expect(health.status).toBe('ok');
    expect(health.database).toMatchObject({ ok: true, dialect: database.name });
    expect(health.storage).toMatchObject({ ok: true, driver: 'local' });
    expect(health.engines).toMatchObject({ provider: 'local' });
  });

  it('is ready while the database and storage answer, and names each check', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api${API_ROUTES.ready}` });
    expect(response.statusCode).toBe(200);
    expect(response.json<Readiness>()).toEqual({
      status: 'ready',
      checks: { database: { ok: true, detail: 'reachable' }, storage: { ok: true, detail: 'writable' } },
    });
  });

  it('tags every answer with a request id, and keeps one the caller sent', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(echoed.headers['x-request-id']).toBe('trace-42');
  });

  it('answers 503 and names the part that failed when storage is gone', async () => {
    fs.rmSync(path.join(t.config.dataDir, 'storage'), { recursive: true });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const health = response.json<Health>();
    expect(health.status).toBe('degraded');
    expect(health.storage.ok).toBe(false);
    expect(health.database.ok).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: `/api${API_ROUTES.ready}` });
    expect(ready.statusCode).toBe(503);
    expect(ready.json<Readiness>()).toMatchObject({ status: 'unready', checks: { storage: { ok: false } } });
  });
});

describe('readiness with Redis', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    proxy = await new TcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) }).start();
    t = await startTestApp(testDatabases[0]!, {
      redis: { url: `redis://127.0.0.1:${proxy.port}`, prefix: `test-${randomUUID()}` },
    });
  });
  afterAll(async () => {
    proxy.up();
    await t.close();
    await proxy.close();
  });

  it('checks Redis too, and turns unready while it is away', { timeout: 30_000 }, async () => {
    const ready = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api${API_ROUTES.ready}` });
      return { status: response.statusCode, body: response.json<Readiness>() };
    };
    expect(await ready()).toMatchObject({
      status: 200,
      body: { checks: { redis: { ok: true, detail: 'reachable' } } },
    });
    proxy.down();
    const away = await ready();
    expect(away).toMatchObject({ status: 503, body: { status: 'unready', checks: { redis: { ok: false } } } });
    expect(away.body.checks.database.ok).toBe(true);
    proxy.up();
    await expect.poll(async () => (await ready()).status, { timeout: 20_000, interval: 250 }).toBe(200);
  });
});

describe('health with S3 storage', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('reports the S3 driver and a reachable bucket', async () => {
    const t = await startTestApp(testDatabases[0]!, { storage: { driver: 's3', ...s3.storeOptions() } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json<Health>().storage).toEqual({ ok: true, detail: 'bucket reachable', driver: 's3' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 and names the bucket when it is not there', async () => {
    const t = await startTestApp(testDatabases[0]!, { storage: { driver: 's3', ...s3.storeOptions('gone') } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json<Health>().storage).toEqual({
        ok: false,
        detail: 'S3 bucket gone does not exist',
        driver: 's3',
      });
    } finally {
      await t.close();
    }
  });
});
