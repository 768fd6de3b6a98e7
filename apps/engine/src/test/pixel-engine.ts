import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { BUILT_IN_CAR_GLB } from '../built-in-car.js';
import { loadServedModel } from './downloads.js';
import { Pixels } from './pixels.js';
import { takeSharedEngine, type SharedEngine } from './shared-engine.js';

const WIDTH = 320;
const HEIGHT = 180;

/** A Chromium engine for tests that judge the picture, with what they all do to it. */
export interface PixelEngine extends SharedEngine {
  /** A still of the whole picture (RenderStill at the engine's size). */
  still(samples: number): Promise<Pixels>;
}

/**
 * The shared 320×180 Chromium engine (it may fetch from loopback, where the tests' model and image servers listen),
 * reset, with the built-in product's GLB loaded as the studio loads it when asked.
 */
export async function startPixelEngine(options: { builtInCar: boolean }): Promise<PixelEngine> {
  const t = await takeSharedEngine({ width: WIDTH, height: HEIGHT });
  if (options.builtInCar) await loadServedModel(t, await readFile(BUILT_IN_CAR_GLB));
  return {
    ...t,
    async still(samples) {
      const { status, body } = await t.call('camera', 'RenderStill', {
        Width: WIDTH,
        Height: HEIGHT,
        Samples: samples,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      return Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
    },
  };
}
