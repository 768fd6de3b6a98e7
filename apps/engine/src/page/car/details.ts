import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { TrimSpec } from '../../contract/car-catalogue.js';
import { isBrightTrim } from './materials.js';
import type { MaterialKey, PartCollector } from './parts.js';
import { ARCH, AXLE_Z, HALF_WIDTH, HATCH, WINDSHIELD, noseZ, roofY, sectionRows, tailZ } from './profile.js';

/** Everything bolted onto the shell: arch flares, wheel wells, rails, spoiler, plates, grille bars, skid plates. */
export function buildDetails(parts: PartCollector, trim: TrimSpec): void {
  const wilderness = trim.wheel.style === 'off-road';
  wheelArches(parts, trim, wilderness);
  underbody(parts);
  grille(parts, trim);
  plates(parts);
  if (trim.roofRails) roofRails(parts, isBrightTrim(trim) ? 'trim' : 'gloss');
  // Roof spoiler over the tailgate glass.
  parts.place(
    'gloss',
    new RoundedBoxGeometry(1.2, 0.03, 0.26, 2, 0.012),
    [0, roofY(HATCH.top) + 0.03, HATCH.top - 0.09],
    [-0.08, 0, 0],
  );
  // Shark-fin antenna.
  parts.place('gloss', new RoundedBoxGeometry(0.05, 0.06, 0.16, 2, 0.022), [0, roofY(-1.55) + 0.055, -1.55], [0, 0, 0]);
  // Wiper arms resting on the cowl.
  for (const x of [-0.05, 0.55]) {
    parts.place(
      'matte',
      new THREE.BoxGeometry(0.62, 0.012, 0.025),
      [x - 0.25, 1.075, WINDSHIELD.base - 0.015],
      [0.3, 0, 0.04],
    );
  }
  if (wilderness) {
    skidPlates(parts);
    // Red recovery hooks either side of the front skid plate.
    for (const x of [-0.42, 0.42]) {
      parts.place(
        'caliper',
        new THREE.TorusGeometry(0.035, 0.011, 8, 16),
        [x, 0.36, noseZ(0.36) + 0.02],
        [0, Math.PI / 2, 0],
      );
    }
  }
}

/** The body's half width at height y in the section at z: where an arch lip must sit so it hugs the flank. */
function flankX(z: number, y: number): number {
  const rows = sectionRows(z, 1).slice(3, 10);
  for (let k = 0; k + 1 < rows.length; k++) {
    const a = rows[k];
    const b = rows[k + 1];
    if (a && b && y <= b.y) return a.x + (b.x - a.x) * Math.min(Math.max((y - a.y) / (b.y - a.y || 1), 0), 1);
  }
  return rows[rows.length - 1]?.x ?? HALF_WIDTH;
}

/**
 * Arch lips (body colour on Limited), thicker cladding on Base/Wilderness, plus black wells inside. The lip is a bead
 * run along the arch at the flank's own width, so it never stands off where the body tucks in towards the sill.
 */
function wheelArches(parts: PartCollector, trim: TrimSpec, wilderness: boolean): void {
  const material: MaterialKey = wilderness ? 'trim' : isBrightTrim(trim) ? 'paint' : 'matte';
  const tube = wilderness ? 0.04 : material === 'paint' ? 0.016 : 0.024;
  const well = new THREE.CylinderGeometry(ARCH.radius + 0.005, ARCH.radius + 0.005, 0.34, 32, 1, true, 0, Math.PI);
  for (const z of [AXLE_Z.front, AXLE_Z.rear]) {
    for (const side of [-1, 1]) {
      const points: THREE.Vector3[] = [];
      for (let k = 0; k <= 40; k++) {
        const a = (k / 40) * Math.PI;
        const r = ARCH.radius + tube * 0.5;
        const pz = z + r * Math.cos(a);
        const py = ARCH.centreY + r * Math.sin(a);
        points.push(new THREE.Vector3(side * (flankX(pz, py + 0.02) - tube * 0.35), py, pz));
      }
      const lip = new THREE.TubeGeometry(new THREE.CatmullRomCurve3(points), 60, tube, 8);
      // Flattened against the flank: a lip, not a pipe.
      const centre = points[20]?.x ?? 0;
      lip.translate(-centre, 0, 0).scale(0.55, 1, 1).translate(centre, 0, 0);
      parts.add(material, lip);
      const sideX = flankX(z, ARCH.centreY + 0.2);
      parts.place('matte', well, [side * (sideX - 0.18), ARCH.centreY, z], [0, 0, Math.PI / 2]);
    }
  }
}

