import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { destination, type DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '@autostudio/protocol';
import { ensureInitialAdmin } from './bootstrap/initial-admin.js';
import { deriveSecret, resolveAuthSecret } from './bootstrap/auth-secret.js';
import type { AppConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { AccessTokens } from './modules/auth/access-tokens.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { Passwords } from './modules/auth/passwords.js';
import { AuthService } from './modules/auth/auth.service.js';
import { OidcClient } from './modules/auth/oidc-client.js';
import { RefreshTokensRepository } from './modules/auth/refresh-tokens.repository.js';
import { ssoRedirectUri, ssoRoutes } from './modules/auth/sso.routes.js';
import { SsoService } from './modules/auth/sso.service.js';
import { TokenRevocation } from './modules/auth/token-revocation.js';
import { UserIdentitiesRepository } from './modules/auth/user-identities.repository.js';
import { enginesRoutes } from './modules/engines/engines.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { Metrics } from './modules/metrics/metrics.js';
import { metricsPlugin } from './modules/metrics/metrics.routes.js';
import { registerStudioGauges } from './modules/metrics/studio-gauges.js';
import { RELAY_HARD_LIMIT_BYTES, remoteRelayPlugin } from './modules/remote/remote-relay.js';
import { sessionsRoutes } from './modules/sessions/sessions.routes.js';
import { engineLineRoutes } from './modules/engine-line/engine-line.routes.js';
import { signallingRoutes } from './modules/signalling/signalling.routes.js';
import { assetModelsRoutes } from './modules/asset-models/asset-models.routes.js';
import { AssetModelsService } from './modules/asset-models/asset-models.service.js';
import { SignedFileLinks } from './storage/signed-file-links.js';
import { seedBuiltInProduct } from './modules/asset-models/seed-built-in-product.js';
import { seedStarterLooks } from './modules/presets/starter-looks.js';
import { configLinksRoutes } from './modules/config-links/config-links.routes.js';
import { ConfigLinksService } from './modules/config-links/config-links.service.js';
import { publicLinksRoutes } from './modules/config-links/public-links.routes.js';
import { configsRoutes } from './modules/configs/configs.routes.js';
import { ConfigsService } from './modules/configs/configs.service.js';
import { StillsRepository } from './modules/configs/stills.repository.js';
import { groupsRoutes } from './modules/groups/groups.routes.js';
import { GroupsService } from './modules/groups/groups.service.js';
import { presetsRoutes } from './modules/presets/presets.routes.js';
import { PresetsService } from './modules/presets/presets.service.js';
import { ConfigStillRequests, ConfigStillStore } from './modules/render/config-stills.js';
import { ModelPreviewRequests, ModelPreviewStore, requestBuiltInPreview } from './modules/render/model-previews.js';
import { RenderedAssetPublisher } from './modules/render/render-publisher.js';
import { RenderCache } from './modules/render/cache/render-cache.js';
import { RenderCacheKeys } from './modules/render/cache/render-cache-keys.js';
import { StillAnswers } from './modules/render/cache/still-answers.js';
import { createEngineRenderRunner } from './modules/render/render-setup.js';
import { RenderQueue } from './modules/render/render-queue.js';
import type { RenderRunner } from './modules/render/render-runner.js';
import { renderRoutes } from './modules/render/render.routes.js';
import { RenderService } from './modules/render/render.service.js';
import { renderedAssetsRoutes } from './modules/rendered-assets/rendered-assets.routes.js';
import { RenderedAssetsService } from './modules/rendered-assets/rendered-assets.service.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { LibraryMediaAccess } from './modules/media/library-media-access.js';
import type { MediaAccess } from './modules/media/media-access.js';
import { MediaCookies } from './modules/media/media-cookie.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MediaService } from './modules/media/media.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { SystemService } from './modules/system/system.service.js';
import { ProcessHeartbeat } from './modules/system/process-heartbeat.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { storageQuotaRoutes } from './modules/storage-quota/storage-quota.routes.js';
import { StorageQuota } from './modules/storage-quota/storage-quota.service.js';
import { toUser, UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';
import { authenticationPlugin, requiresSignIn } from './plugins/app/authentication.js';
import { enginesPlugin, listeningOrigin } from './plugins/app/engines.js';
import { errorHandlerPlugin } from './plugins/app/error-handler.js';
import { jsonBodyDepthPlugin } from './plugins/app/json-body-depth.js';
import { PACKAGE_VERSION } from './package-version.js';
import { redactingDestination } from './plugins/app/log-redaction.js';
import { requestIdMixin, requestIdsPlugin } from './plugins/app/request-ids.js';
import { nulCharactersPlugin } from './plugins/app/nul-characters.js';
import { privateAnswersPlugin } from './plugins/app/private-answers.js';
import { securityHeadersPlugin } from './plugins/app/security-headers.js';
import { webAppPlugin } from './plugins/app/web-app.js';
import { cookiePlugin } from './plugins/external/cookie.js';
import { helmetPlugin } from './plugins/external/helmet.js';
import { multipartPlugin } from './plugins/external/multipart.js';
import { openApiPlugin } from './plugins/external/openapi.js';
import { rateLimitPlugin } from './plugins/external/rate-limit.js';
import { websocketPlugin } from './plugins/external/websocket.js';
import { createBlobStore } from './storage/create-blob-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where finished renders are recorded; the render service and the tests use it. */
    renderedAssets: RenderedAssetsService;
    /** The render queue: its jobs table and this process's workers (tests add workers with their own runner). */
    renderQueue: RenderQueue;
    /** Where saved configurations ask for their stills; tests wait for it to settle. */
    configStills: ConfigStillRequests;
    /** This copy's Prometheus metrics (GET /metrics with METRICS_TOKEN). */
    metrics: Metrics;
  }
}

export type { AppConfig } from './config.js';
export { loadConfig } from './config.js';

/** Parts a caller may swap, e.g. a test that checks what the routes ask of them. */
export interface AppParts {
  /** Who may read which media; by default whoever may see the item a file belongs to. */
  mediaAccess?: MediaAccess;
  /** The command line the local provider runs for each engine; the built reference engine by default. */
  engineCli?: string;
  /** How long the relay waits for `auth` on a new socket; tests shorten it so that they need not wait 10 s. */
  relayAuthDeadlineMs?: number;
  /** What the in-process render workers run; until an engine renders, a runner that fails every job saying so. */
  renderRunner?: RenderRunner;
  /** Where the log lines go, secrets taken out on the way: standard output unless a test reads them. */
  logDestination?: DestinationStream;
}

/** Builds the whole server without listening: `main.ts` listens, tests use `app.inject()` or listen on port 0. */
export async function buildApp(config: AppConfig, parts: AppParts = {}): Promise<FastifyInstance> {
  // The data directory holds the database, the auth secret and uploads: the server's user only.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });

  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream: redactingDestination(parts.logDestination ?? destination(1)),
      mixin: requestIdMixin,
    },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const metrics = new Metrics({ process: 'server', processMetrics: config.metrics !== undefined });
  app.decorate('metrics', metrics);
  await app.register(requestIdsPlugin);
  // First: its hook counts the answers of every route registered after it.
  await app.register(metricsPlugin, { metrics, token: config.metrics?.token });

  const database = openDatabase(config.database);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);

  const storage = createBlobStore(config.storage);
  app.addHook('onClose', () => storage.close());
  // Closed before the database (onClose hooks run last-added first): a copy that stops cleanly leaves the list.
  const heartbeat = new ProcessHeartbeat(database.db, { role: 'server', version: PACKAGE_VERSION, log: app.log });
  await heartbeat.start();
  app.addHook('onClose', () => heartbeat.stop());
  const usersRepository = new UsersRepository(database.db);
  const refreshTokens = new RefreshTokensRepository(database.db);
  const revocation = new TokenRevocation(refreshTokens);
  const passwords = new Passwords(config.passwordCost);
  const users = new UsersService(usersRepository, revocation, passwords);
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const accessTokens = new AccessTokens(authSecret, config.accessTokenTtlSeconds);
  const auth = new AuthService(
    usersRepository,
    refreshTokens,
    accessTokens,
    revocation,
    config.refreshTokenTtlSeconds,
    passwords,
  );
  // Single sign-on returns to one fixed address; without PUBLIC_URL, config.ts allows it on a loopback HOST only.
  const ssoPublicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  let sso: SsoService | undefined;
  if (config.sso) {
    const oidc = new OidcClient(config.sso, ssoRedirectUri(ssoPublicUrl));
    if (oidc.crossesNetworkInClear) {
      app.log.warn({ issuer: config.sso.issuer }, 'single sign-on talks to its provider over plain HTTP; use https');
    }
    sso = new SsoService(oidc, usersRepository, new UserIdentitiesRepository(database.db), auth, config.sso.rolesClaim);
  }

  const groups = new GroupsService(database.db);
  const quota = new StorageQuota(database.db, config.storageQuotaBytes);
  const uploads = new UploadsService(
    database.db,
    storage,
    new SignedFileLinks(deriveSecret(authSecret, 'upload-file-links')),
    quota,
  );
  const presets = new PresetsService(database.db, uploads);
  const renderedAssets = new RenderedAssetsService(database.db, storage);
  const stills = new StillsRepository(database.db);
  const renderPublisher = new RenderedAssetPublisher(
    renderedAssets,
    new ModelPreviewStore(database.db, storage),
    new ConfigStillStore(stills, storage),
  );
  const renderQueue = new RenderQueue({
    database,
    storage,
    log: app.log,
    settings: config.render,
    publisher: renderPublisher,
    metrics: metrics.renderJobs,
  });
  const previews = new ModelPreviewRequests(renderQueue, app.log);
  const configStills = new ConfigStillRequests(renderQueue, stills, app.log);
  const configs = new ConfigsService(database.db, storage, uploads, configStills);
  const configLinks = new ConfigLinksService(database.db, storage, configs);
  const renderCache = new RenderCache(database.db, storage);
  const assetModels = new AssetModelsService(
    database.db,
    storage,
    new SignedFileLinks(deriveSecret(authSecret, 'model-file-links')),
    previews,
    quota,
    async (ids) => {
      for (const id of ids) {
        // A stale entry is never asked for again (its key names the model as it was): failing here costs only space.
        await renderCache
          .dropModel(id)
          .catch((error: unknown) => app.log.warn({ err: error, assetModelId: id }, 'could not drop cached renders'));
      }
    },
  );
  // The job owner as a user: render links are signed, and cached renders keyed, with their access.
  const renderOwner = async (id: string) => {
    const row = await usersRepository.findById(id);
    if (!row) throw new Error('the owner of this render no longer exists');
    return toUser(row);
  };
  const renderCacheKeys = RenderCacheKeys.of(config, assetModels, renderOwner);
  const render = new RenderService(
    renderQueue,
    configs,
    presets,
    quota,
    new StillAnswers({ cache: renderCache, keys: renderCacheKeys, queue: renderQueue, publisher: renderPublisher }),
  );
  const mediaAccess =
    parts.mediaAccess ?? new LibraryMediaAccess({ uploads, configs, assetModels, renderedAssets, render });
  app.decorate('renderedAssets', renderedAssets);
  app.decorate('renderQueue', renderQueue);
  app.decorate('configStills', configStills);
  let renderRunner = parts.renderRunner;
  if (!renderRunner && config.render.workers > 0) {
    // Render engines of their own, started only when a job needs one.
    const rendering = createEngineRenderRunner({
      config,
      cache: renderCache,
      keys: renderCacheKeys,
      log: app.log,
      assetModels,
      uploads,
      owner: renderOwner,
      // Render engines run on this machine unless render hosts are configured (then ENGINE_FILES_URL is needed).
      filesUrl: () =>
        config.engines.filesUrl ?? (config.render.engineInstances.length === 0 ? listeningOrigin(app) : undefined),
      engineCli: parts.engineCli,
    });
    renderRunner = rendering.runner;
    app.addHook('onClose', () => rendering.engines.close());
  }
  for (let index = 0; index < config.render.workers; index++) {
    if (renderRunner) renderQueue.addWorker(renderRunner);
  }
  // Workers start once the app is ready and stop before the database closes; their running jobs go back in the queue.
  app.addHook('onReady', async () => renderQueue.start());
  app.addHook('preClose', () => renderQueue.stop());

  await app.register(enginesPlugin, {
    config,
    db: database.db,
    auth,
    revocation,
    engineKey: config.engines.signallingKey ?? deriveSecret(authSecret, 'signalling'),
    cli: parts.engineCli,
    onAllocation: (outcome) => metrics.allocations.inc({ outcome }),
    onEngineLost: () => metrics.enginesLost.inc(),
  });
  registerStudioGauges(metrics, {
    db: database.db,
    log: app.log,
    engines: { provider: app.engineProvider, line: app.engineLine, signalling: app.signalling },
  });

  await ensureInitialAdmin({
    repository: usersRepository,
    service: users,
    username: config.initialAdmin.username,
    password: config.initialAdmin.password,
    dataDir: config.dataDir,
    log: app.log,
  });

  await seedBuiltInProduct({ db: database.db, storage, modelFile: config.builtInModelFile, log: app.log });
  if (config.starterLooks) await seedStarterLooks({ db: database.db, log: app.log });
  // Once the server listens: a render engine fetches the car from this server, whose address is known only then
  // (a job claimed at ready, before the listen, found none and failed).
  app.addHook('onListen', async () => {
    try {
      if (await requestBuiltInPreview(database.db, previews))
        app.log.info('queued a preview render of the built-in car');
    } catch (error) {
      app.log.warn({ err: error }, 'could not queue the preview render of the built-in car');
    }
  });

  // fastify/demo's layers: third-party plugins (plugins/external), then ours (plugins/app), then the routes.
  await app.register(helmetPlugin, { publicUrl: config.publicUrl });
  await app.register(rateLimitPlugin, { redis: config.redis });
  await app.register(cookiePlugin, { secret: deriveSecret(authSecret, 'cookies') });
  await app.register(multipartPlugin);
  await app.register(websocketPlugin, { maxPayload: RELAY_HARD_LIMIT_BYTES });
  await app.register(securityHeadersPlugin);
  await app.register(privateAnswersPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyDepthPlugin);
  // After the depth check: it walks the body too.
  await app.register(nulCharactersPlugin);
  // Last before the routes, although external: it must see every route, and Swagger UI's own routes take the hooks
  // and error handler above.
  await app.register(openApiPlugin, { version: PACKAGE_VERSION, requiresSignIn });

  await app.register(
    async (api) => {
      await api.register(authenticationPlugin, { auth });
      await api.register(healthRoutes, {
        database,
        storage,
        engines: app.engineProvider,
        version: PACKAGE_VERSION,
        redis: config.redis ? app.signallingBus : undefined,
      });
      await api.register(authRoutes, {
        auth,
        loginRateLimitPerMinute: config.loginRateLimitPerMinute,
        ssoEnabled: sso !== undefined,
      });
      await api.register(ssoRoutes, { sso, publicUrl: ssoPublicUrl });
      await api.register(usersRoutes, { users });
      await api.register(groupsRoutes, { groups });
      await api.register(presetsRoutes, { presets });
      await api.register(configsRoutes, { configs });
      await api.register(configLinksRoutes, { links: configLinks });
      await api.register(publicLinksRoutes, { links: configLinks });
      await api.register(assetModelsRoutes, { assetModels, engineFilesUrl: app.engineFilesUrl });
      await api.register(renderedAssetsRoutes, { renderedAssets });
      await api.register(renderRoutes, { render });
      await api.register(uploadsRoutes, { uploads, engineFilesUrl: app.engineFilesUrl });
      await api.register(storageQuotaRoutes, { quota });
      await api.register(sessionsRoutes, { sessions: app.engineSessions, idleMs: config.engines.idleMs });
      await api.register(engineLineRoutes, { line: app.engineLine });
      await api.register(enginesRoutes, { provider: app.engineProvider });
      await api.register(systemRoutes, { system: new SystemService(database.db, app.engineProvider) });
      await api.register(remoteRelayPlugin, {
        auth,
        revocation,
        sessions: app.engineSessions,
        authDeadlineMs: parts.relayAuthDeadlineMs,
        onCall: (status, seconds) => {
          metrics.relayCalls.inc({ status: String(status) });
          metrics.relayDuration.observe(seconds);
        },
      });
      await api.register(mediaRoutes, {
        media: new MediaService(storage, mediaAccess),
        cookies: new MediaCookies(usersRepository, revocation),
      });
    },
    { prefix: API_BASE },
  );

  await app.register(signallingRoutes, { signalling: app.signalling });
  await app.register(webAppPlugin, { root: config.webDist });
  return app;
}
