import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ROUTES, MATRIX_ITEM_KINDS, RENDER_MESSAGES } from '@autostudio/protocol';
import { freePort } from '../../modules/engines/free-port.js';
import { engineAnswers } from '../../modules/engines/engine-pool.js';
import { ENGINE_CLI } from '../../modules/engines/local-engine-provider.js';
import { sample } from '../prometheus-text.js';
import { interruptibleMatrix, renderClient } from '../render-client.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { testDatabases } from '../test-databases.js';

const WORKER_MAIN = path.resolve(import.meta.dirname, '../../../dist/worker.js');
/** The doomed worker's lease: short, so that the rescuer may take the job soon after the kill. */
const LEASE_MS = 1500;

/**
 * A render host (a reference engine in a process of its own, as Unreal on a GPU machine) and render worker processes
 * (`npm run worker`, the built worker.js) on the server's database and files. A worker is killed without warning in
 * the middle of a variant matrix; another takes the job once its lease runs out, on the same render host that the
 * dead worker left in the middle of a job, and renders only the variants the first did not put in the render cache.
 */
describe('a render worker process killed mid-matrix', () => {
  let t: TestApp;
  let token: string;
  let engine: ChildProcess;
  let engineAddress: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    for (const file of [WORKER_MAIN, ENGINE_CLI])
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: build first (tsc -b)`);
    // The server renders nothing itself: every job goes to the worker processes.
    t = await startTestApp(testDatabases[0]!, {
      render: {
        workers: 0,
        leaseMs: LEASE_MS,
        maxAttempts: 3,
        pollMs: 50,
        engines: 0,
        engineInstances: [],
        ffmpegPath: 'ffmpeg',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    token = (await t.createUser('mira-matrix')).accessToken;
    const port = await freePort();
    engineAddress = `127.0.0.1:${port}`;
    engine = spawn(
      process.execPath,
      [ENGINE_CLI, '--port', String(port), '--data-dir', path.join(t.config.dataDir, 'render-host')],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await vi.waitFor(async () => expect(await engineAnswers(engineAddress, 1000)).toBe(true), {
      timeout: 90_000,
      interval: 250,
    });
  }, 120_000);

  afterAll(async () => {
    for (const child of [...workers, engine]) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await t.close();
  });

  /** `npm run worker` on the server's database and data folder (its files and its signing secret). */
  const startWorker = (extra: NodeJS.ProcessEnv = {}) => {
    const storage = t.config.storage;
    if (storage.driver !== 'local' || storage.root !== path.join(t.config.dataDir, 'storage'))
      throw new Error('the test app keeps its files in DATA_DIR/storage');
    if (t.config.database.dialect !== 'sqlite') throw new Error('the test app is on SQLite');
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app listens on a port');
    const worker = spawn(process.execPath, [WORKER_MAIN], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: `sqlite:${t.config.database.file}`,
        LOG_LEVEL: 'warn',
        RENDER_WORKERS: '1',
        RENDER_POLL_MS: '100',
        RENDER_LEASE_MS: String(LEASE_MS),
        RENDER_ENGINE_INSTANCES: engineAddress,
        ENGINE_FILES_URL: `http://127.0.0.1:${address.port}`,
        ...extra,
      },
    });
    workers.push(worker);
    return worker;
  };

  const { start, statusOf, finished, itemsOf } = renderClient(
    () => t,
    () => token,
  );

  it(
    'is taken up by another worker, which renders only the variants the killed one had not finished',
    { timeout: 240_000 },
    async () => {
      const jobId = await start(API_ROUTES.render.matrix, interruptibleMatrix('Killed range'));
      const doomed = startWorker();
      // Two variants done, the third on the engine: then the worker's machine dies.
      await vi.waitFor(
        async () => expect((await statusOf(jobId)).items.filter((item) => item.state === 'done')).toHaveLength(2),
        { timeout: 150_000, interval: 50 },
      );
      doomed.kill('SIGKILL');
      await new Promise((resolve) => doomed.once('exit', resolve));
      // Orphaned, not failed: it waits for another worker. On a loaded machine the dead worker's last renewal may
      // already be older than its lease, and the job then reads as a lost worker's, to be tried again.
      const orphaned = await statusOf(jobId);
      if (orphaned.status !== 'in progress') {
        expect(orphaned.status).toBe('error');
        expect([1, 2].map((attempt) => RENDER_MESSAGES.workerLost(attempt, 3))).toContain(orphaned.message);
      }

      // The rescuer serves its metrics, as a worker host would to Prometheus.
      const metricsPort = await freePort();
      startWorker({ METRICS_TOKEN: 'worker-metrics-token', METRICS_PORT: String(metricsPort) });
      const job = await finished(jobId, 150_000);
      const resumed = /^Rendered 6 variants \((\d) from the render cache\)$/.exec(job.message);
      expect(resumed, job.message).not.toBeNull();
      expect(Number(resumed?.[1])).toBeGreaterThanOrEqual(2);
      expect(Number(resumed?.[1])).toBeLessThan(6);
      const cached = job.items.filter((item) => item.state === 'cached').map((item) => item.column);
      expect(cached.slice(0, 2)).toEqual(['Glacier White', 'Obsidian Black']);
      const { asset, items } = await itemsOf(job);
      expect(asset).toMatchObject({ name: 'Killed range', type: 'matrix' });
      expect(items.filter((item) => item.kind === MATRIX_ITEM_KINDS.variant)).toHaveLength(6);

      // The rescuer counted the job it finished; without the token it says nothing.
      const scrape = (authorization?: string) =>
        fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: authorization ? { authorization } : {} });
      expect((await scrape()).status).toBe(401);
      const text = await (await scrape('Bearer worker-metrics-token')).text();
      const worker = { process: 'worker', kind: 'matrix', outcome: 'completed' };
      expect(sample(text, 'autostudio_render_jobs_finished_total', worker)).toBe(1);
      expect(sample(text, 'autostudio_render_duration_seconds_count', worker)).toBe(1);
      expect(sample(text, 'autostudio_process_cpu_seconds_total', { process: 'worker' })).toBeGreaterThan(0);
    },
  );
});
