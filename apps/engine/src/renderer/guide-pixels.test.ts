import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Pixels, type Region } from '../test/pixels.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';
import { ChromiumRenderer } from './chromium-renderer.js';

/**
 * Composition guides judged on the viewport's pixels (guides belong to the viewport, never to stills). A customer
 * found the Story guide drawing only a centre cross.
 */
let t: TestEngine<ChromiumRenderer>;

beforeAll(async () => {
  t = await startTestEngine({
    createRenderer: (dataDir) => new ChromiumRenderer({ width: 320, height: 180, dataDir }),
    width: 320,
    height: 180,
  });
});

afterAll(() => t.close());

beforeEach(async () => {
  await t.engine.scene.reset();
});

/** The viewport once its idle refinement has finished, so that two pictures differ only by what a test changed. */
async function viewport(): Promise<Pixels> {
  await t.renderer.settled();
  return Pixels.fromPng(await t.renderer.livePage.locator('canvas').screenshot());
}

async function guide(name: string): Promise<void> {
  expect((await t.call('camera', 'Set Composition Guide', { Value: name })).status).toBe(200);
}

describe('the Story (9:16) guide', () => {
  // In a 16:9 viewport a 9:16 crop is 0.316 of the width, centred: x 0.342..0.658.
  const left: Region = { x0: 0, x1: 0.3, y0: 0, y1: 1 };
  const right: Region = { x0: 0.7, x1: 1, y0: 0, y1: 1 };
  const inside: Region = { x0: 0.36, x1: 0.64, y0: 0.05, y1: 0.45 };
  const leftEdge: Region = { x0: 0.335, x1: 0.35, y0: 0.05, y1: 0.95 };

  it('frames the vertical crop and dims the landscape frame outside it', async () => {
    const none = await viewport();
    await guide('Story');
    const story = await viewport();
    // Dimmed: half way to black at the default opacity 0.5 takes a quarter of the light.
    expect(story.luminance(left)).toBeLessThan(none.luminance(left) * 0.85);
    expect(story.luminance(right)).toBeLessThan(none.luminance(right) * 0.85);
    // The crop itself is left as it is…
    expect(Math.abs(story.luminance(inside) - none.luminance(inside))).toBeLessThan(2);
    // …and its edge is drawn as a light line.
    expect(story.luminance(leftEdge)).toBeGreaterThan(none.luminance(leftEdge) + 10);
  });
});
