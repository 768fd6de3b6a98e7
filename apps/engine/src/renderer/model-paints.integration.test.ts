import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_CAR_GLB } from '../built-in-car.js';
import { downloadServedModel, loadServedModel } from '../test/downloads.js';
import { startPixelEngine, type PixelEngine } from '../test/pixel-engine.js';

/**
 * A customer's car brings its own paints (README "Paints of a loaded model"): the built-in car's GLB with a manifest
 * in its glTF root's extras, loaded as the studio loads a product, judged through the Remote Control API and its
 * pixels.
 */
let t: PixelEngine;
let plain: Buffer;

beforeAll(async () => {
  t = await startPixelEngine({ builtInCar: false });
  plain = await readFile(BUILT_IN_CAR_GLB);
});

afterAll(() => t.close());

beforeEach(async () => {
  await t.engine.scene.reset();
});

const MANIFEST = {
  paints: [
    {
      name: 'Verde Mantis',
      baseColor: '#1fd03a',
      metallic: 0.1,
      roughness: 0.35,
      clearcoat: 1,
      clearcoatRoughness: 0.05,
    },
    {
      name: 'Arancio Borealis',
      baseColor: '#f07010',
      metallic: 0.5,
      roughness: 0.3,
      clearcoat: 1,
      clearcoatRoughness: 0.03,
      flakes: { amount: 0.4, size: 0.05 },
    },
  ],
  trims: { 'Terra Base': ['Arancio Borealis'] },
};

/** The GLB with `extras.autostudio` set on its glTF root (its JSON chunk rewritten, padded with spaces). */
function withManifest(glb: Buffer, autostudio: unknown): Buffer {
  const length = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + length).toString('utf8')) as { extras?: object };
  json.extras = { ...json.extras, autostudio };
  let text = JSON.stringify(json);
  text += ' '.repeat((4 - (Buffer.byteLength(text) % 4)) % 4);
  const chunk = Buffer.from(text, 'utf8');
  const rest = glb.subarray(20 + length);
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + chunk.length + rest.length, 8);
  header.writeUInt32LE(chunk.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, chunk, rest]);
}

interface MaterialOptions {
  Current: string;
  MaterialOptions: string[];
  Swatches: Record<string, string>;
}

const materialOptions = async () => (await t.call('car', 'Get Material Options')).body as MaterialOptions;
const centre = { x0: 0.25, x1: 0.75, y0: 0.3, y1: 0.8 };
const green = (r: number, g: number, b: number) => g > 70 && g > 1.6 * r && g > 1.6 * b;
const orange = (r: number, g: number, b: number) => r > 120 && r > 1.3 * g && g > 1.4 * b;

