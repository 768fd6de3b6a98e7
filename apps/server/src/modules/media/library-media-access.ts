import { isAdmin, type User } from '@autostudio/protocol';
import type { AssetModelsService } from '../asset-models/asset-models.service.js';
import type { ConfigsService } from '../configs/configs.service.js';
import { stillKey } from '../configs/stills.repository.js';
import type { RenderService } from '../render/render.service.js';
import type { RenderedAssetsService } from '../rendered-assets/rendered-assets.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { MediaAccess } from './media-access.js';

/** The file of a configuration still: its hash (sha256, hex) and the JPEG's extension. */
const STILL_FILE = /^([0-9a-f]{64})\.jpg$/;

/**
 * Who may read a stored file: whoever may see the item it belongs to. The first part of the key says which
 * kind of item that is, the second which one (see the key rules of each service).
 */
export class LibraryMediaAccess implements MediaAccess {
  constructor(
    private readonly services: {
      uploads: UploadsService;
      configs: ConfigsService;
      assetModels: AssetModelsService;
      renderedAssets: RenderedAssetsService;
      /** Outputs of render jobs (`render-jobs/<jobId>/…`): the job's owner, and those who may see the render. */
      render?: RenderService;
    },
  ) {}

  async canReadMedia(user: User, key: string): Promise<boolean> {
    if (isAdmin(user)) return true;
    const [kind, id] = key.split('/');
    if (!id) return false;
    switch (kind) {
      case 'uploads':
        return this.services.uploads.canReadId(user, id);
      case 'configs':
        return this.services.configs.canSee(user, id);
      case 'stills': {
        // `stills/<hash>.jpg` (stills.repository.ts): shared by every configuration with those settings, so whoever
        // may see one of them reads it.
        const hash = STILL_FILE.exec(id)?.[1];
        return hash !== undefined && key === stillKey(hash) && this.services.configs.canSeeStill(user, hash);
      }
      case 'asset-models':
        return this.services.assetModels.canSeeModel(user, id);
      case 'renders':
        return this.services.renderedAssets.canSeeFile(user, key);
      case 'render-jobs':
        // A job's owner reads its outputs; once they became a rendered asset, so does whoever may see that.
        return (
          ((await this.services.render?.canReadOutputs(user, id)) ?? false) ||
          this.services.renderedAssets.canSeeFile(user, key)
        );
      default:
        return false;
    }
  }
}
