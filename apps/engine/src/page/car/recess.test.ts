import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BodyGrid, TriangleSink, addCell } from './grid.js';
import { addRecess, type CellRef } from './recess.js';

const key = (p: THREE.Vector3): string => `${p.x.toFixed(5)},${p.y.toFixed(5)},${p.z.toFixed(5)}`;

/** Edges used by exactly one triangle: where one could look through the surface into the car. */
function openEdges(geometries: THREE.BufferGeometry[]): number {
  const uses = new Map<string, number>();
  const a = new THREE.Vector3();
  const b = new THREE.Vector3();
  for (const geometry of geometries) {
    const position = geometry.getAttribute('position');
    for (let t = 0; t < position.count; t += 3) {
      for (let e = 0; e < 3; e++) {
        a.fromBufferAttribute(position, t + e);
        b.fromBufferAttribute(position, t + ((e + 1) % 3));
        const edge = [key(a), key(b)].sort().join('|');
        uses.set(edge, (uses.get(edge) ?? 0) + 1);
      }
    }
  }
  return [...uses.values()].filter((count) => count === 1).length;
}

describe('a recess cut into the body', () => {
  const grid = new BodyGrid();
  // An L-shaped patch on the flank: its outline has an inner corner, where walls are easiest to get wrong.
  const cells: CellRef[] = [];
  const i0 = Math.floor(grid.count / 2);
  for (let di = 0; di < 4; di++) for (let j = 5; j <= 6; j++) if (di < 2 || j === 5) cells.push({ i: i0 + di, j });

  it('is closed: lens, walls and floor leave no gap to see through', () => {
    const lens = new TriangleSink();
    for (const { i, j } of cells) addCell(grid, lens, i, j);
    const walls = new TriangleSink();
    const floor = new TriangleSink();
    addRecess(grid, cells, 0.04, walls, () => floor);
    const geometries = [lens.geometry(), walls.geometry(), floor.geometry()];
    // A closed box of lens, walls and floor has every edge on two triangles.
    expect(openEdges(geometries)).toBe(0);
    // Without its walls the lens and floor are two loose sheets.
    expect(openEdges([geometries[0] as THREE.BufferGeometry, geometries[2] as THREE.BufferGeometry])).toBeGreaterThan(
      0,
    );
  });

  it('sinks its floor the given depth behind the surface', () => {
    const floor = new TriangleSink();
    addRecess(grid, cells, 0.04, new TriangleSink(), () => floor);
    const position = floor.geometry().getAttribute('position');
    const p = new THREE.Vector3().fromBufferAttribute(position, 0);
    const surface = grid.point(cells[0]?.i ?? 0, cells[0]?.j ?? 0);
    expect(p.distanceTo(surface)).toBeCloseTo(0.04, 3);
  });
});
