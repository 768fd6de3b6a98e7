import { PRESET_ANIMATIONS, TIMELINE_FPS } from '../constants.js';
import type { RenderShot } from './render-queue.js';

type PresetAnimationName = (typeof PRESET_ANIMATIONS)[number]['name'];

const presetFrames = (name: PresetAnimationName) =>
  PRESET_ANIMATIONS.find((animation) => animation.name === name)?.frames ?? 1;

/** A full turn in keys 90° apart (the short way round between each), over `seconds`. */
const turn = (seconds: number) =>
  [0, 1, 2, 3, 4].map((quarter) => ({ time: (seconds * quarter) / 4, yaw: quarter * 90 }));

/**
 * The camera moves of spec §9's preset animations, as shots every engine plays and renders the same way. The crane's
 * yaw 90 looks at the car's left side and 270 at its right; values a shot leaves out keep the configuration's.
 */
export const PRESET_ANIMATION_SHOTS: Record<PresetAnimationName, RenderShot> = {
  'Exterior 360': {
    Camera: 'Exterior',
    FrameRate: TIMELINE_FPS,
    Frames: presetFrames('Exterior 360'),
    Keyframes: turn(presetFrames('Exterior 360') / TIMELINE_FPS),
  },
  'Interior 360': {
    Camera: 'Interior',
    FrameRate: TIMELINE_FPS,
    Frames: presetFrames('Interior 360'),
    Keyframes: turn(presetFrames('Interior 360') / TIMELINE_FPS),
  },
  'Left Close-up View': {
    Camera: 'Exterior',
    FrameRate: TIMELINE_FPS,
    Frames: presetFrames('Left Close-up View'),
    Keyframes: [
      { time: 0, yaw: 55, pitch: 4, distance: 420 },
      { time: presetFrames('Left Close-up View') / TIMELINE_FPS, yaw: 125, pitch: 8, distance: 340 },
    ],
  },
  'Right Close-up View': {
    Camera: 'Exterior',
    FrameRate: TIMELINE_FPS,
    Frames: presetFrames('Right Close-up View'),
    Keyframes: [
      { time: 0, yaw: 305, pitch: 4, distance: 420 },
      { time: presetFrames('Right Close-up View') / TIMELINE_FPS, yaw: 235, pitch: 8, distance: 340 },
    ],
  },
};
