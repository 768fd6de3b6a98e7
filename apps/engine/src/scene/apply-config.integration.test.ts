import {
  ENGINE_OBJECT_PATHS,
  STATE_MESSAGES,
  type EngineConfigSettings,
  type EngineObjectKey,
  type LightData,
} from '@autostudio/protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startImageHost, type ImageHost } from '../test/image-host.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';

/**
 * Update New Config, the whole configuration in one call: every section applied and read back by the single getters,
 * drawn once, or nothing applied when any part is refused.
 */
let t: TestEngine;
let images: ImageHost;
beforeAll(async () => {
  images = await startImageHost();
});
afterAll(async () => {
  await images.close();
});
beforeEach(async () => {
  t = await startTestEngine({ fetchPolicy: images.fetchPolicy });
});
afterEach(async () => {
  await t.close();
});

const state = () => t.renderer.lastState();

describe('Update New Config', () => {
  const draws = () => t.renderer.calls.filter((c) => c.kind === 'apply').length;
  const apply = (Settings: unknown) => t.call('car', 'Update New Config', { Settings });

  /** What the single getters answer: a configuration is judged by what they read back. */
  async function readBack() {
    const get = async (object: EngineObjectKey, name: string) => (await t.call(object, name)).body;
    const properties = async (object: EngineObjectKey) =>
      (await t.request('PUT', '/remote/object/property', { objectPath: ENGINE_OBJECT_PATHS[object] })).json();
    return {
      trims: await get('car', 'GetCarOptions'),
      paints: await get('car', 'Get Material Options'),
      configureValues: await get('carStateManager', 'GetConfigureValues'),
      crane: await get('camera', 'GetCraneValues'),
      interior: await get('camera', 'GetInteriorCameraPosition'),
      // Focus settings, focal length and aperture are camera properties.
      camera: await properties('camera'),
      bokeh: await get('camera', 'Get Bokeh Options'),
      timeOfDay: await get('car', 'Get Time Of the Day Options'),
      environment: ((await get('car', 'GetEnvironmentOptions')) as { Current: string }).Current,
      pcg: await get('car', 'GetAllPCGOptions'),
      backdrop: await properties('car'),
      postProcess: await get('postProcess', 'GetPostProcessLite'),
      lights: await get('light', 'GetAllLightData'),
    };
  }

  const whole = {
    Trim: 'Terra Wilderness',
    Paint: 'Forest Green',
    Lights: { HeadLamps1: { OnOff: true, Intensity: 1.5 }, DRLs: { OnOff: true } },
    ConfigureValues: { DOOR_FL: 25, door_rr: 80 },
    Camera: {
      Position: 'Interior',
      Crane: { Yaw: -40, Pitch: 95, ArmLength: 650 },
      Interior: { X: 0.2, Y: 1.5, Yaw: 30, Pitch: -10 },
      FocalLength: 35,
      Aperture: 4,
      FocusSettings: { FocusMethod: 'Manual', ManualFocusDistance: 600 },
      Bokeh: { Size: 2, Shape: 'hexagon' },
      CompositionGuide: 'GoldenRatio',
      CompositionOpacity: 0.4,
    },
    Environment: {
      Path: 'desert-pcg',
      TimeOfDay: 'afternoon',
      SunAzimuth: 220,
      PCG: { GrassDensity: 0.6, TreeDensity: 0.1 },
      Backplate: false,
      Hdr: { Intensity: 2.5, Yaw: 90, LightColor: { R: 255, G: 240, B: 220 } },
    },
    PostProcess: { ExposureCompensation: 0.3, Gain: { X: 1.1 } },
    CustomLights: [
      {
        ID: 3,
        LightType: 'spot',
        LightColor: { R: 255, G: 200, B: 150, A: 255 },
        Intensity: 20,
        OutterAngle: 30,
        Yaw: 90,
        Pitch: 20,
        Radius: 300,
        X: 0,
        Y: 0,
        Z: 50,
      },
      { ID: 7, LightType: 'rect', Width: 100, Height: 50 },
    ],
  } satisfies EngineConfigSettings;

  it('applies a whole configuration in one call, read back by the single getters, drawn once', async () => {
    await t.call('car', 'ImportandUpdateBackplate', { Url: images.url('/plate.jpg') });
    const drawn = draws();
    const answer = await apply({ ...whole, Environment: { ...whole.Environment, Backplate: true } });
    expect(answer).toEqual({ status: 200, body: {} });
    expect(draws()).toBe(drawn + 1);

    const read = await readBack();
    expect(read.trims).toMatchObject({ curentIndex: 2 });
    expect(read.paints).toMatchObject({ Current: 'forest green' });
    // Doors clamp to 0–50, crane pitch to 80 and the rail to 0–1, as the single functions do.
    expect(read.configureValues).toEqual({ Values: { DOOR_FL: 25, DOOR_FR: 0, DOOR_RL: 0, DOOR_RR: 50 } });
    expect(read.crane).toEqual({ 'Crane Yaw': -40, 'Crane Pitch': 80, 'Crane Arm Length': 650 });
    expect(read.interior).toEqual({ X: 0.2, Y: 1, Z: 0.5, Yaw: 30, Pitch: -10 });
    // The configuration's focal length wins over the one Switch Position sets.
    expect(read.camera).toMatchObject({
      FocusSettings: { FocusMethod: 'Manual', ManualFocusDistance: 600 },
      CurrentFocalLength: 35,
      CurrentAperture: 4,
    });
    expect(read.bokeh).toMatchObject({ Size: 2, Shape: 'Hexagon' });
    expect(read.timeOfDay).toMatchObject({ Current: 'Afternoon' });
    expect(read.environment).toBe('desert-pcg');
    expect(read.pcg).toEqual({
      PCGOptions: { FloorGloss: 0, GrassDensity: 0.6, PlantDensity: 0.5, TreeDensity: 0.1, RockDensity: 0.2 },
    });
    expect(read.backdrop).toMatchObject({ HdrIntensity: 2.5, HdrYaw: 90, HdrLightColor: { R: 255, G: 240, B: 220 } });
    expect(read.postProcess).toMatchObject({ ExposureCompensationOut: 0.3, GainOut: { X: 1.1, Y: 1, Z: 1, W: 1 } });
    expect(read.lights).toEqual({
      Lights: [
        expect.objectContaining(whole.CustomLights[0]),
        expect.objectContaining({ ID: 7, LightType: 'rect', Width: 100, Height: 50, Yaw: 45, Radius: 400 }),
      ],
    });
    // What no getter reads, the drawn scene shows.
    expect(state()?.car.lamps).toMatchObject({ HeadLamps1: { on: true, intensity: 1.5 }, DRLs: { on: true } });
    expect(state()?.camera).toMatchObject({
      spot: 'Interior',
      compositionGuide: 'GoldenRatio',
      compositionOpacity: 0.4,
    });
    expect(state()?.environment).toMatchObject({ sunDirection: 220, backplate: { enabled: true } });
  });

  // Each bad part comes after valid parts that change what the getters read.
  it.each([
    [
      'DRLs on Terra Base',
      { ...whole, Trim: 'Terra Base', Paint: 'Rallye Red' },
      'Settings.Lights: DRLs is not available on the Terra Base trim',
    ],
    [
      'a paint the trim does not offer',
      { ...whole, Trim: 'Terra Base', Paint: 'Desert Sand' },
      'Settings.Paint: The paint Desert Sand is not offered on the Terra Base trim',
    ],
    [
      'an unknown bokeh shape',
      { ...whole, Camera: { ...whole.Camera, Bokeh: { Shape: 'Star' } } },
      'Settings.Camera: Unknown bokeh shape Star; options are None, Circle, Hexagon, Octagon',
    ],
    [
      'a backplate with no image',
      { ...whole, Environment: { ...whole.Environment, Backplate: true } },
      'Settings.Environment: No backplate image: call ImportandUpdateBackplate first',
    ],
    [
      'an invalid light type, in the last section',
      { ...whole, CustomLights: [...whole.CustomLights, { ID: 9, LightType: 'laser' }] },
      `Settings.CustomLights: ${STATE_MESSAGES.invalidLightType}`,
    ],
  ])(
    'refuses a configuration with %s as a whole: 400, nothing changed, nothing drawn',
    async (_, settings, message) => {
      const { ID } = (await t.call('light', 'CreatePointLightAPI')).body as { ID: number };
      await t.call('light', 'UpdateLightMovementData', { ID, Yaw: 10, Radius: 250 });
      const before = await readBack();
      const drawn = draws();

      expect(await apply(settings)).toEqual({ status: 400, body: { errorMessage: message } });
      expect(await readBack()).toEqual(before);
      expect(draws()).toBe(drawn);
      // The light manager's next ID is as before too.
      expect((await t.call('light', 'CreateSpotLightAPI')).body).toEqual({ ID: ID + 1 });
    },
  );

  it('replaces the custom lights with their own IDs; the next light gets the highest ID + 1', async () => {
    await t.call('light', 'CreatePointLightAPI');
    await t.call('light', 'CreatePointLightAPI');
    expect((await apply({ CustomLights: whole.CustomLights })).status).toBe(200);
    const lights = (await t.call('light', 'GetAllLightData')).body as { Lights: LightData[] };
    expect(lights.Lights.map((l) => [l.ID, l.LightType])).toEqual([
      [3, 'spot'],
      [7, 'rect'],
    ]);
    expect((await t.call('light', 'GetLightInfoAPI', { ID: 0 })).status).toBe(400);
    expect((await t.call('light', 'CreatePointLightAPI')).body).toEqual({ ID: 8 });
    expect((await t.call('light', 'UpdateLightSettings', { ID: 3, LightType: 'point' })).body).toEqual({
      errorMessage: STATE_MESSAGES.invalidLightType,
    });

    // An empty list removes every light, and numbering starts again.
    expect((await apply({ CustomLights: [] })).status).toBe(200);
    expect((await t.call('light', 'GetAllLightData')).body).toEqual({ Lights: [] });
    expect((await t.call('light', 'CreateRectLightAPI')).body).toEqual({ ID: 0 });
  });

  it('takes back the lights GetCustomEnvironmentalLightInfo answered, as they were', async () => {
    await t.call('light', 'CreateSpotLightAPI');
    const { ID } = (await t.call('light', 'CreateRectLightAPI')).body as { ID: number };
    await t.call('light', 'UpdateLightSettings', { ID, Width: 120, LightColor: { G: 90 } });
    await t.call('light', 'UpdateLightMovementData', { ID, Pitch: 60, Z: 80 });
    const saved = (await t.call('light', 'GetCustomEnvironmentalLightInfo')).body as { Lights: LightData[] };
    await apply({ CustomLights: whole.CustomLights });
    expect(await apply({ CustomLights: saved.Lights })).toEqual({ status: 200, body: {} });
    expect((await t.call('light', 'GetAllLightData')).body).toEqual(saved);
  });

  it('refuses custom lights with the same ID twice, keeping the lights there were', async () => {
    await t.call('light', 'CreatePointLightAPI');
    const before = (await t.call('light', 'GetAllLightData')).body;
    const twice = [
      { ID: 2, LightType: 'point' },
      { ID: 2, LightType: 'spot' },
    ];
    expect(await apply({ CustomLights: twice })).toEqual({
      status: 400,
      body: { errorMessage: 'Settings.CustomLights: Light ID 2 is given more than once' },
    });
    expect((await t.call('light', 'GetAllLightData')).body).toEqual(before);
    expect((await t.call('light', 'CreatePointLightAPI')).body).toEqual({ ID: 1 });
  });

  it('takes an empty Settings as a no-op, and refuses Settings that is not an object or has an unknown section', async () => {
    const before = await readBack();
    const drawn = draws();
    expect(await apply({})).toEqual({ status: 200, body: {} });
    expect(await readBack()).toEqual(before);
    expect(draws()).toBe(drawn);

    for (const settings of ['Terra Base', [], null, 3]) {
      const { status, body } = await apply(settings);
      expect(status, JSON.stringify(settings)).toBe(400);
      expect((body as { errorMessage: string }).errorMessage).toMatch(/^Function Update New Config: Settings/);
    }
    expect((await t.call('car', 'Update New Config', {})).status).toBe(400);
    const misspelt = await apply({ Paints: 'Rallye Red' });
    expect(misspelt.status).toBe(400);
    expect((misspelt.body as { errorMessage: string }).errorMessage).toContain('Paints');
  });
});

