import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ROUTES, pathTo, type RenderJob } from '@autostudio/protocol';
import { startScriptedRenderApp } from '../scripted-render-app.js';
import type { ScriptedRenderRunner } from '../scripted-render-runner.js';
import type { TestApp } from '../test-app.js';
import { testDatabases } from '../test-databases.js';

const WORKER = path.resolve(import.meta.dirname, '../../../dist/test/render-worker-process.js');
/** Long enough for a loaded two-core host to renew in time (every third of it), short enough to wait for. */
const LEASE_MS = 1000;

describe.each(testDatabases)('a render worker process killed mid-render, on $name', (database) => {
  let runner: ScriptedRenderRunner;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // No worker here at first: the job must go to the process that is killed.
    ({ t, runner } = await startScriptedRenderApp(database, { workers: 0, leaseMs: LEASE_MS }));
    token = (await t.createUser('kim')).accessToken;
  });
  afterAll(async () => {
    await t.app.renderQueue.stop();
    await t.close();
  });

  const status = async (jobId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api${pathTo(API_ROUTES.render.status, { jobId })}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<RenderJob>();

  it('is retaken by another worker once its lease runs out, and completes there', { timeout: 30_000 }, async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: `/api${API_ROUTES.render.still}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { settings: {}, metadata: { name: 'Survivor' } },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json<{ jobId: string }>();

    const storage = t.config.storage;
    if (storage.driver !== 'local') throw new Error('the test app stores locally');
    const doomed = spawn(
      process.execPath,
      [WORKER, JSON.stringify(t.config.database), storage.root, 'doomed', String(LEASE_MS)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [taken] = (await once(doomed.stdout, 'data')) as [Buffer];
    expect(taken.toString().trim()).toBe(jobId);
    await vi.waitFor(async () => expect((await status(jobId)).progress).toBeGreaterThan(0), { timeout: 5000 });
    expect((await status(jobId)).status).toBe('in progress');

    doomed.kill('SIGKILL');
    await once(doomed, 'exit');

    t.app.renderQueue.addWorker(runner, 'rescuer');
    const retaken = await runner.nextRun();
    expect(retaken.job).toMatchObject({ id: jobId, attempt: 2 });
    retaken.finish();
    await vi.waitFor(async () => expect((await status(jobId)).status).toBe('completed'), { timeout: 5000 });
  });
});
