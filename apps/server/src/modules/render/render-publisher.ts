import { CAR_MODEL_ASSET_TYPE, TURNTABLE_ASSET_TYPE, type RenderJobKind } from '@autostudio/protocol';
import type { RenderedAssetsService } from '../rendered-assets/rendered-assets.service.js';
import type { ConfigStillStore } from './config-stills.js';
import type { ModelPreviewStore } from './model-previews.js';
import type { RenderJobWork, RenderPublisher, StoredRenderOutput } from './render-runner.js';

/**
 * A completed job's outputs as a rendered asset of its owner, named and filed as the job's metadata says; a preview's
 * as its asset model's picture; a configuration still's as the still of its hash in the cache of stills.
 */
export class RenderedAssetPublisher implements RenderPublisher {
  constructor(
    private readonly renderedAssets: RenderedAssetsService,
    private readonly previews: ModelPreviewStore,
    private readonly stills: ConfigStillStore,
  ) {}

  async publish(job: RenderJobWork, outputs: StoredRenderOutput[]): Promise<string | null> {
    if (job.kind === 'preview') {
      await this.previews.publish(job.request.assetModelId, outputs);
      return null;
    }
    if (job.kind === 'configStill') {
      await this.stills.publish(job.request.hash, outputs);
      return null;
    }
    const { metadata } = job.request;
    return this.renderedAssets.recordFor(job.ownerId, {
      name: metadata.name,
      description: metadata.description,
      category: metadata.category,
      brand: metadata.brand,
      type: assetType(job.kind),
      configId: metadata.configId,
      items: outputs.map((output) => ({
        kind: output.kind,
        key: output.key,
        fileName: output.key.split('/').pop() ?? output.kind,
        contentType: output.contentType,
        size: output.size ?? 0,
        ...(output.width === undefined ? {} : { width: output.width }),
        ...(output.height === undefined ? {} : { height: output.height }),
      })),
    });
  }

  withdraw(assetId: string): Promise<void> {
    return this.renderedAssets.withdraw(assetId);
  }

  /** A still that cannot be rendered says so in the cache; its configurations keep no still (stillUrl null). */
  async failed(job: RenderJobWork): Promise<void> {
    if (job.kind === 'configStill') await this.stills.failed(job.request.hash);
  }
}

/** The gallery's type of what a job made: a still is an image, an exported car a model, the others their kind. */
function assetType(kind: RenderJobKind): string {
  if (kind === 'still') return 'image';
  if (kind === 'carModel') return CAR_MODEL_ASSET_TYPE;
  if (kind === 'turntable') return TURNTABLE_ASSET_TYPE;
  return kind;
}
