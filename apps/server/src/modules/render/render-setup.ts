import type { FastifyBaseLogger } from 'fastify';
import { BUILT_IN_PRODUCT, type User } from '@autostudio/protocol';
import type { AppConfig } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import type { AssetModelsService } from '../asset-models/asset-models.service.js';
import { StaticEngineProvider, type EngineProvider } from '../engines/engine-pool.js';
import { LocalEngineProvider } from '../engines/local-engine-provider.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { EngineRenderRunner } from './engine-render-runner.js';
import { RenderEnginePool } from './render-engines.js';
import type { RenderCache } from './cache/render-cache.js';
import type { RenderCacheKeys } from './cache/render-cache-keys.js';
import type { RenderSceneLinks } from './render-scene.js';

export interface RenderRunnerContext {
  config: Pick<AppConfig, 'render' | 'engines' | 'dataDir'>;
  log: FastifyBaseLogger;
  assetModels: AssetModelsService;
  uploads: UploadsService;
  /** The job owner as a user, to sign links with their access (a file they lost access to is not rendered). */
  owner: (id: string) => Promise<User>;
  /** Where render engines fetch this server's signed links; undefined when nobody set it and nothing listens. */
  filesUrl: () => string | undefined;
  engineCli?: string | undefined;
  /** Where finished renders are kept and found again, and what keys them. */
  cache: RenderCache;
  keys: RenderCacheKeys;
}

/**
 * The render engines of this process: RENDER_ENGINE_INSTANCES (render hosts, e.g. Unreal with Movie Render Queue)
 * when given, else up to RENDER_ENGINES reference engines started here on demand, without a stream.
 */
function renderEngineProvider(context: RenderRunnerContext): EngineProvider {
  const { config, log } = context;
  if (config.render.engineInstances.length > 0) {
    const instances = config.render.engineInstances.map((instanceId) => ({
      instanceId,
      streamerId: `render-${instanceId}`,
    }));
    return new StaticEngineProvider(instances, config.engines.registrationKey);
  }
  return new LocalEngineProvider({
    max: config.render.engines,
    warm: 0,
    dataDir: config.dataDir,
    log: log.child({ engines: 'render' }),
    cli: context.engineCli,
    signallingUrl: () => null,
    filesUrl: context.filesUrl,
    fetchAllow: config.engines.fetchAllow,
    idleRefinement: false,
  });
}

/** The runner that renders on render engines, and what closes them. */
export function createEngineRenderRunner(context: RenderRunnerContext): {
  runner: EngineRenderRunner;
  engines: RenderEnginePool;
} {
  const engines = new RenderEnginePool(renderEngineProvider(context), context.log);
  const origin = () => {
    const url = context.filesUrl();
    if (!url) throw new Error('set ENGINE_FILES_URL so that render engines can fetch the files of this server');
    return url;
  };
  const links: RenderSceneLinks = {
    modelUrl: async (ownerId, assetModelId) => {
      const owner = await context.owner(ownerId);
      const model = await context.assetModels.get(owner, assetModelId);
      // The car the user configured is loaded from its file, the built-in one too: the engine's own built-in car
      // need not offer the same trims and paints as the model file the studio loaded.
      try {
        return (await context.assetModels.downloadLink(owner, assetModelId, origin())).url;
      } catch (error) {
        const noFile = error instanceof HttpError && error.statusCode === 404;
        if (noFile && model.modelId === BUILT_IN_PRODUCT.modelId) return null;
        throw error;
      }
    },
    imageUrl: async (ownerId, uploadId) =>
      (await context.uploads.engineLink(await context.owner(ownerId), uploadId, origin())).url,
  };
  return {
    runner: new EngineRenderRunner({
      engines,
      links,
      ffmpegPath: context.config.render.ffmpegPath,
      cache: context.cache,
      keys: context.keys,
    }),
    engines,
  };
}
