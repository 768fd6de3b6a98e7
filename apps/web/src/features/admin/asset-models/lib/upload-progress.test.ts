import { describe, expect, it } from 'vitest';
import { percentOf, progressText, throttleProgress, type FrameScheduler, type UploadProgress } from './upload-progress';
import { modelFileProblem, previewFileProblem } from './model-file-check';

/** Frames that come when the test says, as the browser's would between progress events. */
function fakeFrames() {
  const waiting = new Map<number, () => void>();
  let next = 1;
  const frames: FrameScheduler = {
    request: (callback) => {
      waiting.set(next, callback);
      return next++;
    },
    cancel: (handle) => void waiting.delete(handle),
  };
  const tick = () => {
    const due = [...waiting.values()];
    waiting.clear();
    for (const callback of due) callback();
  };
  return { frames, tick, pending: () => waiting.size };
}

const MB = 1024 * 1024;

describe('upload progress of a large model', () => {
  it('hands on one figure per frame however many progress events a 500 MB body fires', () => {
    const { frames, tick } = fakeFrames();
    const seen: UploadProgress[] = [];
    const throttle = throttleProgress((progress) => seen.push(progress), frames);
    const total = 500 * MB;
    // The browser reports every 64 KB: 8,000 events for 500 MB, spread over 60 frames here.
    for (let frame = 0; frame < 60; frame++) {
      for (let event = 1; event <= 134; event++) {
        throttle.report({ loaded: Math.min(total, (frame * 134 + event) * 64 * 1024), total });
      }
      tick();
    }
    expect(seen).toHaveLength(60);
    // Each frame shows the newest figure, so the bar only moves forward.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.loaded).toBeGreaterThan(seen[i - 1]!.loaded);
    expect(seen.at(-1)).toEqual({ loaded: total, total });
  });

  it('delivers the last figure at once when the upload ends, and nothing after a cancel', () => {
    const { frames, tick, pending } = fakeFrames();
    const seen: UploadProgress[] = [];
    const throttle = throttleProgress((progress) => seen.push(progress), frames);
    throttle.report({ loaded: 10, total: 100 });
    throttle.report({ loaded: 100, total: 100 });
    throttle.flush();
    expect(seen).toEqual([{ loaded: 100, total: 100 }]);
    expect(pending()).toBe(0);

    throttle.report({ loaded: 5, total: 100 });
    throttle.cancel();
    tick();
    expect(seen).toHaveLength(1);
  });

  it('says percent and megabytes as the bar shows them', () => {
    expect(percentOf({ loaded: 0, total: 0 })).toBe(0);
    expect(percentOf({ loaded: 212 * MB, total: 500 * MB })).toBe(42);
    expect(percentOf({ loaded: 500 * MB, total: 500 * MB })).toBe(100);
    expect(progressText({ loaded: 212.4 * MB, total: 500 * MB })).toBe('212 MB of 500 MB');
    expect(progressText({ loaded: 0.5 * MB, total: 2.25 * MB })).toBe('0.5 MB of 2.3 MB');
  });
});

describe('checking a picked file before uploading it', () => {
  it('takes GLB, glTF and ZIP up to the server limit, and says why it refuses others', () => {
    expect(modelFileProblem({ name: 'Car.GLB', size: 10 })).toBeNull();
    expect(modelFileProblem({ name: 'car.gltf', size: 10 })).toBeNull();
    expect(modelFileProblem({ name: 'car.zip', size: 10 })).toBeNull();
    expect(modelFileProblem({ name: 'car.fbx', size: 10 })).toBe(
      'Choose a GLB, glTF or ZIP file; car.fbx is none of these.',
    );
    expect(modelFileProblem({ name: 'car.glb', size: 0 })).toBe('car.glb is empty.');
    expect(modelFileProblem({ name: 'car.glb', size: 1024 * MB + 1 })).toBe('The model file is larger than 1 GB.');
    expect(previewFileProblem({ name: 'car.png', size: 10 })).toBeNull();
    expect(previewFileProblem({ name: 'car.gif', size: 10 })).toBe('Choose a PNG, JPEG or WebP image.');
  });
});
