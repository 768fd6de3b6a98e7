import type { RenderedAssetsService } from '../rendered-assets/rendered-assets.service.js';
import type { ModelPreviewStore } from './model-previews.js';
import type { RenderJobWork, RenderPublisher, StoredRenderOutput } from './render-runner.js';

/**
 * A completed job's outputs as a rendered asset of its owner, named and filed as the job's metadata says; a preview's
 * as its asset model's picture.
 */
export class RenderedAssetPublisher implements RenderPublisher {
  constructor(
    private readonly renderedAssets: RenderedAssetsService,
    private readonly previews: ModelPreviewStore,
  ) {}

  async publish(job: RenderJobWork, outputs: StoredRenderOutput[]): Promise<string | null> {
    if (job.kind === 'preview') {
      await this.previews.publish(job.request.assetModelId, outputs);
      return null;
    }
    const { metadata } = job.request;
    return this.renderedAssets.recordFor(job.ownerId, {
      name: metadata.name,
      description: metadata.description,
      category: metadata.category,
      brand: metadata.brand,
      type: job.kind === 'video' ? 'video' : 'image',
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
}
