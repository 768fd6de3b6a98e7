import * as THREE from 'three';
import type { LampName, TrimSpec } from '../../contract/car-catalogue.js';
import { type BodyGrid, TriangleSink, addCell } from './grid.js';
import { type LampCell, buildLamps } from './lamps.js';
import { type CellRef, addBand, addCrossBand, addRecess } from './recess.js';
import type { MaterialKey, PartCollector } from './parts.js';
import { DOOR_Z, HALF_ROWS, HATCH, RING, ROW, WINDSHIELD } from './profile.js';

/** Where the bonnet's shut line runs: along the top of the wings from behind the windscreen's foot, round the nose. */
const BONNET = { from: WINDSHIELD.base + 0.1, row: ROW.shoulder + 1 } as const;

/**
 * The bonnet's shut line: a 6 mm dark band laid a millimetre proud of the paint, like the door seams a panel gap the
 * eye reads as a separate bonnet. The band follows one ring position, so it runs along both wings and, where the
 * sections close onto the nose, across the front above the lamps.
 */
function bonnetShutLine(grid: BodyGrid): THREE.BufferGeometry {
  const sink = new TriangleSink();
  for (let i = 0; i + 1 < grid.count; i++) {
    if (grid.sectionZ(i) < BONNET.from) continue;
    for (const side of [1, -1]) {
      const j = side > 0 ? BONNET.row : RING - 1 - BONNET.row;
      addBand(grid, sink, { i, j }, 0.45, 0.55, 0.001);
    }
  }
  return sink.geometry();
}

/**
 * The tailgate: its half width on the tail face, and its lower edge an eighth of the way up the rocker row's cells,
 * under the plate.
 */
const TAILGATE = { halfWidth: 0.62, bottomV: 0.12 } as const;
/** Where the tail face begins, behind the rear quarters. */
const TAIL_Z = -1.99;

/**
 * The tailgate's shut line, drawn as the bonnet's: along its lower edge above the bumper, under the plate, and up both
 * sides to the glass, breaking where the tail lamps (split between body and gate on a real car) cross it. The sides
 * follow the one section where the tail face is the gate's width wide.
 */
function tailgateShutLine(grid: BodyGrid): THREE.BufferGeometry {
  const sink = new TriangleSink();
  const point = new THREE.Vector3();
  const halfWidthAt = (i: number) => Math.abs(grid.point(i, ROW.rocker + 1, point).x);
  // Sections run from the tail's centre outwards: the last one narrower than the gate carries its sides.
  let edge = -1;
  for (let i = 0; i + 1 < grid.count && grid.sectionZ(i + 1) < TAIL_Z; i++) {
    if (halfWidthAt(i + 1) > TAILGATE.halfWidth) break;
    edge = i;
  }
  if (edge < 0) return sink.geometry();
  for (const side of [1, -1]) {
    const cell = (row: number) => (side > 0 ? row : RING - 1 - row);
    // The ring runs up the +X side and down the −X side: a span v0 to v1 up a cell is 1 − v1 to 1 − v0 on the −X side.
    const span = (v0: number, v1: number): [number, number] => (side > 0 ? [v0, v1] : [1 - v1, 1 - v0]);
    const [low, high] = span(TAILGATE.bottomV - 0.05, TAILGATE.bottomV + 0.05);
    for (let i = 0; i <= edge; i++) addBand(grid, sink, { i, j: cell(ROW.rocker) }, low, high, 0.001);
    for (let row: number = ROW.rocker; row < ROW.belt; row++) {
      if (row === ROW.lampLow || row === ROW.lampStrip) continue;
      // The lowest cell only from the lower edge up, so the corner is clean.
      const v = row === ROW.rocker ? span(TAILGATE.bottomV, 1) : span(0, 1);
      addCrossBand(grid, sink, { i: edge, j: cell(row) }, 0.85, 1, 0.001, v);
    }
  }
  return sink.geometry();
}

/** How far the grille's mesh sits behind the bumper's face. */
const GRILLE_DEPTH = 0.035;

/** What a body cell becomes: a shared material, a lamp lens, or part of a door (built in doors.ts). */
type CellKind =
  | { kind: 'material'; material: 'paint' | 'glass' | 'gloss' | 'matte' | 'trim' | 'grille' }
  | { kind: 'lamp'; lamp: LampName; name: string }
  | { kind: 'door' };

const material = (m: 'paint' | 'glass' | 'gloss' | 'matte' | 'trim' | 'grille'): CellKind => ({
  kind: 'material',
  material: m,
});

const inRange = (z: number, a: number, b: number): boolean => z > Math.min(a, b) && z < Math.max(a, b);

export function isDoorZ(z: number): boolean {
  return inRange(z, DOOR_Z.frontRear, DOOR_Z.frontHinge) || inRange(z, DOOR_Z.rearRear, DOOR_Z.rearHinge);
}

/** Cell row (lower row of the cell) and side for ring segment j. */
export function cellRow(j: number): { row: number; side: number } {
  return j < HALF_ROWS - 1 ? { row: j, side: 1 } : { row: RING - 1 - j, side: -1 };
}

