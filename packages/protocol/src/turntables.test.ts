import { describe, expect, it } from 'vitest';
import { shotPoseAt } from './engine/shot-pose.js';
import { TURNTABLE_FRAME_COUNTS, turntableFrameName, turntableRequestSchema, turntableShot } from './turntables.js';

describe('a turntable', () => {
  it.each(TURNTABLE_FRAME_COUNTS)('of %i frames stands its frames exactly 360/n degrees apart from the start', (n) => {
    const shot = turntableShot(n, 30);
    expect(shot.Frames).toBe(n);
    const yaws = Array.from({ length: n }, (_, frame) => shotPoseAt(shot, frame).yaw ?? Number.NaN);
    yaws.forEach((yaw, frame) => expect(yaw).toBeCloseTo(30 + (360 * frame) / n, 9));
    // Once round and no further: the last frame is one step short of the first again.
    expect((yaws.at(-1) ?? 0) + 360 / n - 360).toBeCloseTo(30, 9);
  });

  it('names frames so that they sort in the order the car turns', () => {
    const names = Array.from({ length: 72 }, (_, index) => turntableFrameName(index, 72, 'jpg'));
    expect(names.slice(0, 2)).toEqual(['frame-01.jpg', 'frame-02.jpg']);
    expect([...names].sort()).toEqual(names);
  });

  it('takes 24, 36 or 72 frames, 36 unless told', () => {
    const base = { settings: {}, metadata: { name: 'Spin' } };
    expect(turntableRequestSchema.parse(base).frames).toBe(36);
    expect(turntableRequestSchema.safeParse({ ...base, frames: 72 }).success).toBe(true);
    expect(turntableRequestSchema.safeParse({ ...base, frames: 30 }).success).toBe(false);
  });
});
