import sharp from 'sharp';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { makeThumbnail } from './thumbnail.js';

/** A PNG whose left half is transparent and right half opaque red, as a Car Only cut-out has clear corners. */
function cutOut(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const opaque = x >= width / 2;
      png.data[i] = opaque ? 220 : 255;
      png.data[i + 1] = opaque ? 30 : 255;
      png.data[i + 2] = opaque ? 30 : 255;
      png.data[i + 3] = opaque ? 255 : 0;
    }
  return PNG.sync.write(png);
}

describe('render thumbnails', () => {
  it('makes a JPEG of the given width that keeps the image’s aspect', async () => {
    const thumbnail = await makeThumbnail(cutOut(1920, 1080), 480);
    expect(thumbnail.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 270 });
  });

  it('makes a JPEG of exactly the given size when a height is given, whatever the image’s aspect', async () => {
    const still = await makeThumbnail(cutOut(100, 100), 1280, 720);
    expect(await sharp(still).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
  });

  it('shows transparent pixels as black and keeps the opaque ones', async () => {
    const { data, info } = await sharp(await makeThumbnail(cutOut(640, 360), 160))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    for (const channel of at(10, 45)) expect(channel).toBeLessThan(16);
    const [red, green] = at(150, 45);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(70);
  });

  it('makes a thumbnail of a video frame (a JPEG) as of a still', async () => {
    const frame = await sharp(cutOut(1280, 720)).flatten().jpeg().toBuffer();
    expect(await sharp(await makeThumbnail(frame, 480)).metadata()).toMatchObject({ width: 480, height: 270 });
  });

  it('refuses bytes that are no image', async () => {
    await expect(makeThumbnail(Buffer.from('not an image'), 480)).rejects.toThrow();
  });
});
