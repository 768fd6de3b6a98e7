import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pixels } from '../test/pixels.js';
import { startPixelEngine, type PixelEngine } from '../test/pixel-engine.js';

/**
 * Headlamps judged by the picture, on the built-in product's GLB as the studio loads it: a customer found the
 * headlamps looking lit with the lights off (a light grey, mirror-like lens).
 */
let t: PixelEngine;

beforeAll(async () => {
  t = await startPixelEngine({ builtInCar: true });
});

afterAll(() => t.close());

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
    await t.setProperty('camera', 'CameraExteriorYaw', 20);
    await t.setProperty('camera', 'CameraExteriorPitch', 3);
    await t.setProperty('camera', 'CameraExteriorDistance', 250);
    const off = await t.still(4);
    const lit = await t.call('car', 'CarLightTurnOnOff', { LightName: 'HeadLamps1', OnOff: true });
    expect(lit.status).toBe(200);
    const on = await t.still(4);
    const lens = lenses(off, on);
    // The lit lenses are found: a strip across each side of the nose.
    expect(lens.share).toBeGreaterThan(0.01);
    expect(lens.on).toBeGreaterThan(235);
    // Off, the same pixels are a dark lens over a chrome reflector (its highlights aside), far from lit.
    expect(lens.off).toBeLessThan(110);
  });

  it('glare at night into what lies just above them, the post-process bloom left at its default 0', async () => {
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Base' })).status).toBe(200);
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'desert' })).status).toBe(200);
    // Night turns every lamp on (spec §4): the picture with them off is taken after.
    expect((await t.call('car', 'Set Time Of the Day', { Value: 'Night' })).status).toBe(200);
    await t.setProperty('camera', 'CameraExteriorYaw', 20);
    await t.setProperty('camera', 'CameraExteriorPitch', 3);
    await t.setProperty('camera', 'CameraExteriorDistance', 250);
    const on = await t.still(4);
    for (const LightName of ['HeadLamps1', 'TailLamps1'])
      expect((await t.call('car', 'CarLightTurnOnOff', { LightName, OnOff: false })).status).toBe(200);
    const off = await t.still(4);
    const lens = (i: number) => Math.min(on.data[i] ?? 0, on.data[i + 1] ?? 0, on.data[i + 2] ?? 0) > 230;
    // Pixels 2–8 rows above a lit lens and not lens themselves: no lamp's light reaches them (the lamps light the
    // ground ahead), only the lens's glare.
    let sum = 0;
    let count = 0;
    for (let y = 0; y < on.height - 8; y += 1) {
      for (let x = 0; x < on.width; x += 1) {
        const i = (y * on.width + x) * 4;
        if (lens(i)) continue;
        let below = false;
        for (let d = 2; d <= 8 && !below; d += 1) below = lens(((y + d) * on.width + x) * 4);
        if (!below) continue;
        sum += luminance(on, i) - luminance(off, i);
        count += 1;
      }
    }
    // Measured: 133 levels brighter with the glare, 0 without it.
    expect(count).toBeGreaterThan(50);
    expect(sum / count).toBeGreaterThan(30);
  });
});
