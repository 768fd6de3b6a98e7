import { DOOR_RANGE } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOORS } from '../contract/car-catalogue.js';
import { startPixelEngine, type PixelEngine } from '../test/pixel-engine.js';

/**
 * Doors judged by the picture, not by the engine's answer: the car the studio shows is the built-in product's GLB,
 * loaded by Download File and LoadCarByPath, and on two of its three trims the doors answered `{"Value":50}` and
 * stayed shut in every frame and still.
 */
let t: PixelEngine;

beforeAll(async () => {
  t = await startPixelEngine({ builtInCar: true });
});

afterAll(() => t.close());

async function door(name: string, value: number): Promise<void> {
  const answer = await t.call('carStateManager', 'UpdateConfigureValue', { Name: name, Value: value });
  expect(answer).toEqual({ status: 200, body: { Value: value } });
}

describe('doors of the loaded built-in product', () => {
  const trims = ['Terra Base', 'Terra Limited', 'Terra Wilderness'];

  it.each(trims)('visibly open on %s, each seen from its own side', async (trim) => {
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: trim })).status).toBe(200);
    await t.setProperty('camera', 'CameraExteriorPitch', 10);
    for (const name of DOORS) {
      // From 60° to one side the crane sees that side's doors (the car's left, +X, from positive yaw).
      await t.setProperty('camera', 'CameraExteriorYaw', name.endsWith('L') ? 60 : -60);
      await door(name, DOOR_RANGE.min);
      const shut = await t.still(2);
      await door(name, DOOR_RANGE.max);
      const open = await t.still(2);
      await door(name, DOOR_RANGE.min);
      // The door swung 70° out from the side facing the camera: a good part of the picture changed. (A shut door's
      // stills differ by nothing at all.)
      expect(open.changed(shut), `${trim} ${name}`).toBeGreaterThan(0.015);
    }
  });
});
