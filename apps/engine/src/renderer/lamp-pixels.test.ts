import { readFile } from 'node:fs/promises';
import { ENGINE_OBJECT_PATHS } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_CAR_GLB } from '../built-in-car.js';
import { loadServedModel } from '../test/downloads.js';
import { Pixels } from '../test/pixels.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';
import { ChromiumRenderer } from './chromium-renderer.js';

/**
 * Headlamps judged by the picture, on the built-in product's GLB as the studio loads it: a customer found the
 * headlamps looking lit with the lights off (a light grey, mirror-like lens).
 */
let t: TestEngine<ChromiumRenderer>;

beforeAll(async () => {
  t = await startTestEngine({
    createRenderer: (dataDir) => new ChromiumRenderer({ width: 320, height: 180, dataDir }),
    width: 320,
    height: 180,
    // The test's model server listens on loopback, which an operator would have to list.
    fetchPolicy: { filesUrls: [], allow: ['127.0.0.1'] },
  });
  await loadServedModel(t, await readFile(BUILT_IN_CAR_GLB));
});

afterAll(() => t.close());

async function setCameraProperty(name: string, value: number): Promise<void> {
  const response = await t.request('PUT', '/remote/object/property', {
    objectPath: ENGINE_OBJECT_PATHS.camera,
    propertyName: name,
    propertyValue: { [name]: value },
    access: 'WRITE_ACCESS',
  });
  expect(response.status, await response.text()).toBe(200);
}

async function still(): Promise<Pixels> {
  const { status, body } = await t.call('camera', 'RenderStill', { Width: 320, Height: 180, Samples: 4 });
  expect(status, JSON.stringify(body)).toBe(200);
  return Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
}

const luminance = (p: Pixels, i: number) =>
  0.2126 * (p.data[i] ?? 0) + 0.7152 * (p.data[i + 1] ?? 0) + 0.0722 * (p.data[i + 2] ?? 0);

/**
 * The lenses: pixels white in the lit picture that the lamps made brighter (the number plate is white in both).
 * Answers their share of the picture and their mean luminance in each picture.
 */
function lenses(off: Pixels, on: Pixels): { share: number; off: number; on: number } {
  let count = 0;
  let sumOff = 0;
  let sumOn = 0;
  for (let i = 0; i < on.data.length; i += 4) {
    const white = Math.min(on.data[i] ?? 0, on.data[i + 1] ?? 0, on.data[i + 2] ?? 0) > 230;
    if (!white || luminance(on, i) - luminance(off, i) < 20) continue;
    count += 1;
    sumOff += luminance(off, i);
    sumOn += luminance(on, i);
  }
  const pixels = on.data.length / 4;
  return { share: count / pixels, off: count ? sumOff / count : 0, on: count ? sumOn / count : 0 };
}

describe('headlamps of the loaded built-in product', () => {
  it('read as a dark lens when off and clearly lit when on', async () => {
    // Base: its headlamps run the width of the nose (other trims put their DRLs in the strip).
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Base' })).status).toBe(200);
    await setCameraProperty('CameraExteriorYaw', 20);
    await setCameraProperty('CameraExteriorPitch', 3);
    await setCameraProperty('CameraExteriorDistance', 250);
    const off = await still();
    const lit = await t.call('car', 'CarLightTurnOnOff', { LightName: 'HeadLamps1', OnOff: true });
    expect(lit.status).toBe(200);
    const on = await still();
    const lens = lenses(off, on);
    // The lit lenses are found: a strip across each side of the nose.
    expect(lens.share).toBeGreaterThan(0.01);
    expect(lens.on).toBeGreaterThan(235);
    // Off, the same pixels are a dark lens over a chrome reflector (its highlights aside), far from lit.
    expect(lens.off).toBeLessThan(110);
  });
});
