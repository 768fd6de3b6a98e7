import { Readable } from 'node:stream';
import { RENDER_THUMBNAIL_KIND } from '@autostudio/protocol';
import sharp from 'sharp';
import type { RenderContext, StoredRenderOutput } from './render-runner.js';

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

/** Stores a render's thumbnail (made already) as the output the gallery's card shows: `<stem>-thumbnail.jpg`. */
export function writeThumbnail(
  context: Pick<RenderContext, 'writeOutput'>,
  thumbnail: Buffer,
  stem: string,
): Promise<StoredRenderOutput> {
  return context.writeOutput({
    name: `${stem}-thumbnail.jpg`,
    kind: RENDER_THUMBNAIL_KIND,
    contentType: 'image/jpeg',
    body: Readable.from([thumbnail]),
  });
}
