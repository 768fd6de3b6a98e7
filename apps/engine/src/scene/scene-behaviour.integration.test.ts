import { COMPOSITION_GUIDE_IMAGE_OPACITY, STATE_MESSAGES } from '@autostudio/protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startImageHost, type ImageHost } from '../test/image-host.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';

/** What the configurator relies on, through the API: trims and their lamps and paints, doors, the camera rigs. */
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

describe('car', () => {
  it('starts the renderer with the initial scene before answering', () => {
    expect(t.renderer.calls[0]?.kind).toBe('start');
    expect(state()?.car).toMatchObject({ trim: 'Terra Limited', paint: 'cobalt blue', modelPath: null });
  });

  it('refuses DRLs and SignatureLEDs on Terra Base, and turns them off when switching to it', async () => {
    expect((await t.call('car', 'CarLightTurnOnOff', { LightName: 'DRLs', OnOff: true, Intensity: 3 })).status).toBe(
      200,
    );
    expect(state()?.car.lamps.DRLs).toEqual({ on: true, intensity: 3 });
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Base' })).status).toBe(200);
    expect(state()?.car.lamps.DRLs.on).toBe(false);
    for (const LightName of ['DRLs', 'SignatureLEDs']) {
      const { status, body } = await t.call('car', 'CarLightTurnOnOff', { LightName, OnOff: true });
      expect(status).toBe(400);
      expect(body).toEqual({ errorMessage: `${LightName} is not available on the Terra Base trim` });
    }
    expect((await t.call('car', 'CarLightTurnOnOff', { LightName: 'headlamps1', OnOff: true })).status).toBe(200);
  });

  it('reports the lamps the trim has, each with its state', async () => {
    await t.call('car', 'CarLightTurnOnOff', { LightName: 'DRLs', OnOff: true, Intensity: 3 });
    expect((await t.call('car', 'GetCarLights')).body).toEqual({
      Lights: {
        HeadLamps1: { OnOff: false, Intensity: 1 },
        TailLamps1: { OnOff: false, Intensity: 1 },
        DRLs: { OnOff: true, Intensity: 3 },
        SignatureLEDs: { OnOff: false, Intensity: 1 },
      },
    });
    await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Base' });
    const { body } = await t.call('car', 'GetCarLights');
    expect(Object.keys((body as { Lights: object }).Lights)).toEqual(['HeadLamps1', 'TailLamps1']);
  });

  it('refuses a paint the trim does not offer, and an unknown one', async () => {
    await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Base' });
    // Switching trims keeps an offered paint; cobalt blue is not offered on Base, so the first Base paint is chosen.
    expect((await t.call('car', 'Get Material Options')).body).toEqual({
      Current: 'glacier white',
      MaterialOptions: ['glacier white', 'obsidian black', 'rallye red', 'lunar silver'],
      Swatches: {
        'glacier white': '#e9ecef',
        'obsidian black': '#1d1e22',
        'rallye red': '#b3121b',
        'lunar silver': '#a7adb4',
      },
    });
    const refused = await t.call('car', 'Update Car Material', { MaterialToSet: 'Desert Sand' });
    expect(refused).toEqual({
      status: 400,
      body: { errorMessage: 'The paint Desert Sand is not offered on the Terra Base trim' },
    });
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Unicorn Pink' })).status).toBe(400);
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Rallye Red' })).status).toBe(200);
    expect(state()?.car.paint).toBe('rallye red');
  });

  it('answers trims with the spec spelling curentIndex, and paints per trim', async () => {
    await t.call('car', 'Update Car Material', { MaterialToSet: 'terra wilderness' });
    expect((await t.call('car', 'GetCarOptions')).body).toEqual({
      options: ['Terra Base', 'Terra Limited', 'Terra Wilderness'],
      curentIndex: 2,
    });
    const trimPaints = (await t.call('car', 'Get Trim Paint Option')).body as {
      current: string;
      paintOptions: Record<string, string[]>;
    };
    expect(trimPaints.current).toBe('Terra Wilderness');
    expect(trimPaints.paintOptions['Terra Wilderness']).toContain('desert sand');
  });

  it('clamps a door value to 0–50 and answers the value applied', async () => {
    expect(await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_RL', Value: 80 })).toEqual({
      status: 200,
      body: { Value: 50 },
    });
    expect(await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'door_fr', Value: -5 })).toEqual({
      status: 200,
      body: { Value: 0 },
    });
    expect(state()?.car.doors).toEqual({ DOOR_FL: 0, DOOR_FR: 0, DOOR_RL: 50, DOOR_RR: 0 });
    expect((await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'TRUNK', Value: 1 })).status).toBe(400);
  });
});

