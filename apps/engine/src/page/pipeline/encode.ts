import type { StillOptions } from '../../contract/render-contract.js';

/** Flips the GL rows (bottom-up) of read-back RGBA pixels and encodes PNG or JPEG, as base64. */
export async function encode(pixels: Uint8Array, options: StillOptions): Promise<string> {
  const { width, height } = options;
  const flipped = new Uint8ClampedArray(pixels.length);
  const row = width * 4;
  for (let y = 0; y < height; y += 1) flipped.set(pixels.subarray((height - 1 - y) * row, (height - y) * row), y * row);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context for encoding');
  context.putImageData(new ImageData(flipped, width, height), 0, 0);
  const blob = await canvas.convertToBlob({
    type: options.format === 'jpg' ? 'image/jpeg' : 'image/png',
    quality: options.quality ?? 0.92,
  });
  return toBase64(new Uint8Array(await blob.arrayBuffer()));
}

/** Base64 of bytes, in chunks: spreading a whole image into one call would overflow the argument limit. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
