import * as THREE from 'three';

const { clamp, lerp, smoothstep } = THREE.MathUtils;

/*
 * The body is one lofted surface: cross-sections along Z, each the same ring of points (rows) around the car. Every
 * other part (doors, lamps, glass, arches, wheels, interior) is placed from the numbers below, so they stay in step
 * when the shape is tuned.
 */

export const HALF_WIDTH = 0.95;
export const AXLE_Z = { front: 1.45, rear: -1.4 } as const;
/** Arch circle in body coordinates: wheels of every trim fit under it with a few centimetres to spare. */
export const ARCH = { radius: 0.45, centreY: 0.36 } as const;
export const WINDSHIELD = { base: 1.0, top: 0.1 } as const;
export const HATCH = { top: -1.8, bottom: -2.27 } as const;
/** The ends are rounded in plan view by a superellipse from `start` to `end`. */
export const FRONT_END = { start: 1.9, end: 2.36 } as const;
export const REAR_END = { start: -1.96, end: -2.34 } as const;
/** Door shut lines; the 1 cm between neighbours is a dark seam so the doors read as separate panels. */
export const DOOR_Z = { frontHinge: 0.98, frontRear: 0.0, rearHinge: -0.012, rearRear: -0.95 } as const;
export const ROOF = { front: 1.665, rear: 1.64 } as const;

/** Row indices of the half ring, bottom centre (0) to roof centre (16). */
export const ROW = {
  bottom: 0,
  sill: 3,
  rocker: 4,
  lampLow: 6,
  lampStrip: 7,
  shoulder: 8,
  belt: 10,
  windowTop: 11,
  roofEdge: 13,
  top: 16,
} as const;
export const HALF_ROWS = 17;
/** The ring runs up the +X side and back down the −X side, closed: 2 × 17 − 2 points. */
export const RING = 2 * HALF_ROWS - 2;

type Knots = readonly (readonly [number, number])[];

/**
 * A monotone cubic through the knots (Fritsch–Carlson): smooth where straight segments would leave a kink in the
 * body's lines, which the paint's reflections show as a crease; monotone, so no bulge overshoots a knot.
 */
function monotoneCurve(knots: Knots, x: number): number {
  const first = knots[0];
  const last = knots[knots.length - 1];
  if (!first || !last) return 0;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  const k = knots.findIndex((knot) => x < knot[0]) - 1;
  const slope = (i: number): number => {
    const a = knots[i];
    const b = knots[i + 1];
    return a && b ? (b[1] - a[1]) / (b[0] - a[0]) : 0;
  };
  const tangent = (i: number): number => {
    if (i === 0) return slope(0);
    if (i === knots.length - 1) return slope(i - 1);
    const before = slope(i - 1);
    const after = slope(i);
    return before * after <= 0 ? 0 : (2 * before * after) / (before + after);
  };
  const [x0, y0] = knots[k] as readonly [number, number];
  const [x1, y1] = knots[k + 1] as readonly [number, number];
  const h = x1 - x0;
  const t = (x - x0) / h;
  const t2 = t * t;
  const t3 = t2 * t;
  return (
    (2 * t3 - 3 * t2 + 1) * y0 +
    (t3 - 2 * t2 + t) * h * tangent(k) +
    (-2 * t3 + 3 * t2) * y1 +
    (t3 - t2) * h * tangent(k + 1)
  );
}

function smoothMin(a: number, b: number, k: number): number {
  const h = clamp(0.5 + (0.5 * (b - a)) / k, 0, 1);
  return lerp(b, a, h) - k * h * (1 - h);
}

const baseY = (z: number): number =>
  monotoneCurve(
    [
      [-2.34, 0.42],
      [-2.0, 0.33],
      [-1.0, 0.27],
      [1.0, 0.27],
      [2.0, 0.32],
      [2.36, 0.38],
    ],
    z,
  );

export const shoulderY = (z: number): number =>
  monotoneCurve(
    [
      [-2.34, 1.07],
      [-2.0, 1.07],
      [-1.4, 1.045],
      [0.8, 1.0],
      [1.8, 0.965],
      [2.36, 0.96],
    ],
    z,
  );