/** Engine and fuel-tank bulk between the wells, so nothing shows through under the car. */
function underbody(parts: PartCollector): void {
  for (const z of [AXLE_Z.front, AXLE_Z.rear]) {
    parts.place('matte', new THREE.BoxGeometry(1.0, 0.5, 1.0), [0, 0.55, z]);
  }
  // Tucked up behind both bumpers' chins: seen from a low camera it must not read as a plank under the car.
  parts.place('matte', new THREE.BoxGeometry(1.3, 0.05, 3.4), [0, 0.285, 0]);
  // Exhaust tips under the rear bumper: a polished tube with a rolled lip, dark inside.
  const tip = exhaustTip();
  const soot = new THREE.CircleGeometry(EXHAUST.inner, 20);
  for (const x of [-0.55, 0.55]) {
    const z = tailZ(EXHAUST.y) + 0.02;
    // The lathe turns about y; laid along z, the lip faces back (−z).
    parts.place('chrome', tip, [x, EXHAUST.y, z], [-Math.PI / 2, 0, 0]);
    parts.place('matte', soot, [x, EXHAUST.y, z + EXHAUST.length - 0.03], [0, Math.PI, 0]);
  }
}

/** Exhaust tip size, metres: a 10 cm pipe end, its centre height, how far it runs in. */
const EXHAUST = { outer: 0.05, inner: 0.042, y: 0.36, length: 0.12 } as const;

/**
 * One exhaust tip as a lathe about y, its open end at y = 0 and running to y = length: outside, a rolled lip of
 * 4 mm radius, and the inside wall back into the pipe.
 */
function exhaustTip(): THREE.BufferGeometry {
  const { outer, inner, length } = EXHAUST;
  const lip = (outer - inner) / 2;
  const profile = [new THREE.Vector2(outer, length), new THREE.Vector2(outer, lip)];
  for (let k = 1; k < 8; k++) {
    // Half a turn from the outer wall over the end to the inner wall.
    const angle = (Math.PI * k) / 8;
    profile.push(new THREE.Vector2(inner + lip + lip * Math.cos(angle), lip - lip * Math.sin(angle)));
  }
  profile.push(new THREE.Vector2(inner, lip), new THREE.Vector2(inner, length));
  return new THREE.LatheGeometry(profile, 28);
}

/** Horizontal bars across the grille opening, following the nose's rake. */
function grille(parts: PartCollector, trim: TrimSpec): void {
  const material: MaterialKey = isBrightTrim(trim) ? 'chrome' : trim.wheel.style === 'off-road' ? 'trim' : 'gloss';
  for (let k = 0; k < 6; k++) {
    const y = 0.54 + k * 0.055;
    const rake = Math.atan2(noseZ(y + 0.01) - noseZ(y - 0.01), 0.02);
    parts.place(material, new RoundedBoxGeometry(0.86, 0.014, 0.02, 1, 0.006), [0, y, noseZ(y) + 0.004], [rake, 0, 0]);
  }
  // Badge in the middle of the grille.
  parts.place(
    'chrome',
    new THREE.CylinderGeometry(0.06, 0.06, 0.015, 24),
    [0, 0.72, noseZ(0.72) + 0.02],
    [Math.PI / 2, 0, 0],
    [1.6, 1, 1],
  );
}

