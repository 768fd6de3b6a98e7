import { describe, expect, it } from 'vitest';
import type { SavedConfigSettings } from '@autostudio/protocol';
import { canonicalJson, configStillHash } from './config-still-hash.js';

const SETTINGS: SavedConfigSettings = {
  app: { product: { id: 'terra' } },
  scene: { cameraSpot: 'Exterior', viewMode: 'camera', timeOfDay: 'Default', sunDirection: 130 },
  carConfig: { trim: 'Terra Limited', paint: 'glacier white', configureValues: { Doors: 0, Spoiler: 1 } },
  camera: { focalLength: 45, crane: { yaw: 30, pitch: 10, distance: 600 } },
  backdropUpload: { selectedImageName: 'sky.hdr', previewUrl: null, imageId: 'upload-1' },
};

/** The same settings, every object's keys in the reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .reverse()
      .map(([key, inner]) => [key, reversed(inner)]),
  );
}

describe('the hash of a configuration still', () => {
  it('is the same for the same settings in another key order', () => {
    const other = reversed(SETTINGS) as SavedConfigSettings;
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(SETTINGS));
    expect(configStillHash(other)).toBe(configStillHash(SETTINGS));
    expect(configStillHash(SETTINGS)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the paint, the camera view, the car and the images', () => {
    const hash = configStillHash(SETTINGS);
    const changed: SavedConfigSettings[] = [
      { ...SETTINGS, carConfig: { ...SETTINGS.carConfig, paint: 'cobalt blue' } },
      { ...SETTINGS, camera: { ...SETTINGS.camera, crane: { yaw: 31, pitch: 10, distance: 600 } } },
      { ...SETTINGS, scene: { ...SETTINGS.scene, cameraSpot: 'Interior' } },
      { ...SETTINGS, app: { product: { id: 'another-car' } } },
      { ...SETTINGS, backdropUpload: { selectedImageName: 'sky.hdr', previewUrl: null, imageId: 'upload-2' } },
    ];
    const hashes = changed.map(configStillHash);
    for (const other of hashes) expect(other).not.toBe(hash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('ignores what the render engine never gets', () => {
    // The studio's view mode and an upload's file name are the studio's: the picture is the same.
    const studioOnly: SavedConfigSettings = {
      ...SETTINGS,
      scene: { ...SETTINGS.scene, viewMode: 'editor' },
      backdropUpload: { selectedImageName: 'renamed.hdr', previewUrl: '/api/media/x', imageId: 'upload-1' },
    };
    expect(configStillHash(studioOnly)).toBe(configStillHash(SETTINGS));
  });

  it('writes canonical JSON: sorted keys at every depth, arrays in order, undefined left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"e":2,"f":1}]},"b":1}',
    );
  });
});
