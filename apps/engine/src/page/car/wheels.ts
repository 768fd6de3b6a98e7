import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import type { TrimSpec } from '../../contract/car-catalogue.js';
import { PartCollector } from './parts.js';
import { AXLE_Z } from './profile.js';

export interface WheelSize {
  rimRadius: number;
  tyreRadius: number;
  width: number;
}

/** Tyre sizes of the three trims: 235/65 R17, 255/50 R20 and a chunky 265/65 R18 all-terrain. */
export function wheelSize(trim: TrimSpec): WheelSize {
  const rimRadius = (trim.wheel.diameterInches * 0.0254) / 2;
  switch (trim.wheel.style) {
    case 'steel':
      return { rimRadius, tyreRadius: 0.368, width: 0.235 };
    case 'multi-spoke':
      return { rimRadius, tyreRadius: 0.38, width: 0.255 };
    case 'off-road':
      return { rimRadius, tyreRadius: 0.392, width: 0.27 };
  }
}

/** Wheel centres sit at this |x|: the tyre's outer shoulder lines up with the flank. */
export const WHEEL_X = 0.8;

/**
 * How finely a tyre is drawn: the full one for stills and the settled picture; a drag's frames, where a tyre is a
 * dozen pixels high, draw a sixth of its triangles (car/drag-detail.ts).
 */
const TYRE_DETAIL = {
  full: { profileSteps: 22, segments: 64, tread: true },
  drag: { profileSteps: 8, segments: 24, tread: false },
} as const;

type TyreDetail = (typeof TYRE_DETAIL)[keyof typeof TYRE_DETAIL];

function addTyre(
  parts: PartCollector,
  offRoad: boolean,
  size: WheelSize,
  detail: TyreDetail,
  toAxleX: THREE.Matrix4,
): void {
  const { rimRadius: rr, tyreRadius: tr, width } = size;
  const half = width / 2;
  // Tyre: a lathe of a rounded-box section (boxier for the all-terrain), bead to bead.
  const profile: THREE.Vector2[] = [new THREE.Vector2(rr - 0.012, -half * 0.78)];
  // The all-terrain's blocks stand proud of a smaller carcass, so the tyre still touches the ground at tr.
  const carcass = offRoad ? tr - 0.012 : tr;
  const centre = rr + (carcass - rr) * 0.42;
  const radial = carcass - centre;
  const exponent = offRoad ? 4.5 : 3;
  for (let k = 0; k <= detail.profileSteps; k++) {
    const phi = Math.PI + (k / detail.profileSteps) * Math.PI;
    const c = Math.cos(phi);
    const s = Math.sin(phi);
    const a = Math.sign(c) * Math.abs(c) ** (2 / exponent) * half;
    const r = centre + Math.abs(s) ** (2 / exponent) * radial;
    profile.push(new THREE.Vector2(r, a));
  }
  profile.push(new THREE.Vector2(rr - 0.012, half * 0.78));
  parts.add('tyre', new THREE.LatheGeometry(profile, detail.segments), toAxleX);

  if (!offRoad && detail.tread) {
    // Rim protector: a raised rib round the outer sidewall, just above the bead, that catches a line of light.
    const r = rr + (centre - rr) * 0.55;
    const a = half * (0.78 + 0.22 * 0.55);
    parts.add(
      'tyre',
      new THREE.TorusGeometry(r, 0.006, 6, detail.segments),
      new THREE.Matrix4().makeTranslation(a, 0, 0).multiply(new THREE.Matrix4().makeRotationY(Math.PI / 2)),
    );
  }
  if (offRoad && detail.tread) {
    // All-terrain tread: staggered blocks proud of the tread, two rows.
    const block = new THREE.BoxGeometry(0.085, 0.022, 0.05);
    for (let k = 0; k < 36; k++) {
      const angle = (k / 36) * Math.PI * 2;
      for (const [x, shift] of [
        [-half * 0.45, 0],
        [half * 0.45, 0.5],
      ] as const) {
        const a = angle + (shift * Math.PI * 2) / 36;
        parts.place('tyre', block, [x, Math.cos(a) * (tr - 0.011), Math.sin(a) * (tr - 0.011)], [a, 0, 0]);
      }
    }
  }
}

/**
 * Builds one wheel in its own frame (axle along X, outer face towards +X) into `parts`; the four wheels are
 * copies of it, so they are merged per material across the car.
 */
