import fs from 'node:fs';
import path from 'node:path';
import { CONFIG_STILL, type SavedConfigSettings, type StillRenderRequest, type User } from '@autostudio/protocol';
import type { AppConfig } from '../../../config.js';
import type { AssetModelsService } from '../../asset-models/asset-models.service.js';
import { renderSceneOf, stillEngineSettings } from '../render-scene.js';
import { renderCacheHash } from './render-cache.js';

const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/**
 * What keys a render in the cache besides its own request: the engines' version, and the car's asset model as it is
 * now. The server (answering a still from the cache) and the workers (keeping what they rendered) key alike.
 */
export class RenderCacheKeys {
  constructor(
    /** See engineVersionOf. */
    readonly engineVersion: string,
    /** Text that changes whenever the asset model's file, version or settings do. */
    private readonly stampOf: (ownerId: string, assetModelId: string) => Promise<string>,
  ) {}

  static of(
    config: Pick<AppConfig, 'render'>,
    assetModels: Pick<AssetModelsService, 'get'>,
    owner: (id: string) => Promise<User>,
  ): RenderCacheKeys {
    return new RenderCacheKeys(engineVersionOf(config.render.engineInstances), async (ownerId, assetModelId) => {
      const model = await assetModels.get(await owner(ownerId), assetModelId);
      // A version's file never changes (a new file is a new version); its settings may. Its name and such draw nothing.
      return JSON.stringify([model.id, model.version, model.fileName, model.fileSize, model.settings]);
    });
  }

  /** The stamp of the settings' car; null for the engine's own car. */
  async modelStamp(ownerId: string, settings: SavedConfigSettings): Promise<string | null> {
    const car = renderSceneOf(settings).car;
    return car === null ? null : this.stampOf(ownerId, car);
  }

  /** The key of a configuration's first picture (CONFIG_STILL's fixed format) and its car's files. */
  async configStill(ownerId: string, settings: SavedConfigSettings): Promise<string> {
    return renderCacheHash({
      files: 'config still',
      scene: renderSceneOf(settings),
      modelStamp: await this.modelStamp(ownerId, settings),
      render: CONFIG_STILL.settings,
      engineVersion: this.engineVersion,
    });
  }

  /** The key of a still of these settings. */
  async still(ownerId: string, request: StillRenderRequest, settings: SavedConfigSettings): Promise<string> {
    return renderCacheHash({
      files: 'still',
      scene: renderSceneOf(settings),
      modelStamp: await this.modelStamp(ownerId, settings),
      render: stillEngineSettings(request),
      engineVersion: this.engineVersion,
    });
  }
}

/**
 * The engines' version as the cache knows it: the reference engine is released with this server, so its version is
 * the server's; render hosts (Unreal) do not tell theirs over the Remote Control API, so their addresses stand in (a
 * new host renders anew).
 */
function engineVersionOf(engineInstances: readonly string[]): string {
  return engineInstances.length > 0 ? `hosts ${[...engineInstances].sort().join(',')}` : `reference ${SERVER_VERSION}`;
}
