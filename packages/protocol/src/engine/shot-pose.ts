import type { RenderShot } from './render-queue.js';

/** Where a shot puts its camera at one moment; a value no keyframe gives is absent (the scene's stays). */
export interface ShotPose {
  yaw?: number;
  pitch?: number;
  distance?: number;
}

type Channel = 'yaw' | 'pitch' | 'distance';
const CHANNELS: Channel[] = ['yaw', 'pitch', 'distance'];

/**
 * Yaw values shifted by whole turns so that consecutive keys never differ by more than 180°: the camera goes the
 * short way round (spec §9's unwrapping; a 0 → 270 pair turns 90° backwards, a full turn needs keys 90° apart).
 */
export function unwrapYaw(values: number[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    const previous = out.at(-1);
    if (previous === undefined) {
      out.push(value);
      continue;
    }
    let shifted = value;
    while (shifted - previous > 180) shifted -= 360;
    while (shifted - previous < -180) shifted += 360;
    out.push(shifted);
  }
  return out;
}

interface Key {
  t: number;
  v: number;
}

/**
 * A channel's value at time `t` on a cubic Hermite curve through its keys with Catmull-Rom tangents (finite
 * differences over time): it passes through every key, has no corners, and keys evenly spaced in time and value
 * give constant speed. Before the first key and after the last, the value holds.
 */
function curveAt(keys: Key[], t: number): number {
  const next = keys.findIndex((key) => key.t >= t);
  const a = keys[next - 1];
  const b = keys[next];
  if (!b) return keys.at(-1)?.v ?? 0;
  if (!a || b.t <= a.t) return b.v;
  const slope = (from: Key | undefined, to: Key | undefined) =>
    from && to && to.t > from.t ? (to.v - from.v) / (to.t - from.t) : (b.v - a.v) / (b.t - a.t);
  const tangentA = slope(keys[next - 2] ?? a, b);
  const tangentB = slope(a, keys[next + 1] ?? b);
  const span = b.t - a.t;
  const s = (t - a.t) / span;
  const s2 = s * s;
  const s3 = s2 * s;
  return (
    (2 * s3 - 3 * s2 + 1) * a.v +
    (s3 - 2 * s2 + s) * span * tangentA +
    (-2 * s3 + 3 * s2) * b.v +
    (s3 - s2) * span * tangentB
  );
}

/** The camera's pose at a frame of a shot (frame / frame rate seconds in). */
export function shotPoseAt(shot: Pick<RenderShot, 'Keyframes' | 'FrameRate'>, frame: number): ShotPose {
  const keys = [...shot.Keyframes].sort((a, b) => a.time - b.time);
  const t = frame / shot.FrameRate;
  const pose: ShotPose = {};
  for (const channel of CHANNELS) {
    const given = keys.flatMap((key) => {
      const v = key[channel];
      return v === undefined ? [] : [{ t: key.time, v }];
    });
    if (given.length === 0) continue;
    const values = channel === 'yaw' ? unwrapYaw(given.map((key) => key.v)) : given.map((key) => key.v);
    pose[channel] = curveAt(
      given.map((key, i) => ({ t: key.t, v: values[i] ?? key.v })),
      t,
    );
  }
  return pose;
}

/** Frames a sequence's keyframes span at a frame rate: up to the last key's time, both ends included. */
export function framesOf(keyframes: { time: number }[], frameRate: number): number {
  const end = Math.max(0, ...keyframes.map((key) => key.time));
  return Math.max(1, Math.round(end * frameRate) + 1);
}
