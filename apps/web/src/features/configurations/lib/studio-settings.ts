import { fromEngineConfig, type AssetModel, type SavedConfigSettings, type SavedUpload } from '@autostudio/protocol';
import type { EngineState, ImageSlot } from '@/lib/engine/engine-store';

const upload = (image: ImageSlot | undefined): SavedUpload | null =>
  image ? { selectedImageName: image.selectedImageName, previewUrl: image.previewUrl, imageId: image.imageId } : null;

/**
 * What the save dialog stores: the engine's whole configuration as the store holds it, and the studio's own state
 * that the engine does not keep (the car loaded, the view, idle path tracing, the images it was given).
 */
export function savedSettingsOf(
  engine: Pick<EngineState, 'settings' | 'view' | 'pathTraceOnIdle' | 'images' | 'toneMapper'>,
  product: AssetModel | null,
): SavedConfigSettings {
  if (!engine.settings) throw new Error('The engine has not been read yet');
  const guide = engine.images.guide;
  return fromEngineConfig(engine.settings, {
    app: { product: product ? { id: product.id, name: product.name } : null },
    scene: { viewMode: engine.view.viewMode, compositionGuideVisiblity: engine.view.compositionGuideVisible },
    carConfig: { switchToPathTraceOnIdle: engine.pathTraceOnIdle },
    backdropUpload: upload(engine.images.backdrop),
    backplateUpload: upload(engine.images.backplate),
    imageUpload: { imageId: guide?.imageId ?? null, previewUrl: guide?.previewUrl ?? null },
    postProcess: engine.toneMapper === null ? undefined : { toneMapper: engine.toneMapper },
  });
}