describe('camera', () => {
  it('clamps the crane pitch and arm length', async () => {
    await t.call('camera', 'CameraRigCraneControll', { deltaYaw: 200, deltaPitch: 500, deltaArm: 10_000 });
    expect((await t.call('camera', 'GetCraneValues')).body).toEqual({
      'Crane Yaw': -130,
      'Crane Pitch': 80,
      'Crane Arm Length': 1500,
    });
    await t.call('camera', 'CameraRigCraneControll', { deltaYaw: 0, deltaPitch: -500, deltaArm: -10_000 });
    expect((await t.call('camera', 'GetCraneValues')).body).toMatchObject({
      'Crane Pitch': -5,
      'Crane Arm Length': 250,
    });
  });

  it('Switch Position sets focal length 15 inside and 45 outside', async () => {
    await t.call('camera', 'Switch Position', { Position: 'Interior' });
    expect(state()?.camera).toMatchObject({ spot: 'Interior', focalLength: 15 });
    await t.call('camera', 'Switch Position', { Position: 'Exterior' });
    expect(state()?.camera).toMatchObject({ spot: 'Exterior', focalLength: 45 });
    expect((await t.call('camera', 'Switch Position', { Position: 'Roof' })).status).toBe(400);
  });

  it('keeps the interior rail in its box', async () => {
    await t.call('camera', 'UpdateInteriorCamera', {
      deltaX: 2,
      deltaY: -2,
      deltaZ: 0.1,
      deltaYaw: 10,
      deltaPitch: -100,
    });
    expect((await t.call('camera', 'GetInteriorCameraPosition')).body).toEqual({
      X: 1,
      Y: 0,
      Z: 0.6,
      Yaw: 10,
      Pitch: -60,
    });
  });

  it('Render MQ writes a still of the view and answers its path', async () => {
    const { body } = await t.call('camera', 'Render MQ');
    expect((body as { OutputPath: string }).OutputPath).toMatch(/^renders\/render-.+\.png$/);
    expect(t.renderer.calls).toContainEqual({ kind: 'still', options: { width: 320, height: 180, format: 'png' } });
    expect(state()?.render.quality).toBe('mq');
  });

  it('holding the viewport asks for interactive frames', async () => {
    await t.call('camera', 'updateViewPortInteraction', { isHolding: true });
    expect(state()?.render.interactive).toBe(true);
  });
});

describe('lights', () => {
  it('creates lights with the spec defaults and answers NextLight on removal', async () => {
    const a = (await t.call('light', 'CreatePointLightAPI')).body as { ID: number };
    const b = (await t.call('light', 'CreateSpotLightAPI')).body as { ID: number };
    expect((await t.call('light', 'GetLightInfoAPI', { ID: a.ID })).body).toMatchObject({
      LightType: 'point',
      Intensity: 8,
      AttenuationRadius: 1000,
      LightColor: { R: 255, G: 255, B: 255, A: 255 },
    });
    expect((await t.call('light', 'RemoveLight', { ID: a.ID })).body).toEqual({
      ID: a.ID,
      LightType: 'point',
      NextLight: b.ID,
    });
    expect((await t.call('light', 'RemoveLight', { ID: b.ID })).body).toEqual({
      ID: b.ID,
      LightType: 'spot',
      NextLight: -1,
    });
    expect((await t.call('light', 'RemoveLight', { ID: b.ID })).status).toBe(400);
  });

  it('answers "Invalid light type" when the type does not match', async () => {
    const { ID } = (await t.call('light', 'CreateRectLightAPI')).body as { ID: number };
    const { status, body } = await t.call('light', 'UpdateLightSettings', { ID, LightType: 'laser', Intensity: 2 });
    expect(status).toBe(400);
    expect(body).toEqual({ errorMessage: STATE_MESSAGES.invalidLightType });
  });
});

