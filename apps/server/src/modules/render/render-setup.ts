import fs from 'node:fs';
import path from 'node:path';
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
  /** Where a matrix's variants are kept and found again. */
  cache: RenderCache;
}

/**
 * What the render cache knows of the engines' version: the reference engine is released with this server, so its
 * version is the server's; render hosts (Unreal) do not tell theirs over the Remote Control API, so their addresses
 * stand in (a new host renders anew).
 */
function engineVersion(config: RenderRunnerContext['config']): string {
  const { engineInstances } = config.render;
  return engineInstances.length > 0 ? `hosts ${[...engineInstances].sort().join(',')}` : `reference ${SERVER_VERSION}`;
}

const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

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
    modelStamp: async (ownerId, assetModelId) => {
      const model = await context.assetModels.get(await context.owner(ownerId), assetModelId);
      // A version's file never changes (a new file is a new version); its settings may. Its name and such draw nothing.
      return JSON.stringify([model.id, model.version, model.fileName, model.fileSize, model.settings]);
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
      engineVersion: engineVersion(context.config),
    }),
    engines,
  };
}