export const beltY = (z: number): number =>
  monotoneCurve(
    [
      [-2.34, 1.16],
      [-1.6, 1.16],
      [0.0, 1.12],
      [1.0, 1.1],
      [2.0, 1.04],
      [2.36, 1.02],
    ],
    z,
  );

/** Roof line in side view; at or below the belt where there is no greenhouse (bonnet, tailgate). */
export function roofY(z: number): number {
  if (z >= WINDSHIELD.base) return beltY(z);
  if (z > WINDSHIELD.top) {
    const s = (WINDSHIELD.base - z) / (WINDSHIELD.base - WINDSHIELD.top);
    return lerp(beltY(WINDSHIELD.base), ROOF.front, smoothMin(s * 1.15, 1, 0.3));
  }
  if (z > HATCH.top) {
    const t = (WINDSHIELD.top - z) / (WINDSHIELD.top - HATCH.top);
    return lerp(ROOF.front, ROOF.rear, t) + 0.008 * Math.sin(Math.PI * t);
  }
  if (z > HATCH.bottom) {
    const s = (z - HATCH.bottom) / (HATCH.top - HATCH.bottom);
    return lerp(beltY(HATCH.bottom), ROOF.rear, smoothMin(s * 1.12, 1, 0.25));
  }
  return beltY(z);
}

export function archTop(z: number): number {
  let top = -Infinity;
  for (const axle of [AXLE_Z.front, AXLE_Z.rear]) {
    const d = Math.abs(z - axle);
    if (d < ARCH.radius) top = Math.max(top, ARCH.centreY + Math.sqrt(ARCH.radius ** 2 - d ** 2));
  }
  return top;
}

/** Width factor of the flanks: slight tumble-under below the shoulder, rounding in above it to the belt. */
function sideFactor(y: number, yS: number, yBelt: number): number {
  if (y <= yS) {
    const t = clamp((yS - y) / (yS - 0.25), 0, 1);
    return 1 - 0.04 * t * t;
  }
  const t = clamp((y - yS) / (yBelt - yS), 0, 1);
  return 1 - 0.06 * t * t;
}

/** Weight of the nose/tail rake, 0 along the flanks and 1 across the face of the bumper. */
function endWeight(z: number): { front: number; rear: number } {
  const front = z > FRONT_END.start ? (z - FRONT_END.start) / (FRONT_END.end - FRONT_END.start) : 0;
  const rear = z < REAR_END.start ? (REAR_END.start - z) / (REAR_END.start - REAR_END.end) : 0;
  return { front: smoothstep(front, 0.2, 0.95), rear: smoothstep(rear, 0.2, 0.95) };
}

/** Rake of the front (upper part set back, chin tucked for the approach angle) and of the tailgate. */
export function endOffset(z: number, y: number): number {
  const w = endWeight(z);
  const front = -0.13 * smoothstep(y, 0.55, 1.0) - 0.07 * (1 - smoothstep(y, 0.38, 0.55));
  const rear = 0.04 * smoothstep(y, 0.6, 1.15) + 0.05 * (1 - smoothstep(y, 0.42, 0.6));
  return w.front * front + w.rear * rear;
}