function buildWheel(trim: TrimSpec, size: WheelSize): PartCollector {
  const parts = new PartCollector();
  const { rimRadius: rr, width } = size;
  const half = width / 2;
  const offRoad = trim.wheel.style === 'off-road';
  const toAxleX = new THREE.Matrix4().makeRotationZ(-Math.PI / 2);

  addTyre(parts, offRoad, size, TYRE_DETAIL.full, toAxleX);

  // Barrel, seen between the spokes, and the lip at the face.
  const face = half * 0.55;
  parts.add(
    'rimInner',
    new THREE.CylinderGeometry(rr - 0.01, rr - 0.01, width * 0.85, 40, 1, true),
    new THREE.Matrix4().makeTranslation(-0.02, 0, 0).multiply(toAxleX),
  );
  parts.add(
    'rim',
    new THREE.TorusGeometry(rr - 0.004, 0.011, 6, 48),
    new THREE.Matrix4().makeTranslation(face, 0, 0).multiply(new THREE.Matrix4().makeRotationY(Math.PI / 2)),
  );

  // Brake disc and caliper, inboard of the spokes.
  const discR = Math.min(rr - 0.045, 0.19);
  brakeDisc(parts, discR, -0.03, toAxleX);
  const calAngle = Math.PI * 0.8;
  parts.place(
    'caliper',
    new RoundedBoxGeometry(0.07, 0.15, 0.055, 2, 0.018),
    [-0.01, Math.sin(calAngle) * (discR - 0.035), Math.cos(calAngle) * (discR - 0.035)],
    [-calAngle, 0, 0],
  );

  switch (trim.wheel.style) {
    case 'steel':
      steelFace(parts, rr, face, toAxleX);
      break;
    case 'multi-spoke':
      spokes(parts, rr, face, 10, 0.022, 0.05, 0.045);
      break;
    case 'off-road':
      spokes(parts, rr, face, 6, 0.06, 0.085, 0.03);
      for (let k = 0; k < 16; k++) {
        const a = (k / 16) * Math.PI * 2;
        const r = rr - 0.02;
        parts.place(
          'rimInner',
          new THREE.CylinderGeometry(0.008, 0.008, 0.014, 6),
          [face + 0.012, Math.cos(a) * r, Math.sin(a) * r],
          [0, 0, Math.PI / 2],
        );
      }
      break;
  }
  // Hub with five nuts.
  parts.add(
    trim.wheel.style === 'steel' ? 'matte' : 'rim',
    new THREE.CylinderGeometry(0.05, 0.062, 0.04, 24),
    new THREE.Matrix4().makeTranslation(face + 0.02, 0, 0).multiply(toAxleX),
  );
  for (let k = 0; k < 5; k++) {
    const a = (k / 5) * Math.PI * 2;
    parts.place(
      'chrome',
      new THREE.CylinderGeometry(0.009, 0.009, 0.02, 6),
      [face + 0.035, Math.cos(a) * 0.04, Math.sin(a) * 0.04],
      [0, 0, Math.PI / 2],
    );
  }
  return parts;
}

/** Spokes as bevelled, tapering bars from hub to rim, dished: the hub ends stand further out. */
function spokes(
  parts: PartCollector,
  rr: number,
  face: number,
  count: number,
  hubW: number,
  rimW: number,
  dish: number,
): void {
  const shape = new THREE.Shape();
  const r0 = 0.06;
  const r1 = rr - 0.008;
  shape.moveTo(r0, -hubW / 2);
  shape.lineTo(r1, -rimW / 2);
  shape.lineTo(r1, rimW / 2);
  shape.lineTo(r0, hubW / 2);
  shape.closePath();
  const spoke = new THREE.ExtrudeGeometry(shape, {
    depth: 0.022,
    bevelEnabled: true,
    bevelThickness: 0.006,
    bevelSize: 0.005,
    bevelSegments: 2,
  });
  // Shape plane (radial, tangential) → wheel plane (Y, Z); extrusion → +X.
  spoke.applyMatrix4(new THREE.Matrix4().makeRotationY(-Math.PI / 2));
  spoke.applyMatrix4(new THREE.Matrix4().makeRotationX(Math.PI / 2));
  const position = spoke.getAttribute('position');
  for (let v = 0; v < position.count; v++) {
    const r = Math.hypot(position.getY(v), position.getZ(v));
    position.setX(v, position.getX(v) + face + 0.01 + dish * (1 - r / rr));
  }
  spoke.computeVertexNormals();
  for (let k = 0; k < count; k++) {
    const pair = count >= 10 ? (k % 2 === 0 ? -0.09 : 0.09) : 0;
    const angle = (Math.floor(count >= 10 ? k / 2 : k) * 2 * Math.PI) / (count >= 10 ? count / 2 : count) + pair;
    parts.add('rim', spoke, new THREE.Matrix4().makeRotationX(angle));
  }
}