describe('environment and sequences', () => {
  it('loads environments by path or name and refuses unknown ones', async () => {
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'desert' })).status).toBe(200);
    expect(state()?.environment.name).toBe('desert');
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: '/Game/Moon' })).status).toBe(400);
  });

  it("offers the studio floor's gloss as the studio's slider and sets it with SetPCG", async () => {
    const studio = async () =>
      (
        (await t.call('car', 'GetEnvironmentOptions')).body as {
          Options: {
            name: string;
            environmentConfigOptions: { name: string; updateFunction: string; value: number }[];
          }[];
        }
      ).Options.find((option) => option.name === 'studio');
    expect((await studio())?.environmentConfigOptions).toMatchObject([
      { name: 'FloorGloss', label: 'Floor Gloss', updateFunction: 'SetPCG', value: 0 },
    ]);
    expect((await t.call('car', 'SetPCG', { FloorGloss: 0.7 })).status).toBe(200);
    expect(state()?.environment.pcg.FloorGloss).toBe(0.7);
    expect((await studio())?.environmentConfigOptions[0]?.value).toBe(0.7);
    expect((await t.call('car', 'GetAllPCGOptions')).body).toMatchObject({ PCGOptions: { FloorGloss: 0.7 } });
  });

  it('plays a sequence to its end and the crane follows the keyframes', async () => {
    const { body } = await t.call('car', 'CreateSequence', {
      Keyframes: [
        { time: 0, yaw: 0, pitch: 10, distance: 500 },
        { time: 0.2, yaw: 40, pitch: 20, distance: 600 },
      ],
    });
    const { SequencePath } = body as { SequencePath: string };
    await t.call('car', 'PlaySequenceWithPath', { SequencePath });
    expect((await t.call('car', 'GetAnimationPlayingStatus')).body).toMatchObject({ Playing: true });
    // Polled like the client does (spec §9: every 100 ms); the sequence lasts 0.2 s.
    const status = async () =>
      (await t.call('car', 'GetAnimationPlayingStatus')).body as { Playing: boolean; Time: number };
    await expect.poll(async () => (await status()).Playing, { interval: 100, timeout: 5_000 }).toBe(false);
    // Time says where the sequence is, in seconds: at its end once it stopped, at a frame after a seek.
    expect((await status()).Time).toBeCloseTo(0.2, 5);
    expect((await t.call('camera', 'GetCraneValues')).body).toMatchObject({ 'Crane Yaw': 40, 'Crane Pitch': 20 });
    await t.call('car', 'GotoSequenceFrameWithPath', { SequencePath, Frame: 3 });
    expect(await status()).toEqual({ Playing: false, Time: 0.125 });
    expect((await t.call('camera', 'GetCraneValues')).body).toMatchObject({ 'Crane Yaw': 25 });
    expect((await t.call('car', 'PlaySequenceWithPath', { SequencePath: '/Game/None.None' })).status).toBe(400);
  });

  it('turns the interior rail, not the crane, when a sequence plays from inside the car (Interior 360)', async () => {
    const crane = (await t.call('camera', 'GetCraneValues')).body;
    await t.call('camera', 'Switch Position', { Position: 'Interior' });
    const { body } = await t.call('car', 'CreateSequence', {
      Keyframes: [
        { time: 0, yaw: 0, pitch: 0 },
        { time: 1, yaw: 90, pitch: 10 },
      ],
    });
    const { SequencePath } = body as { SequencePath: string };
    await t.call('car', 'GotoSequenceFrameWithPath', { SequencePath, Frame: 12 });
    expect((await t.call('camera', 'GetInteriorCameraPosition')).body).toMatchObject({ Yaw: 45, Pitch: 5 });
    expect((await t.call('camera', 'GetCraneValues')).body).toEqual(crane);
    await t.call('camera', 'Switch Position', { Position: 'Exterior' });
  });
});

describe('composition guide image', () => {
  it('ImportandUpdateCompositionGuide shows the image as the Custom guide at the spec opacity 0.7', async () => {
    await t.call('camera', 'Change Composition Opacity', { Value: 0.2 });
    expect((await t.call('car', 'ImportandUpdateCompositionGuide', { Url: images.url('/guide.png') })).status).toBe(
      200,
    );
    expect(state()?.camera).toMatchObject({
      compositionGuide: 'Custom',
      compositionOpacity: COMPOSITION_GUIDE_IMAGE_OPACITY,
    });
    // Fetched into the engine's folder first; the page reads it from there.
    expect(state()?.camera.compositionImageUrl).toMatch(/^images\/[0-9a-f]{32}\.png$/);
    const refused = await t.call('car', 'ImportandUpdateCompositionGuide', { Url: 'file:///etc/passwd' });
    expect(refused).toEqual({ status: 400, body: { errorMessage: 'Only http and https URLs are allowed' } });
  });
});

describe('stills', () => {
  it('hands the renderer a path-traced still when RenderStill asks for the PathTracer', async () => {
    const { status } = await t.call('camera', 'RenderStill', {
      Width: 64,
      Height: 36,
      Samples: 1024,
      Renderer: 'PathTracer',
    });
    expect(status).toBe(200);
    expect(t.renderer.calls.at(-1)).toEqual({
      kind: 'still',
      options: expect.objectContaining({ renderer: 'pathTracer', samples: 1024 }) as unknown,
    });
  });

  it('refuses more raster samples than add detail, naming the renderer that takes more', async () => {
    const { status, body } = await t.call('camera', 'RenderStill', { Width: 64, Height: 36, Samples: 300 });
    expect(status).toBe(400);
    expect(body).toEqual({ errorMessage: 'RenderStill: at most 256 raster samples; PathTracer takes more' });
    expect(t.renderer.calls.some((call) => call.kind === 'still')).toBe(false);
  });

  it('refuses path-traced stills on an engine started with --path-tracing off', async () => {
    const off = await startTestEngine({ pathTracing: 'off' });
    try {
      const { status, body } = await off.call('camera', 'RenderStill', {
        Width: 64,
        Height: 36,
        Renderer: 'PathTracer',
      });
      expect(status).toBe(400);
      expect(body).toEqual({
        errorMessage: 'RenderStill: path tracing is turned off on this engine (--path-tracing off)',
      });
      expect((await off.call('camera', 'RenderStill', { Width: 64, Height: 36 })).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
