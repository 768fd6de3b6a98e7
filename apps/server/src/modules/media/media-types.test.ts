import { describe, expect, it } from 'vitest';
import { mediaTypeOf } from './media-types.js';

describe('media types by extension', () => {
  it.each([
    ['a/b.png', 'image/png'],
    ['a/b.JPG', 'image/jpeg'],
    ['a/b.jpeg', 'image/jpeg'],
    ['a/b.webp', 'image/webp'],
    ['a/b.gif', 'image/gif'],
    ['hdri/studio.hdr', 'image/vnd.radiance'],
    ['hdri/studio.exr', 'image/x-exr'],
    ['models/car.glb', 'model/gltf-binary'],
    ['models/car.gltf', 'model/gltf+json'],
    ['renders/passes.zip', 'application/zip'],
    ['renders/spin.mp4', 'video/mp4'],
    ['renders/spin.mov', 'video/quicktime'],
    ['renders/spin.avi', 'video/x-msvideo'],
    ['configs/look.json', 'application/json'],
    ['uploads/page.html', 'application/octet-stream'],
    ['uploads/logo.svg', 'application/octet-stream'],
    ['uploads/png', 'application/octet-stream'],
    ['uploads/.png', 'application/octet-stream'],
  ])('%s is %s', (key, type) => {
    expect(mediaTypeOf(key)).toBe(type);
  });
});
