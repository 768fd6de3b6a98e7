import { PNG } from 'pngjs';

/** A decoded still, with the few measures the pixel tests need. */
export class Pixels {
  private constructor(
    readonly width: number,
    readonly height: number,
    readonly data: Buffer,
  ) {}

  static fromPng(bytes: Buffer): Pixels {
    const png = PNG.sync.read(bytes);
    return new Pixels(png.width, png.height, png.data);
  }

  private *pixels(region: Region = FULL): Generator<[number, number, number, number]> {
    const x0 = Math.floor(region.x0 * this.width);
    const x1 = Math.ceil(region.x1 * this.width);
    const y0 = Math.floor(region.y0 * this.height);
    const y1 = Math.ceil(region.y1 * this.height);
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        const i = (y * this.width + x) * 4;
        yield [this.data[i] ?? 0, this.data[i + 1] ?? 0, this.data[i + 2] ?? 0, this.data[i + 3] ?? 0];
      }
    }
  }

  /** Share of pixels (0..1) where a colour channel differs by more than `by` from a picture of the same size. */
  changed(other: Pixels, by = 40): number {
    if (other.width !== this.width || other.height !== this.height) throw new Error('the pictures differ in size');
    let count = 0;
    for (let i = 0; i < this.data.length; i += 4) {
      for (let c = 0; c < 3; c += 1) {
        if (Math.abs((this.data[i + c] ?? 0) - (other.data[i + c] ?? 0)) > by) {
          count += 1;
          break;
        }
      }
    }
    return count / (this.width * this.height);
  }

  /** Share of pixels (0..1) in the region that the test deems to match. */
  share(test: (r: number, g: number, b: number, a: number) => boolean, region: Region = FULL): number {
    let count = 0;
    let matched = 0;
    for (const [r, g, b, a] of this.pixels(region)) {
      count += 1;
      if (test(r, g, b, a)) matched += 1;
    }
    return count === 0 ? 0 : matched / count;
  }

  /** Share of opaque pixels: the car's silhouette on a transparent background. */
  coverage(region: Region = FULL): number {
    return this.share((_r, _g, _b, a) => a > 128, region);
  }

  /** Mean luminance 0..255 in the region. */
  luminance(region: Region = FULL): number {
    let count = 0;
    let sum = 0;
    for (const [r, g, b] of this.pixels(region)) {
      count += 1;
      sum += 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }
    return count === 0 ? 0 : sum / count;
  }

  /** Mean luminance step (0..255) between horizontal neighbours: the picture's grain, or a path tracer's noise. */
  grain(region: Region = FULL): number {
    const x0 = Math.floor(region.x0 * this.width);
    const x1 = Math.ceil(region.x1 * this.width);
    const y0 = Math.floor(region.y0 * this.height);
    const y1 = Math.ceil(region.y1 * this.height);
    const luminance = (x: number, y: number) => {
      const i = (y * this.width + x) * 4;
      return 0.2126 * (this.data[i] ?? 0) + 0.7152 * (this.data[i + 1] ?? 0) + 0.0722 * (this.data[i + 2] ?? 0);
    };
    let count = 0;
    let sum = 0;
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1 - 1; x += 1) {
        sum += Math.abs(luminance(x + 1, y) - luminance(x, y));
        count += 1;
      }
    }
    return count === 0 ? 0 : sum / count;
  }

  /** Mean colour in the region. */
  mean(region: Region = FULL): { r: number; g: number; b: number } {
    let count = 0;
    const sum = { r: 0, g: 0, b: 0 };
    for (const [r, g, b] of this.pixels(region)) {
      count += 1;
      sum.r += r;
      sum.g += g;
      sum.b += b;
    }
    return { r: sum.r / count, g: sum.g / count, b: sum.b / count };
  }

  /** Median of each colour channel in the region: a surface's colour, unmoved by a few pixels of seam or glint. */
  median(region: Region = FULL): { r: number; g: number; b: number } {
    const channels: [number[], number[], number[]] = [[], [], []];
    for (const [r, g, b] of this.pixels(region)) {
      channels[0].push(r);
      channels[1].push(g);
      channels[2].push(b);
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1] ?? 0;
    return { r: median(channels[0]), g: median(channels[1]), b: median(channels[2]) };
  }
}

/** A region in fractions of the image: x0..x1 left to right, y0..y1 top to bottom. */
export interface Region {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export const FULL: Region = { x0: 0, x1: 1, y0: 0, y1: 1 };
export const LEFT_HALF: Region = { x0: 0, x1: 0.5, y0: 0, y1: 1 };
export const RIGHT_HALF: Region = { x0: 0.5, x1: 1, y0: 0, y1: 1 };
/** The built-in car's front door seen side on (crane yaw 90°, pitch 0°, arm 500), clear of handle, seams and arch. */
export const SIDE_ON_DOOR: Region = { x0: 0.53, x1: 0.62, y0: 0.49, y1: 0.55 };

/** Width and height from a JPEG's frame header (SOF0–SOF15, not DHT/JPG/DAC), or null if it has none. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}
