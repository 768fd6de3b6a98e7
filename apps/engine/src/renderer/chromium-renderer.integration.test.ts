import { ENGINE_OBJECT_PATHS } from '@autostudio/protocol';
import { PNG } from 'pngjs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Pixels, LEFT_HALF, RIGHT_HALF } from '../test/pixels.js';
import { loadServedModel } from '../test/downloads.js';
import { takeSharedEngine, type SharedEngine } from '../test/shared-engine.js';
import { BUILT_IN_CAR_GLB } from '../built-in-car.js';

/**
 * Real renders of the built-in car through the engine's Remote Control API, judged by their pixels. Small stills
 * with a few samples keep the suite to seconds on two CPU cores.
 */
const SIZE = { Width: 256, Height: 144 };

let t: SharedEngine;

async function still(options: { transparent?: boolean; format?: 'PNG' | 'JPG' } = {}): Promise<Pixels> {
  return stillWith(options);
}

async function stillWith(options: {
  transparent?: boolean;
  format?: 'PNG' | 'JPG';
  samples?: number;
}): Promise<Pixels> {
  const { status, body } = await t.call('camera', 'RenderStill', {
    ...SIZE,
    Samples: options.samples ?? 2,
    Format: options.format ?? 'PNG',
    TransparentBackground: options.transparent ?? false,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
}

async function crane(yaw: number, pitch: number): Promise<void> {
  await t.setProperty('camera', 'CameraExteriorYaw', yaw);
  await t.setProperty('camera', 'CameraExteriorPitch', pitch);
}

beforeAll(async () => {
  t = await takeSharedEngine({ width: 320, height: 180 });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  // Every test starts from the default scene, as a freshly lent engine would.
  await t.engine.scene.reset();
});

describe('the built-in car in real renders', () => {
  it('answers PNG and JPEG stills of the asked size', async () => {
    const png = await t.call('camera', 'RenderStill', { Width: 200, Height: 100, Samples: 1 });
    const pixels = Pixels.fromPng(Buffer.from((png.body as { Image: string }).Image, 'base64'));
    expect([pixels.width, pixels.height]).toEqual([200, 100]);
    const jpg = await t.call('camera', 'RenderStill', { Width: 200, Height: 100, Samples: 1, Format: 'JPG' });
    const bytes = Buffer.from((jpg.body as { Image: string }).Image, 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((jpg.body as { OutputPath: string }).OutputPath).toMatch(/^renders\/.+\.jpg$/);
  });

  it('paints the body red when the paint is Rallye Red', async () => {
    const reddish = (r: number, g: number, b: number) => r > 70 && r > 1.8 * g && r > 1.8 * b;
    const centre = { x0: 0.25, x1: 0.75, y0: 0.3, y1: 0.8 };
    const blue = await still();
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Rallye Red' })).status).toBe(200);
    const red = await still();
    expect(blue.share(reddish, centre)).toBeLessThan(0.02);
    expect(red.share(reddish, centre)).toBeGreaterThan(0.12);
  });

  it('opens a door outward on its own side of the silhouette', async () => {
    // From the front, the car's left (+X) is on the picture's right.
    await crane(0, 10);
    const closed = await still({ transparent: true });
    await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: 50 });
    const leftOpen = await still({ transparent: true });
    expect(leftOpen.coverage(RIGHT_HALF) - closed.coverage(RIGHT_HALF)).toBeGreaterThan(0.01);
    expect(Math.abs(leftOpen.coverage(LEFT_HALF) - closed.coverage(LEFT_HALF))).toBeLessThan(0.005);
  });

  it('shows the cabin from the Interior spot', async () => {
    const outside = await still({ transparent: true });
    expect((await t.call('camera', 'Switch Position', { Position: 'Interior' })).status).toBe(200);
    const inside = await still({ transparent: true });
    expect(outside.coverage()).toBeLessThan(0.5);
    // Inside, the cabin surrounds the view: the dashboard fills the bottom, the roof and pillars frame the glass.
    expect(inside.coverage({ x0: 0, x1: 1, y0: 0.7, y1: 1 })).toBeGreaterThan(0.85);
    expect(inside.coverage()).toBeGreaterThan(outside.coverage() + 0.15);
  });

  it('makes the lamp area brighter with the headlamps on', async () => {
    await crane(0, 5);
    const lampArea = { x0: 0.2, x1: 0.8, y0: 0.35, y1: 0.75 };
    const off = await still();
    expect((await t.call('car', 'CarLightTurnOnOff', { LightName: 'HeadLamps1', OnOff: true })).status).toBe(200);
    const on = await still();
    expect(on.luminance(lampArea) - off.luminance(lampArea)).toBeGreaterThan(2);
  });

  it('widens the view with a short focal length', async () => {
    const normal = await still({ transparent: true });
    await t.setProperty('camera', 'CurrentFocalLength', 15);
    const wide = await still({ transparent: true });
    expect(wide.coverage()).toBeLessThan(normal.coverage() * 0.5);
  });

  it('blurs the car with a wide aperture focused far in front of it (real depth of field)', async () => {
    // Above the ground, so the soft edge of the car's shadow does not count.
    const soft = (p: Pixels) => p.share((_r, _g, _b, a) => a > 8 && a < 247, { x0: 0, x1: 1, y0: 0, y1: 0.55 });
    await t.setProperty('camera', 'CurrentAperture', 1.4);
    await t.setProperty('camera', 'FocusSettings', { FocusMethod: 'Manual', ManualFocusDistance: 150 });
    const blurred = await stillWith({ transparent: true, samples: 16 });
    await t.setProperty('camera', 'FocusSettings', { FocusMethod: 'Tracking' });
    const sharp = await stillWith({ transparent: true, samples: 16 });
    // A sharp outline is one anti-aliased pixel wide; a blurred one is a wide soft band.
    expect(soft(blurred)).toBeGreaterThan(soft(sharp) * 2);
  });

  it('refuses DRLs on the Base trim', async () => {
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Base' })).status).toBe(200);
    const { status, body } = await t.call('car', 'CarLightTurnOnOff', { LightName: 'DRLs', OnOff: true });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toMatch(/DRLs is not available on the Terra Base trim/);
  });

  it('shows a blue sky in the desert where the studio shows its grey wall', async () => {
    // A low crane looks up a little: the top of the picture is sky or wall, not ground.
    await crane(30, -5);
    const top = { x0: 0, x1: 1, y0: 0, y1: 0.12 };
    const studio = (await still()).mean(top);
    expect(Math.abs(studio.b - studio.r)).toBeLessThan(12);
    const path = '/Game/Autostudio/Environments/desert/desert.desert';
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: path })).status).toBe(200);
    const desert = (await still()).mean(top);
    expect(desert.b).toBeGreaterThan(desert.r + 15);
  });

  it('loads the exported built-in car GLB by Download File and LoadCarByPath, with its trims, paint and doors', async () => {
    await loadServedModel(t, await readFile(BUILT_IN_CAR_GLB));
    const options = (await t.call('car', 'GetCarOptions')).body as { options: string[] };
    expect(options.options).toEqual(['Terra Base', 'Terra Limited', 'Terra Wilderness']);
    // Each trim is a scene with its own lamps: DRLs and SignatureLEDs only on Limited and Wilderness (spec §3).
    const lamps = async () => Object.keys(((await t.call('car', 'GetCarLights')).body as { Lights: object }).Lights);
    expect(await lamps()).toEqual(['HeadLamps1', 'TailLamps1']);
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Limited' })).status).toBe(200);
    expect(await lamps()).toEqual(['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs']);
    expect((await t.call('car', 'CarLightTurnOnOff', { LightName: 'SignatureLEDs', OnOff: true })).status).toBe(200);
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Rallye Red' })).status).toBe(200);
    const red = await still();
    expect(
      red.share((r, g, b) => r > 70 && r > 1.8 * g && r > 1.8 * b, { x0: 0.25, x1: 0.75, y0: 0.3, y1: 0.8 }),
    ).toBeGreaterThan(0.1);
    expect((await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_RR', Value: 50 })).status).toBe(200);
  });

  it('path traces when idle only where the host can afford it (auto: a GPU, not a CPU rasteriser)', async () => {
    const capabilities = t.renderer.capabilities;
    expect(capabilities?.pathTracingOnIdle).toBe(capabilities?.softwareWebgl === false);
    // A client learns it the way it would from Unreal: a property beside the switch (false on a CPU rasteriser).
    const read = await t.request('PUT', '/remote/object/property', {
      objectPath: ENGINE_OBJECT_PATHS.carStateManager,
      propertyName: 'canPathTraceOnIdle',
    });
    expect(await read.json()).toEqual({ canPathTraceOnIdle: capabilities?.pathTracingOnIdle });
    await t.setProperty('carStateManager', 'switchToPathTraceOnIdle', true);
    await t.renderer.settled();
    expect((await t.renderer.lastFrame())?.pathTraced).toBe(capabilities?.pathTracingOnIdle);
  });

  it('shades the creases the room’s light does not reach (ambient occlusion), and only them', async () => {
    const shot = async (ambientOcclusion: boolean) =>
      Pixels.fromPng(await t.renderer.still({ width: 256, height: 144, format: 'png', samples: 4, ambientOcclusion }));
    const [open, shaded] = [await shot(false), await shot(true)];
    const luminance = (p: Pixels, i: number) =>
      0.2126 * (p.data[i] ?? 0) + 0.7152 * (p.data[i + 1] ?? 0) + 0.0722 * (p.data[i + 2] ?? 0);
    let darker = 0;
    let darkerBelowMiddle = 0;
    let brighter = 0;
    for (let i = 0; i < open.data.length; i += 4) {
      const change = luminance(shaded, i) - luminance(open, i);
      if (change < -8) {
        darker += 1;
        if (i / 4 / open.width > open.height / 2) darkerBelowMiddle += 1;
      }
      if (change > 2) brighter += 1;
    }
    const pixels = open.width * open.height;
    // Wheel arches, the floor where the tyres stand, the grille: a few percent of the picture, most of it low down.
    expect(darker / pixels).toBeGreaterThan(0.005);
    expect(darker / pixels).toBeLessThan(0.15);
    expect(darkerBelowMiddle / darker).toBeGreaterThan(0.6);
    // Occlusion only takes light away, and the open wall behind the car keeps all of it.
    expect(brighter).toBe(0);
    const wall = { x0: 0, x1: 1, y0: 0, y1: 0.15 };
    expect(Math.abs(shaded.mean(wall).g - open.mean(wall).g)).toBeLessThan(1);
    // Nor does a distant backdrop: the HDRI's dome came out black, occluded as if it were a crease.
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'HDRIBackdrop' })).status).toBe(200);
    const [openDome, shadedDome] = [await shot(false), await shot(true)];
    expect(Math.abs(shadedDome.mean(wall).g - openDome.mean(wall).g)).toBeLessThan(1);
  });

  it("scales a drag's small frame up without the stair steps of its aliased edges", async () => {
    // A slanted edge as a frame drawn at 40 % shows it: one raster sample, each pixel all black or all white. Scaled
    // up 2.5 times, each of its steps becomes a jump of 2.5 pixels in the edge's height; the viewport's upscaler must
    // show a slope. The edge's height in each column is the sum of its whites.
    // In the page, as a script: vitest would rewrite a function's dynamic imports into its own loader.
    const heights = await t.renderer.livePage.evaluate<number[]>(`(async () => {
      const THREE = await import('three');
      const { FullScreenQuad } = await import('three/addons/postprocessing/Pass.js');
      const { Upscaler } = await import('/app/page/pipeline/upscale.js');
      const { copyMaterial, setUniform } = await import('/app/page/pipeline/grading.js');
      const [w, h, scale, slope] = [64, 36, 2.5, 0.3];
      const data = new Uint8Array(w * h * 4);
      for (let y = 0; y < h; y += 1)
        for (let x = 0; x < w; x += 1)
          data.set(y + 0.5 < 8 + (x + 0.5) * slope ? [255, 255, 255, 255] : [0, 0, 0, 255], (y * w + x) * 4);
      const image = new THREE.DataTexture(data, w, h);
      image.needsUpdate = true;
      const renderer = new THREE.WebGLRenderer({ canvas: document.createElement('canvas') });
      const frame = new THREE.WebGLRenderTarget(w, h, { minFilter: THREE.LinearFilter, magFilter: THREE.LinearFilter });
      const copy = copyMaterial();
      setUniform(copy, 'source', image);
      renderer.setRenderTarget(frame);
      new FullScreenQuad(copy).render(renderer);
      const upscaler = new Upscaler();
      // SMAA's lookup textures decode from data URLs once it is built; the engine's is built long before a drag.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const output = new THREE.WebGLRenderTarget(w * scale, h * scale);
      upscaler.upscale(renderer, frame, output);
      const pixels = new Uint8Array(output.width * output.height * 4);
      renderer.readRenderTargetPixels(output, 0, 0, output.width, output.height, pixels);
      renderer.dispose();
      return Array.from({ length: output.width }, (_, x) => {
        let whites = 0;
        for (let y = 0; y < output.height; y += 1) whites += pixels[(y * output.width + x) * 4] / 255;
        return whites;
      });
    })()`);
    // Away from the frame's sides the edge rises 0.3 pixels a column. Scaled up bilinearly it rises 1 at each step
    // (0.7 off the slope, measured); with SMAA before the scaling 0.08 off at most.
    const rises = heights.slice(11, -11).map((height, i) => (heights[i + 12] ?? height) - height);
    expect(Math.max(...rises.map((rise) => Math.abs(rise - 0.3)))).toBeLessThan(0.3);
  });

  it('mirrors the car in the studio floor at the FloorGloss asked, and in nothing at 0', async () => {
    await crane(25, 4);
    const matte = await stillWith({ samples: 2 });
    const gloss = async (FloorGloss: number) => {
      expect((await t.call('car', 'SetPCG', { FloorGloss })).status).toBe(200);
      return stillWith({ samples: 2 });
    };
    const [half, polished] = [await gloss(0.5), await gloss(1)];
    // The floor in front of the car mirrors its dark underside, sills and tyres, and a little of its blue paint.
    const floor = { x0: 0.2, x1: 0.8, y0: 0.82, y1: 1 };
    const darkening = (pixels: Pixels) => matte.luminance(floor) - pixels.luminance(floor);
    expect(darkening(half)).toBeGreaterThan(3);
    expect(darkening(polished)).toBeGreaterThan(darkening(half) + 3);
    expect(polished.mean(floor).b - polished.mean(floor).r).toBeGreaterThan(1.5);
    expect(Math.abs(matte.mean(floor).b - matte.mean(floor).r)).toBeLessThan(0.5);
    // The wall is not the floor, and a matte floor is as it was.
    const wall = { x0: 0, x1: 1, y0: 0, y1: 0.15 };
    expect(Math.abs(polished.mean(wall).g - matte.mean(wall).g)).toBeLessThan(1);
    expect((await gloss(0)).changed(matte)).toBeLessThan(0.001);
  });

  it('draws a held drag, then shows the whole car again once the drag rests', async () => {
    const viewport = async () => Pixels.fromPng(await t.renderer.livePage.locator('canvas').screenshot());
    await t.renderer.settled();
    const before = await viewport();
    await t.call('camera', 'updateViewPortInteraction', { isHolding: true });
    try {
      for (const deltaYaw of [10, 10, -10, -10]) {
        expect(
          (await t.call('camera', 'CameraRigCraneControll', { deltaYaw, deltaPitch: 0, deltaArm: 0 })).status,
        ).toBe(200);
      }
      // A hold that rests refines as idle does: the drag's lighter car (no cabin, plain wheels) must not stay on show.
      await t.renderer.settled();
      // A lighter car left on show changes 0.35% of this picture (the wheels are a few hundred pixels); none may change.
      expect((await viewport()).changed(before)).toBeLessThan(0.001);
    } finally {
      await t.call('camera', 'updateViewPortInteraction', { isHolding: false });
    }
  });

  it('draws an imported composition guide image over the viewport, not into stills', async () => {
    // A white frame with a clear middle: the guide brightens the viewport's edges only.
    const png = new PNG({ width: 64, height: 36 });
    for (let y = 0; y < 36; y += 1) {
      for (let x = 0; x < 64; x += 1) {
        const edge = x < 8 || x >= 56 || y < 6 || y >= 30;
        png.data.set([255, 255, 255, edge ? 255 : 0], (y * 64 + x) * 4);
      }
    }
    const image = PNG.sync.write(png);
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(image);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const viewport = async () => Pixels.fromPng(await t.renderer.livePage.locator('canvas').screenshot());
    const edge = { x0: 0, x1: 1, y0: 0, y1: 0.1 };
    try {
      const before = await viewport();
      const stillBefore = await still();
      const answer = await t.call('car', 'ImportandUpdateCompositionGuide', {
        Url: `http://127.0.0.1:${port}/guide.png`,
      });
      expect(answer.status).toBe(200);
      const after = await viewport();
      expect(after.luminance(edge) - before.luminance(edge)).toBeGreaterThan(40);
      expect(Math.abs((await still()).luminance(edge) - stillBefore.luminance(edge))).toBeLessThan(3);
    } finally {
      server.close();
    }
  });
});

