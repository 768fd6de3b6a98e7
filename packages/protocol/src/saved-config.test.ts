import { describe, expect, it } from 'vitest';
import { ENGINE_CONFIG_DEFAULTS, engineConfigSettingsSchema, type EngineConfigSettings } from './engine/index.js';
import {
  fromEngineConfig,
  savedConfigSettingsSchema,
  toEngineConfig,
  type SavedConfigSettings,
  type StudioExtras,
} from './saved-config.js';

/** A saved configuration with every field of every section set, none of them to its default. */
const SAVED = {
  app: { product: { id: 'terra' } },
  scene: {
    cameraSpot: 'Interior',
    viewMode: 'camera',
    currentEnvironment: '/Game/Environments/desert-pcg',
    compositionGuide: 'RuleOfThird',
    compositionGuideOpacity: 0.7,
    compositionGuideVisiblity: false,
    timeOfDay: 'Sunset',
    sunDirection: 210,
    pcgOptions: { GrassDensity: 0.4, TreeDensity: 0.1 },
    backplateEnabled: true,
    backdropSettings: {
      intensity: 3,
      size: 120,
      rotation: 45,
      groundSize: 300,
      resolution: 512,
      lightIntensity: 1.5,
      lightColor: 0xff8040,
    },
  },
  carConfig: {
    trim: 'Terra Wilderness',
    paint: 'rallye red',
    configureValues: { DOOR_FL: 50, DOOR_RR: 20 },
    lights: { HeadLamps1: { on: true, intensity: 4 }, DRLs: { on: false, intensity: 1 } },
    switchToPathTraceOnIdle: true,
  },
  camera: {
    focalLength: 35,
    aperture: 4,
    focusMethod: 'Manual',
    focusDistance: 650,
    crane: { yaw: 30, pitch: -10, distance: 420 },
    rail: { x: 0.2, y: 0.6, z: 0.4, yaw: 15, pitch: 5 },
    bokeh: { Size: 5, Shape: 'Hexagon' },
  },
  postProcess: {
    params: {
      TemperatureTempOut: 0.2,
      TemperatureTintOut: -0.1,
      GlobalSaturationOut: 0.3,
      GlobalContrastOut: 0.1,
      GlobalGammaOut: -0.2,
      BloomIntensityOut: 0.5,
      ExposureCompensationOut: 1,
      VignetteIntensityOut: 0.4,
      GainOut: { X: 1, Y: 0.9, Z: 0.8, W: 1 },
      OffsetOut: 0.05,
    },
    selectedPreset: 'preset-1',
    presetBrowser: { category: 'Warm', search: 'sun', page: 2 },
    toneMapper: 'AgX',
  },
  backdropUpload: { selectedImageName: 'sky.hdr', previewUrl: '/api/upload-file/a/sky.png', imageId: 'a' },
  backplateUpload: { selectedImageName: 'road.jpg', previewUrl: '/api/upload-file/b/road.jpg', imageId: 'b' },
  imageUpload: { imageId: 'c', previewUrl: '/api/upload-file/c/guide.png' },
  customEnvironmentalLights: [
    {
      ID: 3,
      LightType: 'spot',
      LightColor: { R: 255, G: 200, B: 150, A: 255 },
      Intensity: 12,
      AttenuationRadius: 900,
      InnerAngle: 20,
      OutterAngle: 40,
      Yaw: 90,
      Pitch: -30,
      Radius: 400,
      X: 10,
      Y: 20,
      Z: 30,
    },
  ],
} satisfies SavedConfigSettings;

/** What a saved configuration holds that the engine does not: it comes from the studio on save. */
function studioPart(saved: SavedConfigSettings): StudioExtras {
  return {
    app: saved.app,
    scene: { viewMode: saved.scene?.viewMode, compositionGuideVisiblity: saved.scene?.compositionGuideVisiblity },
    carConfig: { switchToPathTraceOnIdle: saved.carConfig?.switchToPathTraceOnIdle },
    postProcess: {
      selectedPreset: saved.postProcess?.selectedPreset,
      presetBrowser: saved.postProcess?.presetBrowser,
      toneMapper: saved.postProcess?.toneMapper,
    },
    backdropUpload: saved.backdropUpload,
    backplateUpload: saved.backplateUpload,
    imageUpload: saved.imageUpload,
  };
}