/** The half ring of one section as (x, y) for the +X side; `widthFactor` shrinks it towards the rounded ends. */
export function sectionRows(z: number, widthFactor: number): THREE.Vector2[] {
  const hw = HALF_WIDTH * widthFactor * (1 - 0.012 * (z / 2.2) ** 2);
  const base = baseY(z);
  const yb = Math.max(base, archTop(z));
  const k = 1 - 0.92 * clamp((yb - base) / 0.08, 0, 1);
  const yS = shoulderY(z);
  const yBelt = beltY(z);
  const g = (y: number): number => sideFactor(y, yS, yBelt) * hw;
  const y4 = yb + 0.12 * k + 0.004;
  const y6 = Math.max(yS - 0.12, y4 + 0.01);
  const y5 = (y4 + y6) / 2;
  const y7 = Math.max(yS - 0.03, y6 + 0.005);
  const y9 = (yS + yBelt) / 2;
  const h = Math.max(0, roofY(z) - yBelt);
  const glasshouse = smoothstep(h, 0, 0.3);
  const kTop = lerp(0.9, 0.775, glasshouse);
  const crown = 0.03 + 0.008 * glasshouse;
  const xBelt = g(yBelt);
  const xGlassTop = (kTop + 0.035) * hw;
  const yRoof = yBelt + h;
  return [
    new THREE.Vector2(0, yb),
    new THREE.Vector2(0.6 * hw, yb),
    new THREE.Vector2(0.88 * hw, yb),
    new THREE.Vector2(0.965 * hw, yb + 0.035 * k),
    new THREE.Vector2(g(y4), y4),
    new THREE.Vector2(g(y5), y5),
    new THREE.Vector2(g(y6), y6),
    new THREE.Vector2(g(y7), y7),
    new THREE.Vector2(hw, yS),
    new THREE.Vector2(g(y9), y9),
    new THREE.Vector2(xBelt, yBelt),
    new THREE.Vector2(lerp(xBelt, xGlassTop, smoothstep(h, 0, 0.065)), yBelt + Math.max(0, h - 0.065)),
    new THREE.Vector2((kTop + 0.015) * hw, yBelt + Math.max(0, h - 0.02)),
    new THREE.Vector2((kTop - 0.02) * hw, yRoof + 0.25 * crown),
    new THREE.Vector2(0.65 * kTop * hw, yRoof + 0.72 * crown),
    new THREE.Vector2(0.33 * kTop * hw, yRoof + 0.93 * crown),
    new THREE.Vector2(0, yRoof + crown),
  ];
}

/** Z of the nose (or tail) at the centre line for a height y: where grille bars and plates sit. */
export const noseZ = (y: number): number => FRONT_END.end + endOffset(FRONT_END.end, y);
export const tailZ = (y: number): number => REAR_END.end + endOffset(REAR_END.end, y);

/** Z positions of the shut lines, window posts and arches: sections must fall exactly on them. */
const FEATURE_Z = [
  DOOR_Z.frontHinge + 0.01,
  DOOR_Z.frontHinge,
  0.86,
  0.06,
  DOOR_Z.frontRear,
  DOOR_Z.rearHinge,
  -0.07,
  -0.86,
  DOOR_Z.rearRear,
  DOOR_Z.rearRear - 0.01,
  -1.02,
  -1.6,
  WINDSHIELD.base,
  WINDSHIELD.base + 0.1,
  WINDSHIELD.top,
  HATCH.top,
  HATCH.bottom,
];

export interface Section {
  z: number;
  widthFactor: number;
}

export function sectionLayout(): Section[] {
  const ends = 28;
  const sections: Section[] = [];
  for (let k = 0; k < ends; k++) {
    const theta = (Math.PI / 2) * (1 - k / ends);
    sections.push({
      z: REAR_END.start - (REAR_END.start - REAR_END.end) * Math.sin(theta) ** (2 / 3.5),
      widthFactor: Math.max(Math.cos(theta), 0) ** (2 / 3.5),
    });
  }
  // Only the features along the middle: one in an end (the hatch glass's foot) would be a section out of order, a
  // fold in the surface that shows as black triangles at the corners.
  const features = FEATURE_Z.filter((z) => z >= REAR_END.start && z <= FRONT_END.start);
  const middle = new Set<number>(features);
  const near = (z: number): boolean => features.some((f) => Math.abs(f - z) < 0.012);
  for (let z = REAR_END.start; z <= FRONT_END.start + 1e-6;) {
    if (!near(z)) middle.add(z);
    const inArch = [AXLE_Z.front, AXLE_Z.rear].some((axle) => Math.abs(z - axle) < ARCH.radius + 0.03);
    z += inArch ? 0.022 : 0.045;
  }
  middle.add(FRONT_END.start);
  let last = -Infinity;
  for (const z of [...middle].sort((a, b) => a - b)) {
    if (z - last > 0.005) sections.push({ z, widthFactor: 1 });
    last = z;
  }
  for (let k = 1; k <= ends; k++) {
    const theta = (Math.PI / 2) * (k / ends);
    sections.push({
      z: FRONT_END.start + (FRONT_END.end - FRONT_END.start) * Math.sin(theta) ** (2 / 3),
      widthFactor: Math.max(Math.cos(theta), 0) ** (2 / 3),
    });
  }
  return sections;
}
