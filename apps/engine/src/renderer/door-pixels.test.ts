import { readFile } from 'node:fs/promises';
import { DOOR_RANGE, ENGINE_OBJECT_PATHS, type EngineObjectKey } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_CAR_GLB } from '../built-in-car.js';
import { DOORS } from '../contract/car-catalogue.js';
import { loadServedModel } from '../test/downloads.js';
import { Pixels } from '../test/pixels.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';
import { ChromiumRenderer } from './chromium-renderer.js';

/**
 * Doors judged by the picture, not by the engine's answer: the car the studio shows is the built-in product's GLB,
 * loaded by Download File and LoadCarByPath, and on two of its three trims the doors answered `{"Value":50}` and
 * stayed shut in every frame and still.
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

async function setProperty(object: EngineObjectKey, name: string, value: unknown): Promise<void> {
  const response = await t.request('PUT', '/remote/object/property', {
    objectPath: ENGINE_OBJECT_PATHS[object],
    propertyName: name,
    propertyValue: { [name]: value },
    access: 'WRITE_ACCESS',
  });
  expect(response.status, await response.text()).toBe(200);
}

async function still(): Promise<Pixels> {
  const { status, body } = await t.call('camera', 'RenderStill', { Width: 320, Height: 180, Samples: 2 });
  expect(status, JSON.stringify(body)).toBe(200);
  return Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
}

async function door(name: string, value: number): Promise<void> {
  const answer = await t.call('carStateManager', 'UpdateConfigureValue', { Name: name, Value: value });
  expect(answer).toEqual({ status: 200, body: { Value: value } });
}

describe('doors of the loaded built-in product', () => {
  const trims = ['Terra Base', 'Terra Limited', 'Terra Wilderness'];

  it.each(trims)('visibly open on %s, each seen from its own side', async (trim) => {
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: trim })).status).toBe(200);
    await setProperty('camera', 'CameraExteriorPitch', 10);
    for (const name of DOORS) {
      // From 60° to one side the crane sees that side's doors (the car's left, +X, from positive yaw).
      await setProperty('camera', 'CameraExteriorYaw', name.endsWith('L') ? 60 : -60);
      await door(name, DOOR_RANGE.min);
      const shut = await still();
      await door(name, DOOR_RANGE.max);
      const open = await still();
      await door(name, DOOR_RANGE.min);
      // The door swung 70° out from the side facing the camera: a good part of the picture changed. (A shut door's
      // stills differ by nothing at all.)
      expect(open.changed(shut), `${trim} ${name}`).toBeGreaterThan(0.015);
    }
  });
});
