import {
  animationPresetSettingsSchema,
  parseShallowJson,
  unwrapYaw,
  type AnimationPresetSettings,
  type SequenceKeyframe,
} from '@autostudio/protocol';

/** Spec §3 "Frame": an id, the id of its uploaded preview (empty when none) and its params (time in seconds). */
export interface TimelineFrame {
  id: string;
  preview: string;
  params: SequenceKeyframe;
}

/** Where the exterior crane is: what a new frame records. */
export interface CranePose {
  yaw: number;
  pitch: number;
  distance: number;
}

/** Spec §3: a new frame's time is the last frame's time plus 1 (seconds), or 0 for the first. */
export function nextFrameTime(frames: readonly TimelineFrame[]): number {
  const last = frames.at(-1);
  return last ? last.params.time + 1 : 0;
}

/**
 * The frames in time order with their yaw unwrapped (spec §5): consecutive frames never differ by more than 180°,
 * so the camera goes the short way round between them. Frames without a yaw keep none.
 */
export function normaliseFrames(frames: readonly TimelineFrame[]): TimelineFrame[] {
  const sorted = [...frames].sort((a, b) => a.params.time - b.params.time);
  const withYaw = sorted.filter((frame) => frame.params.yaw !== undefined);
  const yaws = unwrapYaw(withYaw.map((frame) => frame.params.yaw ?? 0));
  const unwrapped = new Map(withYaw.map((frame, i) => [frame, yaws[i] ?? frame.params.yaw]));
  return sorted.map((frame) => {
    const yaw = unwrapped.get(frame);
    return yaw === undefined || yaw === frame.params.yaw ? frame : { ...frame, params: { ...frame.params, yaw } };
  });
}

/** Spec §3 "Sequence payload": the keyframes of the engine's sequence, one per frame. */
export const keyframesOf = (frames: readonly TimelineFrame[]): SequenceKeyframe[] =>
  frames.map((frame) => frame.params);

/** Spec §4: go to end is the latest frame time multiplied by fps. */
export function endFrameOf(frames: readonly TimelineFrame[], fps: number): number {
  return Math.round(Math.max(0, ...frames.map((frame) => frame.params.time)) * fps);
}

/** Spec §4: engine time (seconds) in timeline frames. */
export const frameAtTime = (seconds: number, fps: number): number => Math.max(0, Math.round(seconds * fps));

/** The settings an animation preset stores (spec §3 "Timeline"): fps and the frames. */
export function settingsOf(frames: readonly TimelineFrame[], fps: number): AnimationPresetSettings {
  return { fps, frames: frames.map(({ id, preview, params }) => ({ id, preview, params })) };
}

/** An animation preset's settings as timeline frames, or null when they are not an animation. */
export function framesOfSettings(settings: string): { fps: number; frames: TimelineFrame[] } | null {
  const json = parseShallowJson(settings);
  if (!json.ok) return null;
  const parsed = animationPresetSettingsSchema.safeParse(json.value);
  if (!parsed.success) return null;
  return {
    fps: parsed.data.fps,
    frames: normaliseFrames(
      parsed.data.frames.map((frame, i) => ({
        id: frame.id ?? `frame-${i + 1}`,
        preview: frame.preview ?? '',
        params: frame.params,
      })),
    ),
  };
}
