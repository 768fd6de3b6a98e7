import type * as THREE from 'three';
import { type BodyGrid, type TriangleSink, addCell, addStrip } from './grid.js';
import { RING } from './profile.js';

/** A body cell: between sections i and i + 1, ring points j and j + 1. */
export interface CellRef {
  i: number;
  j: number;
}

const cellKey = (i: number, j: number): string => `${i}:${((j % RING) + RING) % RING}`;

/** The normal a fraction `v` of the way from ring point j to j + 1 on section i. */
export function ringNormal(grid: BodyGrid, i: number, j: number, v: number): THREE.Vector3 {
  return grid
    .normal(i, j)
    .lerp(grid.normal(i, j + 1), v)
    .normalize();
}

/** The point a fraction `v` of the way from ring point j to j + 1 on section i, moved `inset` along `normal`. */
export function ringPoint(
  grid: BodyGrid,
  i: number,
  j: number,
  v: number,
  inset = 0,
  normal = ringNormal(grid, i, j, v),
): THREE.Vector3 {
  return grid
    .point(i, j)
    .lerp(grid.point(i, j + 1), v)
    .addScaledVector(normal, inset);
}

/**
 * A band of a cell, from `v0` to `v1` of its height (ring direction), moved `inset` along the surface normal: a light
 * guide inside a lamp, a bar across a grille.
 */
export function addBand(
  grid: BodyGrid,
  sink: TriangleSink,
  { i, j }: CellRef,
  v0: number,
  v1: number,
  inset: number,
): void {
  const na = ringNormal(grid, i, j, v0);
  const nb = ringNormal(grid, i, j, v1);
  const nc = ringNormal(grid, i + 1, j, v1);
  const nd = ringNormal(grid, i + 1, j, v0);
  const a = ringPoint(grid, i, j, v0, inset, na);
  const b = ringPoint(grid, i, j, v1, inset, nb);
  const c = ringPoint(grid, i + 1, j, v1, inset, nc);
  const d = ringPoint(grid, i + 1, j, v0, inset, nd);
  sink.add([a, b, c, a, c, d], [na, nb, nc, na, nc, nd]);
}

/**
 * A band across a cell the other way: from `u0` to `u1` of the way from section i to i + 1, over the cell's height
 * (ring direction) from `v0` to `v1`, moved `inset` along the surface normal: a shut line running up the body.
 */
export function addCrossBand(
  grid: BodyGrid,
  sink: TriangleSink,
  { i, j }: CellRef,
  u0: number,
  u1: number,
  inset: number,
  [v0, v1]: readonly [number, number] = [0, 1],
): void {
  const at = (u: number, v: number) => {
    const normal = ringNormal(grid, i, j, v)
      .lerp(ringNormal(grid, i + 1, j, v), u)
      .normalize();
    const point = ringPoint(grid, i, j, v)
      .lerp(ringPoint(grid, i + 1, j, v), u)
      .addScaledVector(normal, inset);
    return { point, normal };
  };
  const a = at(u0, v0);
  const b = at(u0, v1);
  const c = at(u1, v1);
  const d = at(u1, v0);
  sink.add(
    [a.point, b.point, c.point, a.point, c.point, d.point],
    [a.normal, b.normal, c.normal, a.normal, c.normal, d.normal],
  );
}

/**
 * Sinks a set of cells `depth` into the body: a floor at that depth (into the sink `floor` picks for the cell) and
 * walls wherever the set meets a cell outside it. Lamps and grille openings are recesses, so they have depth and edges
 * the light can catch instead of being paint of another colour.
 */
export function addRecess<C extends CellRef>(
  grid: BodyGrid,
  cells: readonly C[],
  depth: number,
  wall: TriangleSink,
  floor: (cell: C) => TriangleSink,
): void {
  const inside = new Set(cells.map(({ i, j }) => cellKey(i, j)));
  const sunk = (i: number, j: number): THREE.Vector3 => grid.point(i, j).addScaledVector(grid.normal(i, j), -depth);
  const edge = (i0: number, j0: number, i1: number, j1: number): void => {
    // An edge on the centre line is the seam with the mirrored cell, which is in the set too: no wall there.
    if (Math.abs(grid.point(i0, j0).x) < 1e-6 && Math.abs(grid.point(i1, j1).x) < 1e-6) return;
    addStrip(wall, [grid.point(i0, j0), grid.point(i1, j1)], [sunk(i0, j0), sunk(i1, j1)]);
  };
  for (const cell of cells) {
    const { i, j } = cell;
    // The grid's normals on the centre line point straight back, so both halves' floors meet there without a crack.
    addCell(grid, floor(cell), i, j, { inset: -depth });
    if (!inside.has(cellKey(i, j - 1))) edge(i, j, i + 1, j);
    if (!inside.has(cellKey(i, j + 1))) edge(i + 1, j + 1, i, j + 1);
    if (!inside.has(cellKey(i - 1, j))) edge(i, j + 1, i, j);
    if (!inside.has(cellKey(i + 1, j))) edge(i + 1, j, i + 1, j + 1);
  }
}
