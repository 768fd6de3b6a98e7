import { HIDDEN_PRESET_CATEGORY, type Preset, type Upload } from '@autostudio/protocol';
import { createPreset, updatePreset } from '@/api/presets';
import { uploadImage } from '@/lib/uploads/upload-image';

/*
 * The timeline saves itself as an animation preset (spec §3 "Preset": type animation, settings as a JSON string,
 * previews in an upload group), through the presets' own calls. Browsing, copying and sharing animation presets is
 * the presets feature's; the app composes the two.
 */

export interface AnimationPresetBody {
  name: string;
  /** The sequence's category (spec §3); '' leaves the server's hidden default. */
  category: string;
  /** The timeline's settings as the JSON string that travels on the wire. */
  settings: string;
  /** The upload group of the frames' previews; none until the first preview is uploaded. */
  groupId: string | null;
}

export function createAnimationPreset({ name, category, settings, groupId }: AnimationPresetBody): Promise<Preset> {
  return createPreset({
    name,
    type: 'animation',
    settings,
    ...(category ? { category } : {}),
    ...(groupId ? { groupId } : {}),
  });
}

export function updateAnimationPreset(
  id: string,
  { name, category, settings, groupId }: AnimationPresetBody,
): Promise<Preset> {
  // A category cleared goes back to the hidden default, where the browser's category list does not show it.
  return updatePreset(id, {
    name,
    category: category || HIDDEN_PRESET_CATEGORY,
    settings,
    ...(groupId ? { groupId } : {}),
  });
}

/**
 * Spec §7 "Preview upload": a frame's preview, captured from the stream, uploaded into the sequence's group (the first
 * upload starts the group). Resolves with the upload: its id is the frame's preview.
 */
export function uploadFramePreview(image: Blob, frameId: string, groupId: string | null): Promise<Upload> {
  return uploadImage(image, { filename: `frame-${frameId}.jpg`, ...(groupId ? { groupId } : {}) });
}
