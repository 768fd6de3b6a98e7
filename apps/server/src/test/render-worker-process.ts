/**
 * A render worker in a process of its own, for the fault tests: a real RenderQueue and worker on the database named
 * in argv, whose runner reports progress and never finishes, so the test can kill the process mid-render. It prints
 * the id of the job it took, a line of its own, once the runner has started it.
 *
 * node render-worker-process.js '<DatabaseConfig as JSON>' '<storage root>' <workerId> <leaseMs>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import type { DatabaseConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { RenderQueue } from '../modules/render/render-queue.js';
import type { RenderRunner } from '../modules/render/render-runner.js';
import { LocalBlobStore } from '../storage/local-blob-store.js';

const [configJson, storageRoot, workerId, leaseMs] = process.argv.slice(2);
if (!configJson || !storageRoot || !workerId || !leaseMs)
  throw new Error('usage: render-worker-process <database config JSON> <storage root> <worker id> <lease ms>');

const endless: RenderRunner = {
  async run(job, context) {
    process.stdout.write(`${job.id}\n`);
    for (let progress = 0; ; progress = Math.min(99, progress + 1)) {
      context.onProgress(progress, 'Rendering');
      await sleep(100, undefined, { signal: context.signal });
    }
  },
};

const queue = new RenderQueue({
  database: openDatabase(JSON.parse(configJson) as DatabaseConfig),
  storage: new LocalBlobStore(storageRoot),
  log: pino({ level: 'silent' }),
  settings: { leaseMs: Number(leaseMs), maxAttempts: 3, pollMs: 50 },
});
queue.addWorker(endless, workerId);
queue.start();
