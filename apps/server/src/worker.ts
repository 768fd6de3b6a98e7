import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { RenderQueue } from './modules/render/render-queue.js';
import { unavailableRenderRunner } from './modules/render/render-runner.js';
import { createBlobStore } from './storage/create-blob-store.js';

/**
 * `npm run worker`: render workers only, against the server's database and blob store (the same DATABASE_URL,
 * S3_BUCKET or DATA_DIR). Run as many as the render engines allow, on any machine that reaches the database;
 * set RENDER_WORKERS=0 on the servers to leave all rendering to these.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, name: 'render-worker' });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const storage = createBlobStore(config.storage);
  const queue = new RenderQueue({ database, storage, log, settings: config.render });
  const count = Math.max(1, config.render.workers);
  for (let index = 0; index < count; index++) queue.addWorker(unavailableRenderRunner);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'render worker shutting down after an error');
    else log.info({ signal }, 'render worker shutting down');
    await queue.stop();
    await storage.close();
    await database.close();
  });

  queue.start();
  log.info({ workers: count, database: config.database.dialect }, 'render workers are waiting for jobs');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Autostudio render worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
