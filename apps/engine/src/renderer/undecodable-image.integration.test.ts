import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ENGINE_IMAGE_UNDECODABLE } from '@autostudio/protocol';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGES_FOLDER } from '../scene/image-import.js';
import { startPixelEngine, type PixelEngine } from '../test/pixel-engine.js';
import type { Pixels } from '../test/pixels.js';

/**
 * Issue 31 item 9: an image the engine fetched but cannot decode, as backplate or HDRI, through the Remote Control API
 * of an engine that really draws. The call answers 400 with a message saying so, and nothing of it is applied: the
 * configuration the engine reports and the picture are those of before. (A backplate it could not decode answered
 * 500.)
 */
let t: PixelEngine;
let images: Server;
let base: string;

/** A plain image of one colour, which the page decodes. */
function solid(r: number, g: number, b: number): Buffer {
  const png = new PNG({ width: 64, height: 32 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i);
  return PNG.sync.write(png);
}

const BLUE = solid(30, 60, 220);
const ORANGE = solid(240, 140, 20);
const BODIES: Record<string, Buffer | string> = {
  '/blue.png': BLUE,
  '/orange.png': ORANGE,
  // Fetched fine, but no image: text under an image's name, an image cut off in its header, a bad Radiance file.
  '/text.png': 'this is not an image',
  '/truncated.png': BLUE.subarray(0, 40),
  '/text.hdr': 'this is not a Radiance image either',
  '/text.exr': 'nor an OpenEXR image',
};

beforeAll(async () => {
  images = createServer((request, response) => {
    const body = BODIES[request.url ?? ''];
    if (body === undefined) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  t = await startPixelEngine({ builtInCar: false });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => images.close(resolve));
});

const config = async () => {
  const answer = await t.call('car', 'Get Current Config');
  expect(answer.status).toBe(200);
  return answer.body;
};

const UNDECODABLE = ['/text.png', '/truncated.png', '/text.hdr', '/text.exr'];

/**
 * Imports each undecodable image through `importFunction`: every one is a 400 with `message`, and the state, the
 * configuration and the picture stay as they were. Answers that picture.
 */
async function expectEachRefusedUnchanged(importFunction: string, message: string): Promise<Pixels> {
  const state = structuredClone(t.engine.scene.state);
  const settings = await config();
  const picture = await t.still(1);
  for (const path of UNDECODABLE) {
    const failed = await t.call('car', importFunction, { Url: `${base}${path}` });
    expect(failed, path).toEqual({ status: 400, body: { errorMessage: message } });
  }
  expect(t.engine.scene.state).toEqual(state);
  expect(await config()).toEqual(settings);
  expect((await t.still(1)).changed(picture, 8)).toBe(0);
  return picture;
}

describe('an image the engine cannot decode', () => {
  it('as backplate is a 400 that leaves the configuration and the picture as they were', async () => {
    expect((await t.call('car', 'ImportandUpdateBackplate', { Url: `${base}/blue.png` })).status).toBe(200);
    const picture = await expectEachRefusedUnchanged('ImportandUpdateBackplate', ENGINE_IMAGE_UNDECODABLE.backplate);
    // And the engine goes on: another image shows.
    expect((await t.call('car', 'ImportandUpdateBackplate', { Url: `${base}/orange.png` })).status).toBe(200);
    expect((await t.still(1)).changed(picture, 40)).toBeGreaterThan(0.5);
  });

  it('as HDRI is a 400 that leaves the configuration and the picture as they were', async () => {
    expect((await t.call('car', 'ToggleBackplateSwitch', { Value: false })).status).toBe(200);
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'HDRIBackdrop' })).status).toBe(200);
    expect((await t.call('car', 'ImportandApplyCubemap', { Url: `${base}/orange.png` })).status).toBe(200);
    await expectEachRefusedUnchanged('ImportandApplyCubemap', ENGINE_IMAGE_UNDECODABLE.hdri);
  });

  it('as HDRI is refused even while another environment is on show, so choosing the HDRI backdrop later works', async () => {
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'studio' })).status).toBe(200);
    const failed = await t.call('car', 'ImportandApplyCubemap', { Url: `${base}/text.hdr` });
    expect(failed).toEqual({ status: 400, body: { errorMessage: ENGINE_IMAGE_UNDECODABLE.hdri } });
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'HDRIBackdrop' })).status).toBe(200);
  });

  it('as composition guide is a 400 too, and no refused image is left in the engine folder', async () => {
    const camera = structuredClone(t.engine.scene.state.camera);
    const failed = await t.call('car', 'ImportandUpdateCompositionGuide', { Url: `${base}/text.png` });
    expect(failed).toEqual({ status: 400, body: { errorMessage: ENGINE_IMAGE_UNDECODABLE.guide } });
    expect(t.engine.scene.state.camera).toEqual(camera);
    // The images the scene took (blue, orange), and nothing of the refused ones.
    expect(await readdir(join(t.dataDir, IMAGES_FOLDER))).toHaveLength(2);
  });
});
