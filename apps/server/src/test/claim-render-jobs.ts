/**
 * A render worker process for the queue tests, without the render: claims jobs from the database named in argv until
 * none is left, completing each, and prints the ids it took as JSON. Several of these run at once against one
 * database to show that no job is taken twice across processes.
 *
 * node claim-render-jobs.js '<DatabaseConfig as JSON>' <workerId>
 */
import type { DatabaseConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { RenderJobsRepository } from '../modules/render/render-jobs.repository.js';

const [configJson, workerId] = process.argv.slice(2);
if (!configJson || !workerId) throw new Error('usage: claim-render-jobs <database config JSON> <worker id>');
const database = openDatabase(JSON.parse(configJson) as DatabaseConfig);
const jobs = new RenderJobsRepository(database);
const taken: string[] = [];
try {
  for (;;) {
    const job = await jobs.claim(workerId, 60_000);
    if (!job) break;
    taken.push(job.id);
    await jobs.complete(job.id, workerId, [], 'done');
  }
} finally {
  await database.close();
}
process.stdout.write(JSON.stringify(taken));
