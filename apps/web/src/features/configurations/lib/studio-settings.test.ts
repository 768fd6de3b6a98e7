import { toEngineConfig, type AssetModel } from '@autostudio/protocol';
import { describe, expect, it } from 'vitest';
import { fillSettings } from '@/lib/engine/read-engine';
import { savedSettingsOf } from './studio-settings';

const settings = fillSettings({
  Trim: 'Terra Limited',
  Paint: 'rallye red',
  ConfigureValues: { DOOR_FL: 30 },
  Environment: { Path: 'studio', TimeOfDay: 'Night', Backplate: true },
});
const engine = {
  settings,
  view: { viewMode: 'camera' as const, compositionGuideVisible: false, selectedLightId: 2 },
  pathTraceOnIdle: true,
  toneMapper: 'AgX' as const,
  images: {
    backplate: { imageId: 'b', previewUrl: '/api/upload-file/b/road.jpg', selectedImageName: 'road.jpg' },
    guide: { imageId: 'g', previewUrl: '/api/upload-file/g/grid.png', selectedImageName: 'grid.png' },
  },
};
const product = { id: 'terra', name: 'Terra' } as AssetModel;

describe('savedSettingsOf', () => {
  it('saves the engine’s whole configuration: loading it gives the engine the same settings back', () => {
    expect(toEngineConfig(savedSettingsOf(engine, product))).toEqual(settings);
  });

  it('saves what only the studio knows: the car, the view, idle path tracing and the images the engine was given', () => {
    expect(savedSettingsOf(engine, product)).toMatchObject({
      app: { product: { id: 'terra', name: 'Terra' } },
      scene: { viewMode: 'camera', compositionGuideVisiblity: false, currentEnvironment: 'studio', timeOfDay: 'Night' },
      carConfig: { switchToPathTraceOnIdle: true, paint: 'rallye red', configureValues: { DOOR_FL: 30 } },
      backdropUpload: null,
      backplateUpload: { imageId: 'b', previewUrl: '/api/upload-file/b/road.jpg', selectedImageName: 'road.jpg' },
      imageUpload: { imageId: 'g', previewUrl: '/api/upload-file/g/grid.png' },
      postProcess: { toneMapper: 'AgX' },
    });
  });

  it('saves no tone mapper for an engine that has none', () => {
    expect(savedSettingsOf({ ...engine, toneMapper: null }, product).postProcess?.toneMapper).toBeUndefined();
  });

  it('refuses to save before the engine has been read', () => {
    expect(() => savedSettingsOf({ ...engine, settings: null }, product)).toThrow('has not been read');
  });
});
