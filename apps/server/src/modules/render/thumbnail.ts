import sharp from 'sharp';

/**
 * A small JPEG of a rendered image, `width` wide with the image's aspect (or `width` × `height`), for galleries, model
 * cards and configuration stills. Made in
 * process by libvips from the bytes the engine handed over: a 1080p still's thumbnail takes milliseconds, where
 * starting ffmpeg on the written file took a few hundred (measured in bench/render-bench.mjs). Transparent pixels
 * (a Car Only cut-out) become black, as a JPEG has no alpha.
 */
export async function makeThumbnail(image: Buffer, width: number, height?: number): Promise<Buffer> {
  // With a height, exactly that size, cropped to fill: a still of a fixed format whatever size an engine wrote.
  const size = height === undefined ? { width } : { width, height, fit: 'cover' as const };
  return sharp(image).resize(size).flatten({ background: '#000000' }).jpeg({ quality: 85 }).toBuffer();
}
