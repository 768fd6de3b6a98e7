import { ENGINE_OBJECT_PATHS, ENGINE_PRESET } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCors, json } from '../test/remote-http.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';

/** Unreal's Remote Control presets over real HTTP (reference §A3): the exposed properties and functions. */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.close();
});

const camera = ENGINE_OBJECT_PATHS.camera;
const preset = ENGINE_PRESET.name;

describe('presets', () => {
  it('GET /remote/presets lists NewRemoteControlPreset', async () => {
    const body = (await json(await t.request('GET', '/remote/presets'))) as {
      Presets: { Name: string; Path: string }[];
    };
    expect(body.Presets).toEqual([expect.objectContaining({ Name: preset, Path: ENGINE_PRESET.path })]);
  });

  it('GET /remote/preset/{name} describes groups with exposed properties and functions', async () => {
    const response = await t.request('GET', `/remote/preset/${preset}`);
    expect(response.status).toBe(200);
    const body = (await json(response)) as {
      Preset: {
        Groups: {
          ExposedProperties: { DisplayName: string; UnderlyingProperty: { Name: string } }[];
          ExposedFunctions: { DisplayName: string; UnderlyingFunction: { Name: string } }[];
        }[];
      };
    };
    const properties = body.Preset.Groups.flatMap((g) => g.ExposedProperties.map((p) => p.DisplayName));
    const functions = body.Preset.Groups.flatMap((g) => g.ExposedFunctions.map((f) => f.DisplayName));
    expect(properties).toEqual(expect.arrayContaining(['CameraExteriorYaw', 'FocusSettings', 'HdrLightColor']));
    expect(functions).toEqual([
      'CameraInteriorYaw',
      'CameraInteriorPitch',
      'CameraInteriorX',
      'CameraInteriorY',
      'CameraInteriorZ',
    ]);
  });

  it('answers 404 for an unknown preset on every preset route', async () => {
    for (const [method, url] of [
      ['GET', '/remote/preset/Elsewhere'],
      ['GET', '/remote/preset/Elsewhere/property/CameraExteriorYaw'],
      ['PUT', '/remote/preset/Elsewhere/property/CameraExteriorYaw'],
      ['PUT', '/remote/preset/Elsewhere/function/CameraInteriorX'],
    ] as const) {
      const response = await t.request(method, url, method === 'PUT' ? {} : undefined);
      expect(response.status).toBe(404);
      expectCors(response);
      expect(await json(response)).toEqual({ errorMessage: 'Preset Elsewhere could not be found.' });
    }
  });

  it('reads and writes an exposed property; percent-encoded labels and names resolve', async () => {
    const write = await t.request('PUT', `/remote/preset/New%52emoteControlPreset/property/CameraExterior%44istance`, {
      PropertyValue: 800,
      GenerateTransaction: true,
    });
    expect(write.status).toBe(200);
    expect(await write.text()).toBe('');
    const read = await t.request('GET', `/remote/preset/${preset}/property/cameraexteriordistance`);
    expect(await json(read)).toEqual({
      PropertyValues: [{ ObjectPath: camera, PropertyLabel: 'CameraExteriorDistance', PropertyValue: 800 }],
    });
  });

  it('writes a struct property (HdrLightColor) and refuses a bad one', async () => {
    const ok = await t.request('PUT', `/remote/preset/${preset}/property/HdrLightColor`, {
      propertyValue: { r: 10, g: 20, b: 30 },
    });
    expect(ok.status).toBe(200);
    expect(t.renderer.lastState()?.environment.hdri.lightColor).toEqual({ r: 10, g: 20, b: 30 });
    const bad = await t.request('PUT', `/remote/preset/${preset}/property/HdrLightColor`, { PropertyValue: 'white' });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for an unknown label', async () => {
    const property = await t.request('GET', `/remote/preset/${preset}/property/Nope`);
    expect(property.status).toBe(404);
    expect(await json(property)).toHaveProperty('errorMessage');
    const fn = await t.request('PUT', `/remote/preset/${preset}/function/Nope`, { Parameters: {} });
    expect(fn.status).toBe(404);
  });

  it('calls an exposed function: ReturnedValues has one entry per bound object', async () => {
    const response = await t.request('PUT', `/remote/preset/${preset}/function/Camera%49nteriorX`, {
      Parameters: { Value: 2 },
      GenerateTransaction: false,
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ReturnedValues: [{}] });
    expect(t.renderer.lastState()?.camera.rail.x).toBe(1);
  });

  it('refuses an exposed function call with bad parameters', async () => {
    const response = await t.request('PUT', `/remote/preset/${preset}/function/CameraInteriorYaw`, { Parameters: {} });
    expect(response.status).toBe(400);
  });
});