function plates(parts: PartCollector): void {
  const plate = new RoundedBoxGeometry(0.52, 0.115, 0.012, 2, 0.004);
  const front = new THREE.Matrix4().compose(
    new THREE.Vector3(0, 0.47, noseZ(0.47) + 0.012),
    new THREE.Quaternion().setFromEuler(new THREE.Euler(-0.35, 0, 0)),
    new THREE.Vector3(1, 1, 1),
  );
  const rear = new THREE.Matrix4().compose(
    new THREE.Vector3(0, 0.66, tailZ(0.66) - 0.008),
    // The rear plate faces −Z: turned half round, so its characters read left to right from behind.
    new THREE.Quaternion().setFromEuler(new THREE.Euler(0, Math.PI, 0)),
    new THREE.Vector3(1, 1, 1),
  );
  const glyphs = plateCharacters('482 7315');
  for (const matrix of [front, rear]) {
    parts.add('plate', plate, matrix);
    parts.add('matte', glyphs, matrix);
  }
  // Badge on the tailgate.
  parts.place('chrome', new RoundedBoxGeometry(0.26, 0.035, 0.01, 1, 0.004), [0, 0.86, tailZ(0.86) - 0.004]);
}

/** Which of the seven segments (a–g: top, top right, bottom right, bottom, bottom left, top left, middle) each digit lights. */
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abdeg',
  '3': 'abcdg',
  '4': 'bcfg',
  '5': 'acdfg',
  '6': 'acdefg',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

/**
 * A registration in thin raised strokes, centred on the plate's face (z = 0.007 in the plate's frame): a blank white
 * plate reads as a placeholder, solid blocks as a barcode.
 */
function plateCharacters(text: string): THREE.BufferGeometry {
  const width = 0.034;
  const height = 0.068;
  const stroke = 0.008;
  const pitch = 0.05;
  const bar = (w: number, h: number, x: number, y: number): THREE.BufferGeometry =>
    new THREE.BoxGeometry(w, h, 0.003).translate(x, y, 0.007);
  const segment: Record<string, (x: number) => THREE.BufferGeometry> = {
    a: (x) => bar(width, stroke, x, (height - stroke) / 2),
    b: (x) => bar(stroke, height / 2, x + (width - stroke) / 2, height / 4),
    c: (x) => bar(stroke, height / 2, x + (width - stroke) / 2, -height / 4),
    d: (x) => bar(width, stroke, x, -(height - stroke) / 2),
    e: (x) => bar(stroke, height / 2, x - (width - stroke) / 2, -height / 4),
    f: (x) => bar(stroke, height / 2, x - (width - stroke) / 2, height / 4),
    g: (x) => bar(width, stroke, x, 0),
  };
  const bars: THREE.BufferGeometry[] = [];
  const start = (-(text.length - 1) * pitch) / 2;
  for (let k = 0; k < text.length; k++) {
    for (const name of SEGMENTS[text.charAt(k)] ?? '') {
      const make = segment[name];
      if (make) bars.push(make(start + k * pitch));
    }
  }
  return mergeGeometries(bars);
}

function roofRails(parts: PartCollector, material: MaterialKey): void {
  for (const side of [-1, 1]) {
    const x = side * 0.6;
    const points: THREE.Vector3[] = [new THREE.Vector3(x, roofY(0.02) + 0.02, 0.02)];
    for (let z = -0.06; z >= -1.62; z -= 0.13) points.push(new THREE.Vector3(x, roofY(z) + 0.065, z));
    points.push(new THREE.Vector3(x, roofY(-1.7) + 0.02, -1.7));
    const curve = new THREE.CatmullRomCurve3(points);
    parts.add(material, new THREE.TubeGeometry(curve, 40, 0.016, 8));
    for (const z of [0.0, -0.8, -1.68]) {
      parts.place('gloss', new RoundedBoxGeometry(0.045, 0.05, 0.1, 1, 0.015), [x, roofY(z) + 0.02, z]);
    }
  }
}

function skidPlates(parts: PartCollector): void {
  parts.place('trim', new RoundedBoxGeometry(1.05, 0.02, 0.34, 2, 0.008), [0, 0.33, noseZ(0.35) - 0.12], [0.35, 0, 0]);
  parts.place('trim', new RoundedBoxGeometry(1.0, 0.02, 0.26, 2, 0.008), [0, 0.37, tailZ(0.4) + 0.1], [-0.4, 0, 0]);
}