/**
 * A ventilated brake disc as it shows through the spokes: two friction plates with the dark gap of their vanes
 * between them, round a hat that steps out towards the hub in the darker metal of the rim's inside.
 */
function brakeDisc(parts: PartCollector, radius: number, x: number, toAxleX: THREE.Matrix4): void {
  const hatRadius = radius * 0.56;
  const plate = 0.009;
  const gap = 0.008;
  // A flat ring between two radii, `thickness` along the axle (a lathe of its cross-section).
  const ring = (inner: number, outer: number, thickness: number) =>
    new THREE.LatheGeometry(
      [
        new THREE.Vector2(inner, -thickness / 2),
        new THREE.Vector2(outer, -thickness / 2),
        new THREE.Vector2(outer, thickness / 2),
        new THREE.Vector2(inner, thickness / 2),
        new THREE.Vector2(inner, -thickness / 2),
      ],
      40,
    );
  const at = (offset: number) => new THREE.Matrix4().makeTranslation(x + offset, 0, 0).multiply(toAxleX);
  for (const side of [-1, 1]) parts.add('disc', ring(hatRadius, radius, plate), at((side * (gap + plate)) / 2));
  parts.add('rimInner', new THREE.CylinderGeometry(radius - 0.004, radius - 0.004, gap, 40, 1, true), at(0));
  // The hat: a shallow cup from the inner plate out to the hub face.
  parts.add('rimInner', ring(hatRadius - 0.006, hatRadius, 0.045), at(0.018));
  parts.add('rimInner', new THREE.CylinderGeometry(hatRadius, hatRadius, 0.004, 40), at(0.04));
}

/** Pressed steel wheel: a dished disc with a ring of vent holes and a plain cap. */
function steelFace(parts: PartCollector, rr: number, face: number, toAxleX: THREE.Matrix4): void {
  const profile = [
    [0.0, 0.02],
    [0.085, 0.02],
    [0.1, 0.0],
    [0.13, -0.012],
    [0.155, -0.004],
    [0.175, -0.012],
    [rr - 0.03, -0.035],
    [rr - 0.005, -0.005],
    [rr + 0.004, 0.0],
  ].map(([r = 0, a = 0]) => new THREE.Vector2(r, face + a));
  const disc = new THREE.LatheGeometry(profile.reverse(), 48);
  parts.add('rim', disc, toAxleX);
  for (let k = 0; k < 8; k++) {
    const a = (k / 8) * Math.PI * 2;
    const r = 0.145;
    parts.place(
      'matte',
      new THREE.CylinderGeometry(0.022, 0.022, 0.012, 12),
      [face - 0.006, Math.cos(a) * r, Math.sin(a) * r],
      [a, 0, Math.PI / 2],
      [1, 1, 1.6],
    );
  }
}

/** The four wheels, merged per material, resting on y = 0. */
export function buildWheels(trim: TrimSpec): { parts: PartCollector; size: WheelSize } {
  const size = wheelSize(trim);
  return { parts: atFourCorners(buildWheel(trim, size), size), size };
}

/**
 * The four wheels as a drag's frames draw them, placed as buildWheels places the full ones: the lighter tyre
 * (TYRE_DETAIL.drag) and the wheel's face as a plain disc of the rim's material. A wheel is a few pixels across in
 * such a frame; spokes, barrel, brake and caliper are not drawn.
 */
export function buildDragWheels(trim: TrimSpec): PartCollector {
  const size = wheelSize(trim);
  const wheel = new PartCollector();
  const toAxleX = new THREE.Matrix4().makeRotationZ(-Math.PI / 2);
  addTyre(wheel, trim.wheel.style === 'off-road', size, TYRE_DETAIL.drag, toAxleX);
  const face = (size.width / 2) * 0.55;
  wheel.add(
    'rim',
    new THREE.CircleGeometry(size.rimRadius, 20),
    new THREE.Matrix4().makeTranslation(face, 0, 0).multiply(new THREE.Matrix4().makeRotationY(Math.PI / 2)),
  );
  return atFourCorners(wheel, size);
}

function atFourCorners(wheel: PartCollector, size: WheelSize): PartCollector {
  const all = new PartCollector();
  for (const [x, z] of [
    [WHEEL_X, AXLE_Z.front],
    [-WHEEL_X, AXLE_Z.front],
    [WHEEL_X, AXLE_Z.rear],
    [-WHEEL_X, AXLE_Z.rear],
  ] as const) {
    const matrix = new THREE.Matrix4().makeTranslation(x, size.tyreRadius, z);
    if (x < 0) matrix.multiply(new THREE.Matrix4().makeRotationY(Math.PI));
    wheel.copyInto(all, matrix);
  }
  return all;
}
