import type { EngineFunctionName, Upload } from '@autostudio/protocol';
import { uploadEngineLink } from '@/lib/uploads/upload-image';
import { useEngineStore, type ImageSlot, type ImageSlotName } from './engine-store';

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
  await giveImage(slot, { imageId: upload.id, previewUrl: upload.url, selectedImageName: upload.filename });
  await useEngineStore.getState().reread(['Environment', 'Camera']);
}

/** Gives the engine an image it was given before (a saved configuration's), and remembers it for the slot. */
export async function giveImage(slot: ImageSlotName, image: ImageSlot): Promise<void> {
  const store = useEngineStore.getState();
  const api = store.api;
  if (!api) throw new Error('The engine is not connected');
  const link = await uploadEngineLink(image.imageId);
  await api.call(IMPORTS[slot], { Url: link.url });
  store.setImage(slot, image);
}

/** The link for an image the engine was given before, to give it again (showing a hidden custom guide). */
export async function engineLinkFor(slot: ImageSlotName): Promise<string | null> {
  const image = useEngineStore.getState().images[slot];
  return image ? (await uploadEngineLink(image.imageId)).url : null;
}
