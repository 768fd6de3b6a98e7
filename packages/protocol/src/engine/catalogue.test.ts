import { describe, expect, it } from 'vitest';
import type { EngineHandlers } from '../index.js';
import {
  CAMERA_FUNCTIONS,
  CAR_FUNCTIONS,
  CONFIG_FUNCTIONS,
  ENGINE_FUNCTION_LIST,
  ENGINE_FUNCTIONS,
  ENVIRONMENT_FUNCTIONS,
  LIGHT_FUNCTIONS,
  RENDER_QUEUE_FUNCTIONS,
  POST_PROCESS_FUNCTIONS,
  POST_PROCESS_OUT_NAMES,
  POST_PROCESS_PARAMETERS,
  SEQUENCE_FUNCTIONS,
  lightDataSchema,
  lightMovementSchema,
  lightSettingsSchema,
  postProcessInSchema,
  postProcessOutSchema,
  ENGINE_OBJECT_PATHS,
  ENGINE_PRESET,
  REMOTE_CONFIG_DEFAULTS,
  engineObjectAt,
  findEngineFunction,
  findEngineProperty,
} from '../index.js';

/** Spec §7 "Engine function names and parameters", spelled as the spec spells them. */
const SPEC_FUNCTIONS = [
  'Update Car Material',
  'Get Material Options',
  'Get Trim Paint Option',
  'CarLightTurnOnOff',
  'GetCarOptions',
  'LoadCarByPath',
  'CameraRigCraneControll',
  'UpdateInteriorCamera',
  'updateViewPortInteraction',
  'Switch to Camera',
  'Render Preview',
  'Render MQ',
  'Switch Position',
  'Set Composition Guide',
  'Change Composition Opacity',
  'Get Bokeh Options',
  'Set Bokeh',
  'CameraInteriorYaw',
  'CameraInteriorPitch',
  'CameraInteriorX',
  'CameraInteriorY',
  'CameraInteriorZ',
  'ImportandUpdateCompositionGuide',
  'ImportandUpdateBackplate',
  'ImportandApplyCubemap',
  'ToggleBackplateSwitch',
  'Get Time Of the Day Options',
  'Set Time Of the Day',
  'Set Sun Azimuth Angle',
  'GetEnvironmentOptions',
  'LoadEnvironmentbyPath',
  'GetAllPCGOptions',
  'SetPCG',
  'Update New Config',
  'CreateSequence',
  'UpdateSequence',
  'PlaySequenceWithPath',
  'PlayPauseSequence',
  'StopSequence',
  'GotoSequenceFrameWithPath',
  'PlaySequence',
  'GetAnimationPlayingStatus',
  'Download File',
  'Get Download Status',
  'GetPostProcessLite',
  'ResetPostProcessLite',
  'PostProcessLite',
  'CreatePointLightAPI',
  'CreateRectLightAPI',
  'CreateSpotLightAPI',
  'UpdateLightSettings',
  'UpdateLightMovementData',
  'RemoveLight',
  'GetAllLightData',
  'GetLightInfoAPI',
  'GetCustomEnvironmentalLightInfo',
];

describe('engine catalogue', () => {
  it('has every function of spec §7 with its exact spelling', () => {
    const names = ENGINE_FUNCTION_LIST.map((f) => f.name);
    for (const name of SPEC_FUNCTIONS) expect(names, name).toContain(name);
  });

  it('names each function once, whichever its section or object, ignoring case', () => {
    const sections = [
      CAR_FUNCTIONS,
      CAMERA_FUNCTIONS,
      ENVIRONMENT_FUNCTIONS,
      CONFIG_FUNCTIONS,
      SEQUENCE_FUNCTIONS,
      POST_PROCESS_FUNCTIONS,
      LIGHT_FUNCTIONS,
      RENDER_QUEUE_FUNCTIONS,
    ];
    // A name defined in two sections would silently keep only the later one in ENGINE_FUNCTIONS.
    const defined = sections.flatMap((section) => Object.keys(section));
    expect(Object.keys(ENGINE_FUNCTIONS)).toHaveLength(defined.length);
    const lowered = ENGINE_FUNCTION_LIST.map((f) => f.name.toLowerCase());
    expect(new Set(lowered).size).toBe(lowered.length);
    for (const [key, spec] of Object.entries(ENGINE_FUNCTIONS)) expect(spec.name).toBe(key);
  });

  it('derives the post-process names and the light fields from one list each', () => {
    expect(POST_PROCESS_PARAMETERS).toHaveLength(10);
    expect(Object.keys(postProcessInSchema.shape)).toEqual(POST_PROCESS_PARAMETERS);
    expect(Object.keys(postProcessOutSchema.shape)).toEqual(
      POST_PROCESS_PARAMETERS.map((n) => POST_PROCESS_OUT_NAMES[n]),
    );
    expect(POST_PROCESS_OUT_NAMES.Bloom_Intensity).toBe('BloomIntensityOut');
    // Every field a caller can change or move is one the light reports, and the report has nothing else.
    const reported = Object.keys(lightDataSchema.shape).sort();
    const settable = new Set([...Object.keys(lightSettingsSchema.shape), ...Object.keys(lightMovementSchema.shape)]);
    expect([...settable].sort()).toEqual(reported);
  });

  it('binds every preset entry to a catalogue function or property', () => {
    for (const f of ENGINE_PRESET.functions) expect(findEngineFunction(f.object, f.function), f.label).toBeDefined();
    for (const p of ENGINE_PRESET.properties) expect(findEngineProperty(p.object, p.property), p.label).toBeDefined();
  });

  it('resolves objects and functions ignoring case, as Unreal resolves FNames', () => {
    expect(engineObjectAt(ENGINE_OBJECT_PATHS.camera.toUpperCase())).toBe('camera');
    expect(findEngineFunction('camera', 'cameraRigCraneControll')?.name).toBe('CameraRigCraneControll');
    expect(findEngineFunction('car', 'CameraRigCraneControll')).toBeUndefined();
  });

  it('has the remote config defaults of spec §9', () => {
    expect(REMOTE_CONFIG_DEFAULTS).toMatchObject({
      instanceId: 'localhost:30010',
      presetName: 'NewRemoteControlPreset',
    });
    expect(REMOTE_CONFIG_DEFAULTS.cameraPath).toBe(ENGINE_OBJECT_PATHS.camera);
  });

  it('types engine handlers by the catalogue: a wrong parameter or answer does not compile', () => {
    const compileOnly = (handlers: EngineHandlers) => {
      // @ts-expect-error Set Bokeh takes a numeric Size
      const wrongParameter: EngineHandlers['Set Bokeh'] = ({ Size }: { Size: string }) => {
        Size.toUpperCase();
      };
      // @ts-expect-error GetCarOptions answers options and curentIndex
      const wrongAnswer: EngineHandlers['GetCarOptions'] = () => ({ options: [] });
      return [handlers, wrongParameter, wrongAnswer];
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