describe('a still nobody waits for', () => {
  const rendered = async () => (await readdir(path.join(t.dataDir, 'renders')).catch(() => [])).length;

  it(
    'stops when its HTTP client goes away, so that the next call does not wait behind it',
    { timeout: 120_000 },
    async () => {
      const before = await rendered();
      // A 4K still at 256 samples: minutes of software rendering, asked for by a client that gives up after a second.
      const client = new AbortController();
      const abandoned = fetch(`${t.base}/remote/object/call`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          objectPath: ENGINE_OBJECT_PATHS.camera,
          functionName: 'RenderStill',
          parameters: { Width: 3840, Height: 2160, Samples: 256 },
        }),
        signal: client.signal,
      }).catch(() => 'gave up');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      client.abort();
      expect(await abandoned).toBe('gave up');

      // Calls run one at a time: this one answers soon only if the abandoned still stopped. The whole still would take
      // six minutes and more of SwiftShader; stopped, it ends within its current sample, which took up to 30 s at
      // the start of `npm test`'s browser phase (20 s, the limit before, ran out there).
      const started = performance.now();
      const next = await t.call('camera', 'RenderStill', { Width: 64, Height: 36, Samples: 1 });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(performance.now() - started).toBeLessThan(60_000);
      // Only the small still was written.
      expect(await rendered()).toBe(before + 1);
    },
  );
});
