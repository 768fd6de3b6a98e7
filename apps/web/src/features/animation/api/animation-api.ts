import {
  API_ROUTES,
  HIDDEN_PRESET_CATEGORY,
  pathTo,
  presetSchema,
  type Preset,
  type Upload,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { uploadImage } from '@/lib/uploads/upload-image';

/*
 * The timeline saves itself as an animation preset (spec §3 "Preset": type animation, settings as a JSON string,
 * previews in an upload group). Browsing, copying and sharing animation presets is the presets feature's; the app
 * composes the two.
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
  return apiRequest(API_ROUTES.presets.create, {
    method: 'POST',
    body: { name, type: 'animation', settings, ...(category ? { category } : {}), ...(groupId ? { groupId } : {}) },
    schema: presetSchema,
  });
}

export function updateAnimationPreset(
  id: string,
  { name, category, settings, groupId }: AnimationPresetBody,
): Promise<Preset> {
  return apiRequest(pathTo(API_ROUTES.presets.update, { id }), {
    method: 'PUT',
    // A category cleared goes back to the hidden default, where the browser's category list does not show it.
    body: { name, category: category || HIDDEN_PRESET_CATEGORY, settings, ...(groupId ? { groupId } : {}) },
    schema: presetSchema,
  });
}

/**
 * Spec §7 "Preview upload": a frame's preview, captured from the stream, uploaded into the sequence's group (the first
 * upload starts the group). Resolves with the upload: its id is the frame's preview.
 */
export function uploadFramePreview(image: Blob, frameId: string, groupId: string | null): Promise<Upload> {
  return uploadImage(image, { filename: `frame-${frameId}.jpg`, ...(groupId ? { groupId } : {}) });
}
