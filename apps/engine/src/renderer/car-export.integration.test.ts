import { CAR_MODEL_FILES, DOOR_RANGE } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAINTS } from '../contract/car-catalogue.js';
import { glbErrors, glbJson, type GltfJson } from '../test/gltf-validation.js';
import { startPixelEngine, type PixelEngine } from '../test/pixel-engine.js';

/**
 * ExportCarModel: the car the studio configured, as files another tool opens. Judged by the files themselves: the
 * Khronos validator reads the GLB, and the paint and doors are read back out of both formats.
 */
let t: PixelEngine;

beforeAll(async () => {
  t = await startPixelEngine({ builtInCar: true });
});

afterAll(() => t.close());

async function exported(format: 'GLB' | 'USDZ'): Promise<Buffer> {
  const { status, body } = await t.call('car', 'ExportCarModel', { Format: format });
  expect(status, JSON.stringify(body)).toBe(200);
  const { MimeType, Data } = body as { MimeType: string; Data: string };
  expect(MimeType).toBe(CAR_MODEL_FILES[format].contentType);
  return Buffer.from(Data, 'base64');
}

async function configure(trim: string, paint: string, frontLeftDoor: number): Promise<void> {
  expect((await t.call('car', 'Update Car Material', { MaterialToSet: trim })).status).toBe(200);
  expect((await t.call('car', 'Update Car Material', { MaterialToSet: paint })).status).toBe(200);
  const door = await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: frontLeftDoor });
  expect(door.status).toBe(200);
}

/** The sRGB colour of the Paint material, from glTF's linear base colour. */
function paintColour(json: GltfJson): string {
  const paint = json.materials?.find((material) => material.name === 'Paint');
  const linear = paint?.pbrMetallicRoughness?.baseColorFactor ?? [];
  const srgb = linear.slice(0, 3).map((c) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
  return `#${srgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The front left door's placement: how the exporter wrote it (a matrix, or translation and rotation). */
const frontLeftDoor = (json: GltfJson) => {
  const door = json.nodes?.find((node) => node.name === 'DOOR_FL');
  return door?.matrix ?? door?.rotation;
};

describe('ExportCarModel', () => {
  const red = PAINTS.find((paint) => paint.name === 'Rallye Red');
  const blue = PAINTS.find((paint) => paint.name === 'Cobalt Blue');

  it('exports the configured car as a valid GLB in its paint, its open door open', async () => {
    await configure('Terra Limited', 'rallye red', DOOR_RANGE.max);
    const open = await exported('GLB');
    expect(await glbErrors(open)).toEqual([]);
    const json = glbJson(open);
    expect(paintColour(json)).toBe(red?.color);
    // One trim: the configured one, not every trim of the product.
    expect(json.scenes).toHaveLength(1);

    await configure('Terra Limited', 'cobalt blue', DOOR_RANGE.min);
    const shut = glbJson(await exported('GLB'));
    expect(paintColour(shut)).toBe(blue?.color);
    expect(frontLeftDoor(json)).toBeDefined();
    expect(frontLeftDoor(shut)).not.toEqual(frontLeftDoor(json));
    // Named as the model file names its parts, with none of the engine's bookkeeping written out.
    expect(json.nodes?.filter((node) => node.extras !== undefined)).toEqual([]);
  });

  it('exports a USDZ for AR Quick Look: a zip whose first file is the USD scene, standing on a plane', async () => {
    await configure('Terra Base', 'rallye red', DOOR_RANGE.min);
    const usdz = await exported('USDZ');
    expect(usdz.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    // The first entry's name sits after the 30-byte local header.
    expect(usdz.subarray(30, 30 + usdz.readUInt16LE(26)).toString('latin1')).toBe('model.usda');
    // Matched, not compared: a failure prints the pattern, not megabytes of USD.
    const text = usdz.toString('latin1');
    expect(/preliminary:anchoring:type = "plane"/.test(text), 'anchored on a plane').toBe(true);
    expect(/metersPerUnit = 1\b/.test(text), 'in metres').toBe(true);
    // Rallye Red's base colour (#b3121b), linear, as USD writes it.
    expect(/diffuseColor = \(0\.45\d*, 0\.006\d*, 0\.01\d*\)/.test(text), 'the red paint').toBe(true);
  });
});
