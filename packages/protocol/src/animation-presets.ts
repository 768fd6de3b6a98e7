import { z } from 'zod';
import { TIMELINE_FPS } from './constants.js';
import { sequenceKeyframeSchema } from './engine/sequences.js';
import { framesOf } from './engine/shot-pose.js';
import type { RenderShot } from './engine/render-queue.js';

/**
 * An animation preset's settings (spec §3 "Timeline" and "Frame"): the user's sequence as the timeline holds it,
 * frames with their preview and params (time in seconds plus crane values), at a frame rate (24). Extra keys a
 * newer client writes are kept.
 */
export const animationPresetSettingsSchema = z.looseObject({
  fps: z.number().int().min(1).max(120).default(TIMELINE_FPS),
  frames: z
    .array(z.looseObject({ id: z.string().optional(), preview: z.string().optional(), params: sequenceKeyframeSchema }))
    .min(1, 'an animation needs at least one frame'),
});
export type AnimationPresetSettings = z.infer<typeof animationPresetSettingsSchema>;

/** The exterior camera move a saved sequence makes, as a render engine plays it frame by frame. */
export function shotOfAnimation(settings: AnimationPresetSettings): RenderShot {
  const keyframes = settings.frames.map((frame) => frame.params);
  return {
    Camera: 'Exterior',
    FrameRate: settings.fps,
    Frames: framesOf(keyframes, settings.fps),
    Keyframes: keyframes,
  };
}
