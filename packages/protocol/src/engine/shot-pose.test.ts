import { describe, expect, it } from 'vitest';
import { PRESET_ANIMATIONS } from '../constants.js';
import { PRESET_ANIMATION_SHOTS } from './preset-shots.js';
import { renderSamples } from './render-queue.js';
import { framesOf, shotPoseAt, unwrapYaw } from './shot-pose.js';

describe('shot poses', () => {
  it('passes through every keyframe', () => {
    const shot = {
      FrameRate: 24,
      Keyframes: [
        { time: 0, yaw: 10, pitch: 5, distance: 500 },
        { time: 1, yaw: 40, pitch: 20, distance: 400 },
        { time: 2, yaw: 20, pitch: 10, distance: 600 },
      ],
    };
    expect(shotPoseAt(shot, 0)).toEqual({ yaw: 10, pitch: 5, distance: 500 });
    expect(shotPoseAt(shot, 24)).toEqual({ yaw: 40, pitch: 20, distance: 400 });
    expect(shotPoseAt(shot, 48)).toEqual({ yaw: 20, pitch: 10, distance: 600 });
    // Past the end, the last key holds.
    expect(shotPoseAt(shot, 100).yaw).toBe(20);
  });

  it('turns the short way round between keys', () => {
    expect(unwrapYaw([350, 10, 30])).toEqual([350, 370, 390]);
    expect(unwrapYaw([0, 270])).toEqual([0, -90]);
    const pose = shotPoseAt(
      {
        FrameRate: 24,
        Keyframes: [
          { time: 0, yaw: 350 },
          { time: 1, yaw: 10 },
        ],
      },
      12,
    );
    expect(pose.yaw).toBeCloseTo(360, 5);
  });

  it('leaves out what no keyframe gives', () => {
    expect(shotPoseAt({ FrameRate: 24, Keyframes: [{ time: 0, yaw: 5 }] }, 3)).toEqual({ yaw: 5 });
  });

  it('moves smoothly: no step between frames is far larger than its neighbours', () => {
    const shot = PRESET_ANIMATION_SHOTS['Exterior 360'];
    const yaws = Array.from({ length: shot.Frames }, (_, frame) => shotPoseAt(shot, frame).yaw!);
    const steps = yaws.slice(1).map((yaw, i) => yaw - yaws[i]!);
    // Keys evenly spaced in time and angle: constant speed, one degree a frame.
    for (const step of steps) expect(step).toBeCloseTo(1, 6);
  });

  it('has a shot for every preset animation with its frame count', () => {
    for (const { name, frames } of PRESET_ANIMATIONS) expect(PRESET_ANIMATION_SHOTS[name].Frames).toBe(frames);
    expect(framesOf([{ time: 0 }, { time: 2 }], 24)).toBe(49);
  });
});

describe('render quality', () => {
  it('maps LOW, MEDIUM and HIGH to documented sample counts', () => {
    expect(renderSamples('LOW', 8, 8, false)).toEqual({ samples: 16, pathTraced: false });
    expect(renderSamples('MEDIUM', 8, 8, false)).toEqual({ samples: 64, pathTraced: false });
    expect(renderSamples('HIGH', 8, 8, true)).toEqual({ samples: 256, pathTraced: true });
    expect(renderSamples('HIGH', 8, 8, false)).toEqual({ samples: 64, pathTraced: false });
    expect(renderSamples('MEDIUM', 64, 64, false).samples).toBe(256);
    expect(renderSamples('LOW', 1, 1, false).samples).toBe(1);
  });
});
