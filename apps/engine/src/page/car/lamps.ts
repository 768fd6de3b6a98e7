import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { LampName } from '../../contract/car-catalogue.js';
import { type BodyGrid, TriangleSink, addCell } from './grid.js';
import { type LampPart, lampMaterial } from './materials.js';
import { type PartCollector, plain } from './parts.js';
import { ROW } from './profile.js';
import { type CellRef, addBand, addRecess, ringNormal, ringPoint } from './recess.js';

/** A body cell that belongs to a lamp, as body.ts classified it. */
export interface LampCell extends CellRef {
  lamp: LampName;
  /** The lamp's mesh name: `HeadLamps1_L`, `SignatureLEDs_R`, … */
  name: string;
  row: number;
  rear: boolean;
}

/** How deep the housings go behind their lenses. */
const DEPTH = { front: 0.045, rear: 0.035 } as const;
/** Light guides sit just behind the lens; the projectors in the middle of the housing. */
const GUIDE_INSET = 0.012;
const PROJECTOR = { radius: 0.026, bezel: 0.037, count: 2 } as const;

/**
 * Builds the lamps in the body's lamp cells: a lens flush with the body, a housing sunk behind it, and inside it what
 * lights up — projector lenses and a reflector for the headlamps, light guides for the running lights and the
 * signature strip, bars over a reflector for the tail lamps. Lens, housing and bezels are static parts; what lights up
 * is one group per lamp name (its meshes' materials are the ones the renderer switches).
 */
export function buildLamps(grid: BodyGrid, cells: readonly LampCell[], parts: PartCollector): THREE.Group[] {
  const lens = new TriangleSink();
  const tailLens = new TriangleSink();
  const housing = new TriangleSink();
  const emitters = new Map<string, { lamp: LampName; rear: boolean; parts: Map<LampPart, THREE.BufferGeometry[]> }>();
  const add = (cell: LampCell, part: LampPart, geometry: THREE.BufferGeometry): void => {
    let entry = emitters.get(cell.name);
    if (!entry) emitters.set(cell.name, (entry = { lamp: cell.lamp, rear: cell.rear, parts: new Map() }));
    const list = entry.parts.get(part) ?? [];
    list.push(plain(geometry));
    entry.parts.set(part, list);
  };
  const band = (cell: LampCell, part: LampPart, v0: number, v1: number, inset: number): void => {
    const sink = new TriangleSink();
    addBand(grid, sink, cell, v0, v1, inset);
    add(cell, part, sink.geometry());
  };

  const reflectors = new Map<LampCell, TriangleSink>();
  for (const rear of [false, true]) {
    // The floor is the lamp's reflector where one glows (the lower row of head and tail lamps), housing elsewhere.
    addRecess(
      grid,
      cells.filter((cell) => cell.rear === rear),
      rear ? DEPTH.rear : DEPTH.front,
      housing,
      (cell) => {
        if (cell.row !== ROW.lampLow || (cell.lamp !== 'HeadLamps1' && cell.lamp !== 'TailLamps1')) return housing;
        const sink = new TriangleSink();
        reflectors.set(cell, sink);
        return sink;
      },
    );
  }
  for (const [cell, sink] of reflectors) add(cell, 'reflector', sink.geometry());
  for (const cell of cells) {
    addCell(grid, cell.rear ? tailLens : lens, cell.i, cell.j);
    if (cell.row === ROW.lampStrip) band(cell, 'emitter', 0.3, 0.7, -GUIDE_INSET);
    // Tail lamps: two thin bars across the reflector.
    if (cell.lamp === 'TailLamps1' && cell.row === ROW.lampLow) {
      band(cell, 'emitter', 0.2, 0.3, -GUIDE_INSET * 1.5);
      band(cell, 'emitter', 0.6, 0.7, -GUIDE_INSET * 1.5);
    }
  }
  addProjectors(grid, cells, parts, (cell, geometry) => add(cell, 'emitter', geometry));

  if (!lens.empty) parts.add('lens', lens.geometry());
  if (!tailLens.empty) parts.add('tailLens', tailLens.geometry());
  if (!housing.empty) parts.add('housing', housing.geometry());

  return [...emitters].map(([name, entry]) => {
    const group = new THREE.Group();
    group.name = name;
    for (const [part, geometries] of entry.parts) {
      const merged = geometries.length === 1 ? geometries[0] : mergeGeometries(geometries);
      if (!merged) throw new Error(`could not merge the ${name} ${part} parts`);
      const mesh = new THREE.Mesh(merged, lampMaterial(entry.lamp, `${name}_${part}`, entry.rear, part));
      mesh.name = `${name}_${part}`;
      group.add(mesh);
    }
    return group;
  });
}

/**
 * Two projector modules in each headlamp's lower row, on the front face: a glass lens (it lights up) in a chrome
 * bezel, both facing along the body's normal there.
 */
function addProjectors(
  grid: BodyGrid,
  cells: readonly LampCell[],
  parts: PartCollector,
  addLens: (cell: LampCell, geometry: THREE.BufferGeometry) => void,
): void {
  const lens = new THREE.SphereGeometry(PROJECTOR.radius, 20, 8, 0, Math.PI * 2, 0, Math.PI / 2);
  const bezel = new THREE.CylinderGeometry(PROJECTOR.bezel, PROJECTOR.radius * 1.05, DEPTH.front * 0.7, 24, 1, true);
  const up = new THREE.Vector3(0, 1, 0);
  const names = new Set(cells.filter((c) => c.lamp === 'HeadLamps1' && c.row === ROW.lampLow).map((c) => c.name));
  for (const name of names) {
    // Innermost first: the projectors sit on the front face, next to the grille.
    const row = cells
      .filter((c) => c.name === name && c.row === ROW.lampLow)
      .map((cell) => ({
        cell,
        centre: ringPoint(grid, cell.i, cell.j, 0.5).lerp(ringPoint(grid, cell.i + 1, cell.j, 0.5), 0.5),
      }))
      .sort((a, b) => Math.abs(a.centre.x) - Math.abs(b.centre.x));
    const inner = row[0]?.centre;
    if (!inner) continue;
    for (let k = 0; k < PROJECTOR.count; k++) {
      const x = Math.abs(inner.x) + PROJECTOR.bezel * (1.3 + 2.3 * k);
      const at = row.reduce((best, c) =>
        Math.abs(Math.abs(c.centre.x) - x) < Math.abs(Math.abs(best.centre.x) - x) ? c : best,
      );
      const normal = ringNormal(grid, at.cell.i, at.cell.j, 0.5)
        .lerp(ringNormal(grid, at.cell.i + 1, at.cell.j, 0.5), 0.5)
        .normalize();
      const facing = new THREE.Quaternion().setFromUnitVectors(up, normal);
      const place = (geometry: THREE.BufferGeometry, inset: number, flatten = 1): THREE.BufferGeometry =>
        geometry
          .clone()
          .applyMatrix4(
            new THREE.Matrix4().compose(
              at.centre.clone().addScaledVector(normal, -inset),
              facing,
              new THREE.Vector3(1, flatten, 1),
            ),
          );
      addLens(at.cell, place(lens, DEPTH.front * 0.55, 0.6));
      parts.add('chrome', place(bezel, DEPTH.front * 0.45));
    }
  }
}
