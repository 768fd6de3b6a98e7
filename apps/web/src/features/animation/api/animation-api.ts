import { API_ROUTES, pathTo, presetSchema, type Preset, type Upload } from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { uploadImage } from '@/lib/uploads/upload-image';

/*
 * The timeline saves itself as an animation preset (spec §3 "Preset": type animation, settings as a JSON string,
 * previews in an upload group). Browsing, copying and sharing animation presets is the presets feature's; the app
 * composes the two.
 */

export interface AnimationPresetBody {
  name: string;
  /** The timeline's settings as the JSON string that travels on the wire. */
  settings: string;
  /** The upload group of the frames' previews; none until the first preview is uploaded. */
  groupId: string | null;
}

export function createAnimationPreset({ name, settings, groupId }: AnimationPresetBody): Promise<Preset> {
  return apiRequest(API_ROUTES.presets.create, {
    method: 'POST',
    body: { name, type: 'animation', settings, ...(groupId ? { groupId } : {}) },
    schema: presetSchema,
  });
}

export function updateAnimationPreset(id: string, { name, settings, groupId }: AnimationPresetBody): Promise<Preset> {
  return apiRequest(pathTo(API_ROUTES.presets.update, { id }), {
    method: 'PUT',
    body: { name, settings, ...(groupId ? { groupId } : {}) },
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
