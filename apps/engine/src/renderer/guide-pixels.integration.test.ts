import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Pixels, type Region } from '../test/pixels.js';
import { startPixelEngine, type PixelEngine } from '../test/pixel-engine.js';

/**
 * Composition guides judged on the viewport's pixels (guides belong to the viewport, never to stills). A customer
 * found the Story guide drawing only a centre cross, and a custom guide image shown without its colours.
 */
let t: PixelEngine;

beforeAll(async () => {
  // The test's image server listens on loopback.
  t = await startPixelEngine({ builtInCar: false });
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

describe('a custom composition guide image', () => {
  it('keeps its colours over the viewport', async () => {
    // Three opaque bands, red, green and blue, over the top third; the rest clear.
    const png = new PNG({ width: 96, height: 54 });
    for (let y = 0; y < 54; y += 1) {
      for (let x = 0; x < 96; x += 1) {
        const band = Math.floor(x / 32);
        const colour = band === 0 ? [230, 20, 20] : band === 1 ? [20, 200, 20] : [20, 40, 230];
        png.data.set([...colour, y < 18 ? 255 : 0], (y * 96 + x) * 4);
      }
    }
    const image = PNG.sync.write(png);
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(image);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const before = await viewport();
      const answer = await t.call('car', 'ImportandUpdateCompositionGuide', {
        Url: `http://127.0.0.1:${port}/guide.png`,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const after = await viewport();
      const band = (i: number): Region => ({ x0: i / 3 + 0.04, x1: (i + 1) / 3 - 0.04, y0: 0.03, y1: 0.3 });
      const red = after.mean(band(0));
      const green = after.mean(band(1));
      const blue = after.mean(band(2));
      // At the custom guide's opacity 0.7 each band is clearly its own colour over the grey studio.
      expect(red.r).toBeGreaterThan(Math.max(red.g, red.b) + 80);
      expect(green.g).toBeGreaterThan(Math.max(green.r, green.b) + 80);
      expect(blue.b).toBeGreaterThan(Math.max(blue.r, blue.g) + 80);
      // Where the image is clear the picture is untouched.
      const below: Region = { x0: 0, x1: 1, y0: 0.45, y1: 1 };
      expect(Math.abs(after.luminance(below) - before.luminance(below))).toBeLessThan(2);
    } finally {
      server.close();
    }
  });
});
