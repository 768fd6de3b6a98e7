import sharp from 'sharp';

/**
 * A small JPEG of a rendered image, `width` wide with the image's aspect, for galleries and model cards. Made in
 * process by libvips from the bytes the engine handed over: a 1080p still's thumbnail takes milliseconds, where
 * starting ffmpeg on the written file took a few hundred (measured in bench/render-bench.mjs). Transparent pixels
 * (a Car Only cut-out) become black, as a JPEG has no alpha.
 */
export async function makeThumbnail(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize({ width }).flatten({ background: '#000000' }).jpeg({ quality: 85 }).toBuffer();
}
