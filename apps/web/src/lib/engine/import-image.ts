import type { EngineFunctionName, Upload } from '@autostudio/protocol';
import { uploadEngineLink } from '@/lib/uploads/upload-image';
import { useEngineStore, type ImageSlotName } from './engine-store';

/** The engine functions that take an uploaded image, by the slot it fills. */
const IMPORTS = {
  backplate: 'ImportandUpdateBackplate',
  backdrop: 'ImportandApplyCubemap',
  guide: 'ImportandUpdateCompositionGuide',
} as const satisfies Record<ImageSlotName, EngineFunctionName>;

/**
 * Gives the engine an uploaded image through a short-lived link it can fetch on its own, then remembers the
 * image for the slot and reads back what the import changed (a backplate turns itself on). Rejects when the engine
 * refuses, so that the upload field can say so.
 */
export async function importImage(slot: ImageSlotName, upload: Upload): Promise<void> {
  const store = useEngineStore.getState();
  const api = store.api;
  if (!api) throw new Error('The engine is not connected');
  const link = await uploadEngineLink(upload.id);
  await api.call(IMPORTS[slot], { Url: link.url });
  store.setImage(slot, { imageId: upload.id, previewUrl: upload.url, selectedImageName: upload.filename });
  await store.reread(['Environment', 'Camera']);
}

/** The link for an image the engine was given before, to give it again (showing a hidden custom guide). */
export async function engineLinkFor(slot: ImageSlotName): Promise<string | null> {
  const image = useEngineStore.getState().images[slot];
  return image ? (await uploadEngineLink(image.imageId)).url : null;
}
