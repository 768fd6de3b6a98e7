import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.js';
import { testDatabases } from '../../test/test-databases.js';
import { PROCESS_SEEN_MS, ProcessHeartbeat, recentProcesses } from './process-heartbeat.js';

const log = pino({ level: 'silent' });

describe.each(testDatabases)('the list of running server copies and workers on $name', (database) => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-processes-'));
    const created = await database.create(dataDir);
    drop = () => created.drop();
    handle = openDatabase(created.config);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists each process from its first beat, keeps it while it beats, and drops it when it stops or goes silent', async () => {
    const server = new ProcessHeartbeat(handle.db, { role: 'server', version: '1.2.3', log, intervalMs: 20 });
    const worker = new ProcessHeartbeat(handle.db, { role: 'worker', version: '1.2.3', log, intervalMs: 20 });
    await worker.start();
    await server.start();
    const listed = await recentProcesses(handle.db);
    expect(listed.map(({ id, role }) => ({ id, role }))).toEqual([
      { id: server.id, role: 'server' },
      { id: worker.id, role: 'worker' },
    ]);
    expect(listed[0]).toMatchObject({ host: os.hostname(), pid: process.pid, version: '1.2.3' });

    // Beating: its last sight moves on, its start does not.
    const first = listed[1]!;
    await expect
      .poll(async () => (await recentProcesses(handle.db)).find(({ id }) => id === worker.id)?.last_seen_at)
      .not.toBe(first.last_seen_at);
    expect((await recentProcesses(handle.db)).find(({ id }) => id === worker.id)?.started_at).toBe(first.started_at);

    // A clean stop leaves the list at once.
    await server.stop();
    expect((await recentProcesses(handle.db)).map(({ id }) => id)).toEqual([worker.id]);
    // A killed process writes nothing more: once its last beat is older than PROCESS_SEEN_MS, it is not listed.
    await worker.stop();
    await handle.db
      .insertInto('service_processes')
      .values({ ...first, last_seen_at: new Date(Date.now() - PROCESS_SEEN_MS - 1000).toISOString() })
      .execute();
    expect(await recentProcesses(handle.db)).toEqual([]);
  });

  it('forgets the rows of processes gone for a day at the next beat of any process', async () => {
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await handle.db
      .insertInto('service_processes')
      .values({
        id: 'gone',
        role: 'worker',
        host: 'h',
        pid: 1,
        version: '0.0.1',
        started_at: dayAgo,
        last_seen_at: dayAgo,
      })
      .execute();
    const beat = new ProcessHeartbeat(handle.db, { role: 'server', version: '1.2.3', log });
    await beat.start();
    await beat.stop();
    const rows = await handle.db.selectFrom('service_processes').select('id').execute();
    expect(rows.map(({ id }) => id)).not.toContain('gone');
  });
});
