import { ENGINE_FUNCTION_LIST, ENGINE_PRESET, findEngineFunction, type EngineObjectKey } from '@autostudio/protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sceneStateSchema } from '../contract/scene-state.js';
import { startImageHost, type ImageHost } from '../test/image-host.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';

/**
 * Every catalogue function is callable on its object and answers what the catalogue says it returns. Parameters are
 * samples a configurator would send. Each test has an engine of its own and first creates what its call needs (a
 * sequence, a light), so any one of them runs alone and in any order.
 */
let t: TestEngine;
let images: ImageHost;
beforeAll(async () => {
  images = await startImageHost();
});
afterAll(() => images.close());
beforeEach(async () => {
  t = await startTestEngine({ fetchPolicy: images.fetchPolicy });
});
afterEach(() => t.close());

/** A call a test needs before its own; a refusal fails the test there, saying why. */
async function arrange<T>(object: EngineObjectKey, functionName: string, parameters?: unknown): Promise<T> {
  const { status, body } = await t.call(object, functionName, parameters);
  expect(status, `${functionName}: ${JSON.stringify(body)}`).toBe(200);
  return body as T;
}

const keyframes = [
  { time: 0, yaw: 0, pitch: 10, distance: 500 },
  { time: 1, yaw: 90, pitch: 20, distance: 600 },
];

const createSequence = async () =>
  (await arrange<{ SequencePath: string }>('car', 'CreateSequence', { Name: 'Orbit', Keyframes: keyframes }))
    .SequencePath;
/** A sequence made the current one (what PlaySequence, PlayPauseSequence and StopSequence act on), not playing. */
const selectSequence = async () => {
  await arrange('car', 'GotoSequenceFrameWithPath', { SequencePath: await createSequence(), Frame: 0 });
  return {};
};
/** A small render job, started (it finishes at once over the recording renderer). */
const startRenderJob = async () =>
  (
    await arrange<{ JobId: string }>('camera', 'StartRenderJob', {
      Settings: { Width: 64, Height: 36, SpatialSamples: 1, TemporalSamples: 1 },
    })
  ).JobId;
