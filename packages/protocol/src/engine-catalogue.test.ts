import { describe, expect, it } from 'vitest';
import {
  ENGINE_FUNCTIONS,
  ENGINE_OBJECT_PATHS,
  ENGINE_PRESET,
  REMOTE_CONFIG_DEFAULTS,
  engineObjectAt,
  findEngineFunction,
  findEngineProperty,
} from './index.js';

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
    const names = ENGINE_FUNCTIONS.map((f) => f.name);
    for (const name of SPEC_FUNCTIONS) expect(names, name).toContain(name);
  });

  it('names each function once per object', () => {
    const keys = ENGINE_FUNCTIONS.map((f) => `${f.object}/${f.name.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
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
});