describe('Get Current Config', () => {
  const current = async () =>
    ((await t.call('car', 'Get Current Config')).body as { Settings: EngineConfigSettings }).Settings;

  it('answers every section, and a fresh engine given it ends where this one is', async () => {
    await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Wilderness' });
    await t.call('car', 'Update Car Material', { MaterialToSet: 'Forest Green' });
    await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_RL', Value: 30 });
    await t.call('car', 'CarLightTurnOnOff', { LightName: 'DRLs', OnOff: true, Intensity: 2 });
    await t.call('camera', 'Switch Position', { Position: 'Interior' });
    await t.call('camera', 'Set Bokeh', { Size: 4, Shape: 'Octagon' });
    await t.call('car', 'LoadEnvironmentbyPath', { Path: 'desert-pcg' });
    await t.call('car', 'Set Sun Azimuth Angle', { Value: 200 });
    await t.call('postProcess', 'PostProcessLite', { GlobalSaturation: 0.4 });
    await t.call('light', 'CreateSpotLightAPI');
    const settings = await current();
    expect(settings).toMatchObject({
      Trim: 'Terra Wilderness',
      Paint: 'forest green',
      Lights: { DRLs: { OnOff: true, Intensity: 2 } },
      ConfigureValues: { DOOR_RL: 30, DOOR_FL: 0 },
      Camera: { Position: 'Interior', FocalLength: 15, Bokeh: { Size: 4, Shape: 'Octagon' } },
      Environment: { Path: 'desert-pcg', SunAzimuth: 200, PCG: { GrassDensity: 0.9 } },
      PostProcess: { GlobalSaturation: 0.4, Gain: { X: 1, Y: 1, Z: 1, W: 1 } },
      CustomLights: [expect.objectContaining({ LightType: 'spot' })],
    });

    await t.close();
    t = await startTestEngine({ fetchPolicy: images.fetchPolicy });
    expect(await current()).not.toEqual(settings);
    expect(await t.call('car', 'Update New Config', { Settings: settings })).toEqual({ status: 200, body: {} });
    expect(await current()).toEqual(settings);
  });
});