describe('a loaded model with its own paints', () => {
  it('offers its paints with their swatches, and setting one paints the body in a real still', async () => {
    await loadServedModel(t, withManifest(plain, MANIFEST));
    // Terra Base, the first trim, offers the one paint its manifest names for it.
    expect(await materialOptions()).toEqual({
      Current: 'arancio borealis',
      MaterialOptions: ['arancio borealis'],
      Swatches: { 'arancio borealis': '#f07010' },
    });
    expect((await t.call('car', 'Get Trim Paint Option')).body).toEqual({
      current: 'Terra Base',
      paintOptions: {
        'Terra Base': ['arancio borealis'],
        'Terra Limited': ['verde mantis', 'arancio borealis'],
        'Terra Wilderness': ['verde mantis', 'arancio borealis'],
      },
    });
    const orangeStill = await t.still(2);
    expect(orangeStill.share(orange, centre)).toBeGreaterThan(0.1);
    expect(orangeStill.share(green, centre)).toBeLessThan(0.02);

    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Limited' })).status).toBe(200);
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Verde Mantis' })).status).toBe(200);
    expect(await materialOptions()).toEqual({
      Current: 'verde mantis',
      MaterialOptions: ['verde mantis', 'arancio borealis'],
      Swatches: { 'verde mantis': '#1fd03a', 'arancio borealis': '#f07010' },
    });
    const greenStill = await t.still(2);
    expect(greenStill.share(green, centre)).toBeGreaterThan(0.1);
    expect(greenStill.share(orange, centre)).toBeLessThan(0.02);

    // The built-in palette is not this car's.
    const refused = await t.call('car', 'Update Car Material', { MaterialToSet: 'Rallye Red' });
    expect(refused.status).toBe(400);
    expect((refused.body as { errorMessage: string }).errorMessage).toBe('Unknown material Rallye Red');

    // The built-in car again: its palette is back.
    expect((await t.call('car', 'LoadCarByPath', { Path: '' })).status).toBe(200);
    const builtIn = await materialOptions();
    expect(builtIn.Current).toBe('cobalt blue');
    expect(builtIn.MaterialOptions).toContain('rallye red');
    expect(builtIn.MaterialOptions).not.toContain('verde mantis');
  });

  it('keeps the built-in palette for a model without a manifest', async () => {
    await loadServedModel(t, plain);
    const options = await materialOptions();
    expect(options.MaterialOptions).toContain('rallye red');
    expect(options.Swatches['rallye red']).toBe('#b3121b');
  });

  it('refuses a bad manifest with a clear 400, and leaves the car as it was', async () => {
    await loadServedModel(t, withManifest(plain, MANIFEST));
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Limited' })).status).toBe(200);
    const before = await materialOptions();
    const bad = {
      paints: [{ ...MANIFEST.paints[0], name: 'Rosso', baseColor: 'red', roughness: 2 }],
    };
    const path = await downloadServedModel(t, withManifest(plain, bad));
    const answer = await t.call('car', 'LoadCarByPath', { Path: path });
    expect(answer.status).toBe(400);
    const message = (answer.body as { errorMessage: string }).errorMessage;
    expect(message).toMatch(/^LoadCarByPath: the model's paints \(extras\.autostudio\) are not valid/);
    expect(message).toContain('baseColor');
    expect(message).toContain('roughness');
    // Nothing half-applied: the model loaded before is still the car, in its own paint, and it still draws.
    expect(before.Current).toBe('arancio borealis');
    expect(await materialOptions()).toEqual(before);
    expect((await t.call('car', 'GetCarOptions')).body).toMatchObject({ curentIndex: 1 });
    expect((await t.still(1)).share(orange, centre)).toBeGreaterThan(0.1);
  });

  it("draws a paint's flakes as glints under its coat, keeping its colour", async () => {
    const silver = { baseColor: '#a7adb4', metallic: 0.75, roughness: 0.3, clearcoat: 1, clearcoatRoughness: 0.03 };
    const manifest = {
      paints: [
        { name: 'Smooth Silver', ...silver },
        { name: 'Flaked Silver', ...silver, flakes: { amount: 0.7, size: 8 } },
        { name: 'Fine Silver', ...silver, flakes: { amount: 0.7, size: 0.05 } },
      ],
    };
    await loadServedModel(t, withManifest(plain, manifest));
    // Close to the flank in the noon sun, where flakes glint: coarse ones (a metal-flake finish), which a 320-pixel
    // still resolves.
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'desert' })).status).toBe(200);
    expect((await t.call('car', 'Set Time Of the Day', { Value: 'Noon' })).status).toBe(200);
    await t.setProperty('camera', 'CameraExteriorYaw', 60);
    await t.setProperty('camera', 'CameraExteriorDistance', 300);
    await t.setProperty('camera', 'CurrentFocalLength', 85);
    const paint = async (MaterialToSet: string) => {
      expect((await t.call('car', 'Update Car Material', { MaterialToSet })).status).toBe(200);
      return t.still(4);
    };
    const [smooth, flaked, fine] = [
      await paint('Smooth Silver'),
      await paint('Flaked Silver'),
      await paint('Fine Silver'),
    ];
    const panel = { x0: 0.35, x1: 0.65, y0: 0.45, y1: 0.7 };
    // Measured: grain 0.19 smooth, 3.8 with 8 mm flakes, 0.19 with 0.05 mm ones (3.4 before they faded out).
    expect(flaked.grain(panel)).toBeGreaterThan(1);
    expect(flaked.grain(panel)).toBeGreaterThan(smooth.grain(panel) * 4);
    expect(Math.abs(flaked.luminance(panel) - smooth.luminance(panel))).toBeLessThan(4);
    // Flakes far smaller than a pixel average into the paint: drawn one random pick a sample, they were a grain
    // (a sandpaper look) that a still's samples did not smooth.
    expect(fine.grain(panel)).toBeLessThan(smooth.grain(panel) * 1.5 + 0.1);
  });
});
