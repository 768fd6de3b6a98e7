import * as THREE from 'three';
import { HALF_ROWS, RING, endOffset, sectionLayout, sectionRows, type Section } from './profile.js';

/**
 * The sampled body surface: `sections × RING` points with smooth normals. Body panels, doors and lamp lenses are all
 * cut from this one grid, so their normals match across the shut lines and the paint reads as one surface.
 */
export class BodyGrid {
  readonly sections: Section[];
  readonly count: number;
  private readonly positions: Float32Array;
  private readonly normals: Float32Array;

  constructor() {
    this.sections = sectionLayout();
    this.count = this.sections.length;
    this.positions = new Float32Array(this.count * RING * 3);
    this.normals = new Float32Array(this.count * RING * 3);
    const point = new THREE.Vector3();
    this.sections.forEach((section, i) => {
      sectionRows(section.z, section.widthFactor).forEach((row, r) => {
        const z = section.z + endOffset(section.z, row.y);
        point.set(row.x, row.y, z).toArray(this.positions, this.offset(i, r));
        if (r > 0 && r < HALF_ROWS - 1) point.set(-row.x, row.y, z).toArray(this.positions, this.offset(i, RING - r));
      });
    });
    this.computeNormals();
  }

  /** Ring index of row `r` on side `side` (+1 is +X). */
  static ringIndex(r: number, side: number): number {
    return side > 0 || r === 0 || r === HALF_ROWS - 1 ? r : RING - r;
  }

  sectionZ(i: number): number {
    return this.sections[i]?.z ?? 0;
  }

  /** Index of the section at exactly this z (a feature line). */
  indexOf(z: number): number {
    const i = this.sections.findIndex((section) => Math.abs(section.z - z) < 1e-6);
    if (i < 0) throw new Error(`no body section at z = ${z}`);
    return i;
  }

  point(i: number, j: number, target = new THREE.Vector3()): THREE.Vector3 {
    return target.fromArray(this.positions, this.offset(i, j));
  }

  normal(i: number, j: number, target = new THREE.Vector3()): THREE.Vector3 {
    return target.fromArray(this.normals, this.offset(i, j));
  }

  private offset(i: number, j: number): number {
    const ci = Math.min(Math.max(i, 0), this.count - 1);
    return (ci * RING + (((j % RING) + RING) % RING)) * 3;
  }

  private computeNormals(): void {
    const a = new THREE.Vector3();
    const b = new THREE.Vector3();
    const du = new THREE.Vector3();
    const dv = new THREE.Vector3();
    for (let i = 0; i < this.count; i++) {
      for (let j = 0; j < RING; j++) {
        du.subVectors(this.point(i, j + 1, a), this.point(i, j - 1, b));
        dv.subVectors(this.point(i + 1, j, a), this.point(i - 1, j, b));
        const n = new THREE.Vector3().crossVectors(du, dv);
        if (n.lengthSq() < 1e-12) n.set(0, 0, i < this.count / 2 ? -1 : 1);
        // Where the ends close onto the centre line both halves meet: by symmetry the normal there has no sideways
        // part, or the nose and tail would show a crease down the middle.
        if (Math.abs(this.point(i, j, a).x) < 1e-6) n.setX(0);
        n.normalize().toArray(this.normals, this.offset(i, j));
      }
    }
  }
}

/** Collects loose triangles with their normals for one material (or one door's material), then makes a geometry. */
export class TriangleSink {
  private readonly positions: number[] = [];
  private readonly normals: number[] = [];

  add(points: readonly THREE.Vector3[], normals: readonly THREE.Vector3[]): void {
    for (const p of points) this.positions.push(p.x, p.y, p.z);
    for (const n of normals) this.normals.push(n.x, n.y, n.z);
  }

  get empty(): boolean {
    return this.positions.length === 0;
  }

  geometry(): THREE.BufferGeometry {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(this.positions, 3));
    geometry.setAttribute('normal', new THREE.Float32BufferAttribute(this.normals, 3));
    return geometry;
  }
}

export interface CellOptions {
  /** Moves the cell along its normal (negative: into the body). */
  inset?: number;
  /** Subtracted from every point, to express a door's cells in its pivot's frame. */
  origin?: THREE.Vector3;
  /** Inner face: winding and normals reversed, points moved towards the centre line by this much in X. */
  innerOffset?: number;
}

const corner = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()] as const;
const cornerNormal = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()] as const;

/** Appends the quad between sections i, i+1 and ring points j, j+1 as two triangles, outward facing. */
export function addCell(grid: BodyGrid, sink: TriangleSink, i: number, j: number, options: CellOptions = {}): void {
  const ids = [
    [i, j],
    [i, j + 1],
    [i + 1, j + 1],
    [i + 1, j],
  ] as const;
  ids.forEach(([ci, cj], k) => {
    const p = grid.point(ci, cj, corner[k]);
    const n = grid.normal(ci, cj, cornerNormal[k]);
    if (options.inset) p.addScaledVector(n, options.inset);
    if (options.innerOffset) {
      p.x -= Math.sign(p.x) * options.innerOffset;
      n.negate();
    }
    if (options.origin) p.sub(options.origin);
  });
  const [a, b, c, d] = corner;
  const [na, nb, nc, nd] = cornerNormal;
  if (options.innerOffset) sink.add([a, c, b, a, d, c], [na, nc, nb, na, nd, nc]);
  else sink.add([a, b, c, a, c, d], [na, nb, nc, na, nc, nd]);
}

/** A quad strip between two point rows (door edges, seals), flat shaded. */
export function addStrip(sink: TriangleSink, from: readonly THREE.Vector3[], to: readonly THREE.Vector3[]): void {
  const normal = new THREE.Vector3();
  const e1 = new THREE.Vector3();
  const e2 = new THREE.Vector3();
  for (let k = 0; k + 1 < from.length; k++) {
    const a = from[k];
    const b = from[k + 1];
    const c = to[k + 1];
    const d = to[k];
    if (!a || !b || !c || !d) continue;
    normal.crossVectors(e1.subVectors(b, a), e2.subVectors(d, a)).normalize();
    sink.add([a, b, c, a, c, d], [normal, normal, normal, normal, normal, normal]);
  }
}