function classify(trim: TrimSpec, z: number, x: number, row: number, side: number): CellKind {
  const lr = side > 0 ? 'L' : 'R';
  const ax = Math.abs(x);
  const has = (lamp: LampName): boolean => trim.lamps.includes(lamp);
  const lamp = (name: LampName, suffix: string = lr): CellKind => ({
    kind: 'lamp',
    lamp: name,
    name: `${name}_${suffix}`,
  });

  if (row <= 2) return material('matte');
  if (row === ROW.sill) return material(z > 2.1 && ax < 0.62 ? 'grille' : 'trim');

  if (row >= ROW.windowTop) {
    if (inRange(z, WINDSHIELD.base, WINDSHIELD.base + 0.1)) return material(row >= ROW.roofEdge ? 'gloss' : 'paint');
    if (row >= ROW.roofEdge && inRange(z, WINDSHIELD.top + 0.03, WINDSHIELD.base)) return material('glass');
    if (row >= ROW.roofEdge && inRange(z, HATCH.bottom + 0.01, HATCH.top - 0.05)) {
      return material(ax < 0.6 ? 'glass' : 'gloss');
    }
    // Black A-pillars and roof-side rails: the roof seems to float above the glass.
    if (row < ROW.roofEdge && inRange(z, HATCH.bottom, WINDSHIELD.base)) return material('gloss');
  }
  if (z > 2.07) {
    // Nose: grille between the headlamps, a light strip across the top of both.
    const centre = ax < 0.5;
    if (centre && row >= ROW.rocker && row < ROW.lampStrip) return material('grille');
    // Air intakes in the bumper's corners, under the headlamps.
    if (!centre && row === ROW.rocker && ax < 0.86) return material('grille');
    if (!centre && row === ROW.lampLow) return lamp('HeadLamps1');
    if (row === ROW.lampStrip) {
      if (!centre) return has('DRLs') ? lamp('DRLs') : lamp('HeadLamps1');
      return has('SignatureLEDs') ? lamp('SignatureLEDs', 'F') : material('gloss');
    }
    return material('paint');
  }
  if (z < TAIL_Z) {
    // Tail: lamps wrap the corners, joined by a light bar on the trims that have one.
    const centre = ax < 0.42;
    if (!centre && (row === ROW.lampLow || row === ROW.lampStrip)) return lamp('TailLamps1');
    if (centre && row === ROW.lampStrip) return has('SignatureLEDs') ? lamp('SignatureLEDs', 'R') : material('gloss');
    return material('paint');
  }

  const doorRows = row >= ROW.rocker && row <= ROW.belt;
  if (doorRows && isDoorZ(z)) return { kind: 'door' };
  const seam =
    inRange(z, DOOR_Z.frontHinge, DOOR_Z.frontHinge + 0.01) ||
    inRange(z, DOOR_Z.frontRear, DOOR_Z.rearHinge) ||
    inRange(z, DOOR_Z.rearRear, DOOR_Z.rearRear - 0.01);
  if (doorRows && seam) return material('gloss');

  if (row === ROW.belt) {
    if (inRange(z, -1.02, DOOR_Z.rearRear - 0.01)) return material('gloss');
    if (inRange(z, -1.6, -1.02)) return material('glass');
    return material('paint');
  }
  return material('paint');
}

/**
 * Cuts the grid into body panels and glass (added to `parts`, merged later with the other static pieces) and lamps
 * (built in lamps.ts: static lens and housing into `parts`, one group per lamp name returned); door cells are left for
 * doors.ts.
 */
export function buildBody(grid: BodyGrid, trim: TrimSpec, parts: PartCollector): THREE.Group[] {
  const sinks = new Map<MaterialKey, TriangleSink>();
  const lampCells: LampCell[] = [];
  const openings: CellRef[] = [];
  const a = new THREE.Vector3();
  const b = new THREE.Vector3();
  for (let i = 0; i + 1 < grid.count; i++) {
    const z = (grid.sectionZ(i) + grid.sectionZ(i + 1)) / 2;
    for (let j = 0; j < RING; j++) {
      const { row, side } = cellRow(j);
      const x = (grid.point(i, j, a).x + grid.point(i + 1, j + 1, b).x) / 2;
      const kind = classify(trim, z, x, row, side);
      if (kind.kind === 'door') continue;
      if (kind.kind === 'lamp') {
        lampCells.push({ i, j, lamp: kind.lamp, name: kind.name, row, rear: z < 0 });
        continue;
      }
      if (kind.material === 'grille') {
        openings.push({ i, j });
        continue;
      }
      let sink = sinks.get(kind.material);
      if (!sink) sinks.set(kind.material, (sink = new TriangleSink()));
      addCell(grid, sink, i, j);
    }
  }
  // Grille and intakes are openings with depth: gloss-black walls round a dark floor.
  const grille = new TriangleSink();
  const walls = new TriangleSink();
  addRecess(grid, openings, GRILLE_DEPTH, walls, () => grille);
  parts.add('grille', grille.geometry());
  parts.add('gloss', walls.geometry());
  for (const [material, triangles] of sinks) parts.add(material, triangles.geometry());
  parts.add('gloss', bonnetShutLine(grid));
  parts.add('gloss', tailgateShutLine(grid));
  return buildLamps(grid, lampCells, parts);
}