/** The first output of a finished render job. */
const renderOutput = async () => {
  const JobId = await startRenderJob();
  for (;;) {
    const status = await arrange<{ Status: string; Outputs: { Path: string }[] }>('camera', 'GetRenderJobStatus', {
      JobId,
    });
    const first = status.Outputs[0];
    if (status.Status !== 'Rendering' && first) return first.Path;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const createPointLight = async () => (await arrange<{ ID: number }>('light', 'CreatePointLightAPI')).ID;

/** Parameters per function, after creating what the call needs; a function without an entry takes none. */
const samples: Record<string, () => Record<string, unknown> | Promise<Record<string, unknown>>> = {
  'Update Car Material': () => ({ MaterialToSet: 'Rallye Red' }),
  CarLightTurnOnOff: () => ({ LightName: 'HeadLamps1', OnOff: true, Intensity: 2 }),
  LoadCarByPath: () => ({ Path: '' }),
  // Not an address the engine may fetch: the call starts the download, which then fails; the status keeps its shape.
  'Download File': () => ({ Url: 'http://127.0.0.1:9/car.glb' }),
  UpdateConfigureValue: () => ({ Name: 'DOOR_FL', Value: 20 }),
  ExportCarModel: () => ({ Format: 'GLB' }),
  'Switch Position': () => ({ Position: 'Interior' }),
  'Render MQ': () => ({ Width: 64, Height: 36 }),
  RenderStill: () => ({ Width: 64, Height: 36, Format: 'JPG' }),
  StartRenderJob: () => ({
    Settings: { Width: 64, Height: 36, Format: 'JPG', RenderType: 'Multi Pass', Passes: ['Depth'] },
  }),
  GetRenderJobStatus: async () => ({ JobId: await startRenderJob() }),
  CancelRenderJob: async () => ({ JobId: await startRenderJob() }),
  ReadRenderOutput: async () => ({ Path: await renderOutput() }),
  'Set Composition Guide': () => ({ Value: 'RuleOfThird' }),
  'Change Composition Opacity': () => ({ Value: 0.3 }),
  'Set Bokeh': () => ({ Size: 4, Shape: 'Circle' }),
  CameraRigCraneControll: () => ({ deltaYaw: 10, deltaPitch: 5, deltaArm: -50 }),
  UpdateInteriorCamera: () => ({ deltaX: 0.1, deltaY: 0, deltaZ: -0.1, deltaYaw: 15, deltaPitch: 5 }),
  updateViewPortInteraction: () => ({ isHolding: true }),
  CameraInteriorYaw: () => ({ Value: 30 }),
  CameraInteriorPitch: () => ({ Value: -10 }),
  CameraInteriorX: () => ({ Value: 0.2 }),
  CameraInteriorY: () => ({ Value: 0.4 }),
  CameraInteriorZ: () => ({ Value: 0.6 }),
  ImportandUpdateCompositionGuide: () => ({ Url: images.url('/guide.png') }),
  ImportandUpdateBackplate: () => ({ Url: images.url('/plate.jpg') }),
  ImportandApplyCubemap: () => ({ Url: images.url('/sky.hdr') }),
  ToggleBackplateSwitch: async () => {
    await arrange('car', 'ImportandUpdateBackplate', { Url: images.url('/plate.jpg') });
    return { Value: true };
  },
  'Set Time Of the Day': () => ({ Value: 'Sunset' }),
  'Set Sun Azimuth Angle': () => ({ Value: 200 }),
  LoadEnvironmentbyPath: () => ({ Path: '/Game/Autostudio/Environments/desert-pcg/desert-pcg.desert-pcg' }),
  SetPCG: () => ({ GrassDensity: 0.4, RockDensity: 0.7 }),
  'Update New Config': () => ({
    Settings: {
      Trim: 'Terra Wilderness',
      Paint: 'Forest Green',
      Lights: { HeadLamps1: { OnOff: true, Intensity: 1.5 }, DRLs: { OnOff: true } },
      ConfigureValues: { DOOR_FL: 25 },
      Camera: {
        Position: 'Exterior',
        Crane: { Yaw: -40, Pitch: 12, ArmLength: 650 },
        FocalLength: 50,
        Aperture: 4,
        FocusSettings: { FocusMethod: 'Manual', ManualFocusDistance: 600 },
        Bokeh: { Size: 2, Shape: 'Hexagon' },
        CompositionGuide: 'GoldenRatio',
        CompositionOpacity: 0.4,
      },
      Environment: {
        Path: 'desert-pcg',
        TimeOfDay: 'Afternoon',
        SunAzimuth: 220,
        PCG: { GrassDensity: 0.6, TreeDensity: 0.1 },
        Hdr: { Intensity: 2.5, LightColor: { R: 255, G: 240, B: 220 } },
      },
      PostProcess: { ExposureCompensation: 0.3, Gain: { X: 1.1 } },
      CustomLights: [
        { ID: 0, LightType: 'point', Intensity: 10, LightColor: { R: 255, G: 220, B: 180, A: 255 }, Yaw: 60 },
      ],
    },
  }),
  CreateSequence: () => ({ Name: 'Orbit', Keyframes: keyframes }),
  UpdateSequence: async () => ({ SequencePath: await createSequence(), Keyframes: keyframes }),
  PlaySequenceWithPath: async () => ({ SequencePath: await createSequence() }),
  PlaySequence: selectSequence,
  PlayPauseSequence: selectSequence,
  StopSequence: selectSequence,
  GotoSequenceFrameWithPath: async () => ({ SequencePath: await createSequence(), Frame: 12 }),
  PostProcessLite: () => ({ GlobalSaturation: 0.2, Gain: { X: 1.2 } }),
  UpdateLightSettings: async () => ({
    ID: await createPointLight(),
    LightType: 'point',
    Intensity: 12,
    LightColor: { R: 200 },
  }),
  UpdateLightMovementData: async () => ({ ID: await createPointLight(), Yaw: 90, Radius: 300 }),
  RemoveLight: async () => ({ ID: await createPointLight() }),
  GetLightInfoAPI: async () => ({ ID: await createPointLight() }),
};

describe('catalogue agreement', () => {
  for (const spec of ENGINE_FUNCTION_LIST) {
    it(`${spec.object}: ${spec.name}`, async () => {
      const { status, body } = await t.call(spec.object, spec.name, (await samples[spec.name]?.()) ?? {});
      expect(body, JSON.stringify(body)).not.toHaveProperty('errorMessage');
      expect(status).toBe(200);
      const parsed = spec.returns.strict().safeParse(body);
      expect(parsed.error, JSON.stringify(body)).toBeUndefined();
      // Whatever the call did, the renderer only ever sees a valid scene.
      expect(sceneStateSchema.safeParse(t.renderer.lastState()).success).toBe(true);
    });
  }

  for (const exposed of ENGINE_PRESET.functions) {
    it(`preset function ${exposed.label}`, async () => {
      const spec = findEngineFunction(exposed.object, exposed.function);
      const response = await t.request('PUT', `/remote/preset/${ENGINE_PRESET.name}/function/${exposed.label}`, {
        Parameters: (await samples[exposed.function]?.()) ?? {},
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { ReturnedValues: unknown[] };
      expect(body.ReturnedValues).toHaveLength(1);
      expect(spec?.returns.strict().safeParse(body.ReturnedValues[0]).success).toBe(true);
    });
  }

  it('every preset property reads back what was written', async () => {
    const values: Record<string, unknown> = {
      CameraExteriorYaw: 45,
      CameraExteriorPitch: 20,
      CameraExteriorDistance: 700,
      FocusSettings: { FocusMethod: 'Manual', ManualFocusDistance: 300 },
      HdrIntensity: 3,
      HdrSize: 120,
      HdrYaw: 15,
      HdrGroundSize: 500,
      HdrResolution: 512,
      HdrLightIntensity: 2,
      HdrLightColor: { R: 255, G: 200, B: 100 },
    };
    for (const exposed of ENGINE_PRESET.properties) {
      const url = `/remote/preset/${ENGINE_PRESET.name}/property/${exposed.label}`;
      const write = await t.request('PUT', url, { PropertyValue: values[exposed.label] });
      expect(write.status, exposed.label).toBe(200);
      const read = (await (await t.request('GET', url)).json()) as { PropertyValues: { PropertyValue: unknown }[] };
      expect(read.PropertyValues[0]?.PropertyValue, exposed.label).toEqual(values[exposed.label]);
    }
  });
});
