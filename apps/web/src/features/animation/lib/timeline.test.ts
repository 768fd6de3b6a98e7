import { describe, expect, it } from 'vitest';
import {
  endFrameOf,
  frameAtTime,
  framesOfSettings,
  nextFrameTime,
  normaliseFrames,
  settingsOf,
  type TimelineFrame,
} from './timeline';

const frame = (id: string, time: number, yaw?: number): TimelineFrame => ({
  id,
  preview: '',
  params: { time, ...(yaw === undefined ? {} : { yaw }), pitch: 10, distance: 500 },
});
const yaws = (frames: TimelineFrame[]) => frames.map((f) => f.params.yaw);

describe('the timeline’s frames (spec §3 Frame, §5 yaw unwrapping)', () => {
  it('a new frame comes a second after the last, the first at 0', () => {
    expect(nextFrameTime([])).toBe(0);
    expect(nextFrameTime([frame('a', 0), frame('b', 2.5)])).toBe(3.5);
  });

  it('unwraps yaw so that consecutive frames never differ by more than 180°, across ±180 either way', () => {
    // The crane reads ±180: 150 then -170 is 40° further round, not 320° back.
    expect(yaws(normaliseFrames([frame('a', 0, 150), frame('b', 1, -170), frame('c', 2, -100)]))).toEqual([
      150, 190, 260,
    ]);
    expect(yaws(normaliseFrames([frame('a', 0, -170), frame('b', 1, 170)]))).toEqual([-170, -190]);
    const unwrapped = yaws(
      normaliseFrames([frame('a', 0, 0), frame('b', 1, 179), frame('c', 2, -2), frame('d', 3, 178)]),
    );
    for (let i = 1; i < unwrapped.length; i += 1)
      expect(Math.abs((unwrapped[i] ?? 0) - (unwrapped[i - 1] ?? 0))).toBeLessThanOrEqual(180);
  });

  it('keeps frames in time order and unwraps in that order; a frame without yaw keeps none', () => {
    const sorted = normaliseFrames([frame('late', 2, -170), frame('early', 0, 160), frame('none', 1)]);
    expect(sorted.map((f) => f.id)).toEqual(['early', 'none', 'late']);
    expect(yaws(sorted)).toEqual([160, undefined, 190]);
  });

  it('go to end is the latest frame time × fps; engine seconds become frames at the timeline’s rate', () => {
    expect(endFrameOf([frame('a', 0), frame('b', 2)], 24)).toBe(48);
    expect(endFrameOf([], 24)).toBe(0);
    expect(frameAtTime(1.5, 24)).toBe(36);
    expect(frameAtTime(0.021, 24)).toBe(1);
  });

  it('round-trips through an animation preset’s settings, and refuses settings that are not an animation', () => {
    const frames = [frame('a', 0, 10), frame('b', 1, 40)];
    expect(framesOfSettings(JSON.stringify(settingsOf(frames, 24)))).toEqual({ fps: 24, frames });
    expect(framesOfSettings('{"GlobalSaturation":1}')).toBeNull();
    expect(framesOfSettings('not json')).toBeNull();
  });
});
