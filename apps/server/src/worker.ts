import closeWithGrace from 'close-with-grace';
import { destination, pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { deriveSecret, resolveAuthSecret } from './bootstrap/auth-secret.js';
import { AssetModelsService } from './modules/asset-models/asset-models.service.js';
import { StillsRepository } from './modules/configs/stills.repository.js';
import { ConfigStillStore } from './modules/render/config-stills.js';
import { ModelPreviewStore } from './modules/render/model-previews.js';
import { RenderedAssetPublisher } from './modules/render/render-publisher.js';
import { Metrics } from './modules/metrics/metrics.js';
import { startMetricsServer } from './modules/metrics/metrics-server.js';
import { registerStudioGauges } from './modules/metrics/studio-gauges.js';
import { ProcessHeartbeat } from './modules/system/process-heartbeat.js';
import { RenderQueue } from './modules/render/render-queue.js';
import { RenderCache } from './modules/render/cache/render-cache.js';
import { RenderCacheKeys } from './modules/render/cache/render-cache-keys.js';
import { createEngineRenderRunner } from './modules/render/render-setup.js';
import { RenderedAssetsService } from './modules/rendered-assets/rendered-assets.service.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { toUser, UsersRepository } from './modules/users/users.repository.js';
import { PACKAGE_VERSION } from './package-version.js';
import { redactingDestination } from './plugins/app/log-redaction.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { SignedFileLinks } from './storage/signed-file-links.js';

/**
 * `npm run worker`: render workers only, against the server's database and blob store (the same DATABASE_URL,
 * S3_BUCKET or DATA_DIR). Run as many as the render engines allow, on any machine that reaches the database;
 * set RENDER_WORKERS=0 on the servers to leave all rendering to these. Each worker renders on its own render engine
 * (RENDER_ENGINES started here, or RENDER_ENGINE_INSTANCES); engines fetch models and images from the server at
 * ENGINE_FILES_URL, which must be set, and sign with the server's AUTH_SECRET (or its DATA_DIR secret file).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, name: 'render-worker' }, redactingDestination(destination(1)));
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const storage = createBlobStore(config.storage);
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const users = new UsersRepository(database.db);
  const owner = async (id: string) => {
    const row = await users.findById(id);
    if (!row) throw new Error('the owner of this render no longer exists');
    return toUser(row);
  };
  const assetModels = new AssetModelsService(
    database.db,
    storage,
    new SignedFileLinks(deriveSecret(authSecret, 'model-file-links')),
  );
  const rendering = createEngineRenderRunner({
    config,
    cache: new RenderCache(database.db, storage),
    keys: RenderCacheKeys.of(config, assetModels, owner),
    log,
    assetModels,
    uploads: new UploadsService(
      database.db,
      storage,
      new SignedFileLinks(deriveSecret(authSecret, 'upload-file-links')),
    ),
    owner,
    filesUrl: () => config.engines.filesUrl,
  });
  const metrics = config.metrics?.port ? new Metrics({ process: 'worker', processMetrics: true }) : undefined;
  if (metrics) registerStudioGauges(metrics, { db: database.db, log });
  const queue = new RenderQueue({
    database,
    storage,
    log,
    settings: config.render,
    metrics: metrics?.renderJobs,
    publisher: new RenderedAssetPublisher(
      new RenderedAssetsService(database.db, storage),
      new ModelPreviewStore(database.db, storage),
      new ConfigStillStore(new StillsRepository(database.db), storage),
    ),
  });
  const count = Math.max(1, config.render.workers);
  for (let index = 0; index < count; index++) queue.addWorker(rendering.runner);

  const metricsServer =
    metrics && config.metrics?.port
      ? await startMetricsServer(metrics, { port: config.metrics.port, token: config.metrics.token })
      : undefined;

  const heartbeat = new ProcessHeartbeat(database.db, { role: 'worker', version: PACKAGE_VERSION, log });
  await heartbeat.start();
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'render worker shutting down after an error');
    else log.info({ signal }, 'render worker shutting down');
    await queue.stop();
    await heartbeat.stop();
    await metricsServer?.close();
    await rendering.engines.close();
    await storage.close();
    await database.close();
  });

  queue.start();
  log.info(
    { workers: count, database: config.database.dialect, metricsPort: metricsServer?.port },
    'render workers are waiting for jobs',
  );
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
