import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENGINE_FETCH_REFUSED, ENGINE_IMAGE_UNDECODABLE } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeSharedEngine, type SharedEngine } from '../test/shared-engine.js';
import { TINY_PNG } from '../test/test-renderer.js';

/**
 * An image import that fails, through the Remote Control API of an engine that really draws: the call is refused
 * and the engine answers every later call as before. (It used to keep the URL in its scene and fetch it again on
 * every draw, so each later call answered 500 until a reset.)
 */
let t: SharedEngine;
let images: Server;
let base: string;
let closedPort: number;

beforeAll(async () => {
  images = createServer((request, response) => {
    if (request.url === '/good.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
    // Fetched fine, but no image the page can decode.
    if (request.url === '/broken.png') return response.writeHead(200, { 'content-type': 'image/png' }).end('<html>');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  // A port that was just free: allowed, but nothing answers there.
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedPort = (gone.address() as AddressInfo).port;
  await new Promise((resolve) => gone.close(resolve));
  t = await takeSharedEngine({ width: 320, height: 180 });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => images.close(resolve));
});

const IMPORTS = ['ImportandUpdateBackplate', 'ImportandApplyCubemap', 'ImportandUpdateCompositionGuide'] as const;

describe('an image import that fails', () => {
  it('is refused, and every later call answers as before', async () => {
    for (const name of IMPORTS) {
      for (const Url of [`http://127.0.0.1:${closedPort}/sky.png`, `${base}/missing.png`]) {
        const failed = await t.call('car', name, { Url });
        const later = await t.call('car', 'Update Car Material', { MaterialToSet: 'Rallye Red' });
        expect(later, `${name} ${Url}: the next call`).toEqual({ status: 200, body: {} });
        expect(failed, `${name} ${Url}`).toEqual({ status: 400, body: { errorMessage: ENGINE_FETCH_REFUSED } });
      }
    }
    expect((await t.call('car', 'Get Material Options')).body).toMatchObject({ Current: 'rallye red' });
    const still = await t.call('camera', 'RenderStill', { Width: 64, Height: 36, Samples: 1, Format: 'PNG' });
    expect(still.status).toBe(200);
    // Nothing of the failed imports stayed in the scene.
    expect(t.engine.scene.state.environment.backplate).toEqual({ enabled: false, imageUrl: null });
    expect(t.engine.scene.state.environment.hdri.imageUrl).toBeNull();
  });

  it('leaves the scene as it was when the page cannot show the image, and later calls answer', async () => {
    expect((await t.call('car', 'ImportandUpdateBackplate', { Url: `${base}/good.png` })).status).toBe(200);
    const shown = t.engine.scene.state.environment.backplate.imageUrl;
    // The page tries the image before the scene takes it (see undecodable-image.test).
    const failed = await t.call('car', 'ImportandUpdateBackplate', { Url: `${base}/broken.png` });
    expect(failed).toEqual({ status: 400, body: { errorMessage: ENGINE_IMAGE_UNDECODABLE.backplate } });
    for (const door of [10, 20]) {
      const later = await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: door });
      expect(later.status, 'the next call').toBe(200);
    }
    expect(t.engine.scene.state.environment.backplate).toEqual({ enabled: true, imageUrl: shown });
    expect((await t.call('camera', 'RenderStill', { Width: 64, Height: 36, Samples: 1 })).status).toBe(200);
  });
});
