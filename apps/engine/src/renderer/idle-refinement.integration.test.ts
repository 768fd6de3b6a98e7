import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pixels } from '../test/pixels.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';
import { ChromiumRenderer } from './chromium-renderer.js';

/**
 * A render engine (`--idle-refinement off`) shares the host's CPU with the engines that stream. Measured with one of
 * each on two cores, its idle refinement of a 1280×720 viewport nobody watches took 0.5–1.1 s per sample for the
 * first 13 s after it started, and again after every render, while the live stream's paint changes took up to 347 ms
 * to reach the player instead of 60–98 ms.
 */
let t: TestEngine<ChromiumRenderer>;

beforeAll(async () => {
  t = await startTestEngine({
    createRenderer: (dataDir) => new ChromiumRenderer({ width: 320, height: 180, dataDir, idleRefinement: false }),
    width: 320,
    height: 180,
  });
});

afterAll(async () => {
  await t.close();
});

describe('an engine whose viewport is not refined while idle', () => {
  it('draws a change once, at the interactive size, and refines nothing after it', async () => {
    const { status } = await t.call('car', 'Update Car Material', { MaterialToSet: 'Cobalt Blue' });
    expect(status).toBe(200);
    await t.renderer.settled(5_000);
    // At this size an engine that refines has drawn its first full-size samples well within this time.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const frame = await t.renderer.lastFrame();
    expect(frame?.samples).toBe(1);
    expect(frame?.interactive).toBe(true);
  });

  it('still renders stills with every sample they ask for', async () => {
    const { status, body } = await t.call('camera', 'RenderStill', { Width: 160, Height: 90, Samples: 4 });
    expect(status).toBe(200);
    const pixels = Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
    expect([pixels.width, pixels.height]).toEqual([160, 90]);
  });
});
