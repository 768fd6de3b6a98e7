import type { SceneState } from '../../contract/scene-state.js';

/** Aperture blades of the bladed bokeh shapes; every other shape is a round aperture. */
const BLADES: Record<string, number> = { Hexagon: 6, Octagon: 8 };

/**
 * The camera's aperture, as the raster samples and the path tracer both take it: one formula, so that a still's
 * depth of field looks the same whichever renderer draws it.
 */
export interface Lens {
  /** Aperture radius in metres; 0 when focus is disabled (a pinhole: everything sharp). */
  radius: number;
  /** Aperture blades (0: round). */
  blades: number;
}

/** Aperture radius in metres for an f-number at a focal length (mm). */
export function apertureRadius(focalLengthMm: number, fNumber: number): number {
  return focalLengthMm / 1000 / fNumber / 2;
}

export function lensOf(camera: SceneState['camera']): Lens {
  // Bokeh size scales the aperture (3, the default, is the f-number's own); the shape is the aperture's.
  const radius =
    camera.focus.method === 'Disable'
      ? 0
      : apertureRadius(camera.focalLength, camera.aperture) * (camera.bokeh.size / 3);
  return { radius, blades: BLADES[camera.bokeh.shape] ?? 0 };
}

/** A pseudo-random sequence with good coverage (R2), so a few samples already spread over pixel and lens. */
function r2(index: number): [number, number] {
  const g = 1.324717957244746;
  return [(0.5 + index / g) % 1, (0.5 + index / (g * g)) % 1];
}

/**
 * Where raster sample `index` looks: a sub-pixel offset (-0.5..0.5 of a pixel) for anti-aliasing and a point on the
 * aperture (metres from its centre) for depth of field, from two independent stretches of the sequence.
 */
export function jitterSample(lens: Lens, index: number): { pixel: { x: number; y: number }; aperture: Point } {
  const [a, b] = r2(index);
  const [c, d] = r2(index + 7919);
  return { pixel: { x: a - 0.5, y: b - 0.5 }, aperture: aperturePoint(lens, c, d) };
}

interface Point {
  x: number;
  y: number;
}

/**
 * A uniformly spread point on the aperture for two uniform numbers: a disk, or a regular polygon for bladed
 * shapes (a triangle of the polygon is picked, then a point in it), so out-of-focus highlights take that shape.
 */
function aperturePoint(lens: Lens, u: number, v: number): Point {
  const { radius, blades } = lens;
  if (radius === 0) return { x: 0, y: 0 };
  if (!blades) {
    const r = Math.sqrt(u) * radius;
    return { x: Math.cos(v * Math.PI * 2) * r, y: Math.sin(v * Math.PI * 2) * r };
  }
  const sector = Math.min(blades - 1, Math.floor(v * blades));
  const t = v * blades - sector;
  const a0 = (sector / blades) * Math.PI * 2;
  const a1 = ((sector + 1) / blades) * Math.PI * 2;
  const r = Math.sqrt(u) * radius;
  // Along the sector's outer edge by t, scaled towards the centre by sqrt(u): uniform over the triangle.
  return {
    x: r * ((1 - t) * Math.cos(a0) + t * Math.cos(a1)),
    y: r * ((1 - t) * Math.sin(a0) + t * Math.sin(a1)),
  };
}