describe('the saved configuration', () => {
  it('has every field of the schema in the test fixture, so that none escapes the round trips below', () => {
    const shape = savedConfigSettingsSchema.shape;
    expect(Object.keys(SAVED).sort()).toEqual(Object.keys(shape).sort());
    for (const name of ['scene', 'carConfig', 'camera', 'postProcess'] as const) {
      const sectionShape = (shape[name].unwrap() as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(SAVED[name]).sort()).toEqual(Object.keys(sectionShape).sort());
    }
    expect(savedConfigSettingsSchema.parse(SAVED)).toEqual(SAVED);
  });

  it('survives save → load → engine settings → save, field for field', () => {
    const engine = toEngineConfig(SAVED);
    expect(fromEngineConfig(engine, studioPart(SAVED))).toEqual(SAVED);
  });

  it('gives the engine a configuration its Update New Config accepts, in the engine’s names', () => {
    const engine = engineConfigSettingsSchema.parse(toEngineConfig(SAVED));
    expect(engine).toMatchObject({
      Trim: 'Terra Wilderness',
      Paint: 'rallye red',
      Lights: { HeadLamps1: { OnOff: true, Intensity: 4 } },
      ConfigureValues: { DOOR_FL: 50 },
      Camera: {
        Position: 'Interior',
        Crane: { Yaw: 30, Pitch: -10, ArmLength: 420 },
        Interior: { X: 0.2 },
        FocusSettings: { FocusMethod: 'Manual', ManualFocusDistance: 650 },
        CompositionGuide: 'RuleOfThird',
        CompositionOpacity: 0.7,
      },
      Environment: {
        Path: '/Game/Environments/desert-pcg',
        TimeOfDay: 'Sunset',
        SunAzimuth: 210,
        Backplate: true,
        Hdr: { Yaw: 45, LightColor: { R: 255, G: 128, B: 64 } },
      },
      PostProcess: { Bloom_Intensity: 0.5, Gain: { X: 1, Y: 0.9, Z: 0.8, W: 1 }, Offset: 0.05 },
    });
  });

  it('turns what the engine shows into a saved configuration and back without losing anything', () => {
    const shown: EngineConfigSettings = {
      ...ENGINE_CONFIG_DEFAULTS,
      Trim: 'Terra Limited',
      Paint: 'glacier white',
      Lights: { HeadLamps1: { OnOff: false, Intensity: 2 }, SignatureLEDs: { OnOff: true, Intensity: 1 } },
      ConfigureValues: { DOOR_FL: 0, DOOR_FR: 10, DOOR_RL: 0, DOOR_RR: 0 },
      Environment: { ...ENGINE_CONFIG_DEFAULTS.Environment, Path: 'studio', PCG: {} },
      CustomLights: SAVED.customEnvironmentalLights,
    };
    expect(toEngineConfig(fromEngineConfig(shown))).toEqual(shown);
  });

  it('leaves a field it does not hold to the engine, and maps one it holds alone', () => {
    expect(toEngineConfig({ scene: { timeOfDay: 'Night' } })).toEqual({ Environment: { TimeOfDay: 'Night' } });
    expect(toEngineConfig({})).toEqual({});
    expect(fromEngineConfig({ Paint: 'cobalt blue' })).toEqual({ carConfig: { paint: 'cobalt blue' } });
  });

  it('keeps what a newer client saved and it does not know, and refuses a value of the wrong kind', () => {
    const newer = { scene: { timeOfDay: 'Noon', weather: 'rain' }, futureSection: { a: 1 } };
    expect(savedConfigSettingsSchema.parse(newer)).toEqual(newer);
    expect(savedConfigSettingsSchema.safeParse({ scene: { sunDirection: 'west' } }).success).toBe(false);
    expect(
      savedConfigSettingsSchema.safeParse({ scene: { backdropSettings: { lightColor: 0x1000000 } } }).success,
    ).toBe(false);
  });
});
