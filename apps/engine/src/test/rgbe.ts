/**
 * A Radiance RGBE (.hdr) image, flat (not run-length encoded, which every reader accepts), of `width` × `height`
 * linear radiance values: the HDR file the tests upload and the look documentation converts captures to.
 * `radiance(x, y)` answers the pixel's [r, g, b], row 0 at the top.
 */
export function rgbeImage(
  width: number,
  height: number,
  radiance: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const header = Buffer.from(`#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y ${height} +X ${width}\n`, 'ascii');
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const rgb = radiance(x, y);
      const peak = Math.max(...rgb);
      // Black stays all zeros: an exponent byte of 0 means no light.
      if (!(peak > 1e-32)) continue;
      const exponent = Math.ceil(Math.log2(peak) + 1e-9);
      const target = (y * width + x) * 4;
      rgb.forEach((value, channel) => {
        pixels[target + channel] = Math.min(255, Math.round((Math.max(0, value) / 2 ** exponent) * 256));
      });
      pixels[target + 3] = exponent + 128;
    }
  }
  return Buffer.concat([header, pixels]);
}
