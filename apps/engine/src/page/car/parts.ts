import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { CarMaterials } from './materials.js';

export type MaterialKey = keyof CarMaterials;

/** Only position and normal survive, unindexed: then any two part geometries can be merged. */
export function plain(geometry: THREE.BufferGeometry): THREE.BufferGeometry {
  const flat = geometry.index ? geometry.toNonIndexed() : geometry.clone();
  for (const name of Object.keys(flat.attributes)) {
    if (name !== 'position' && name !== 'normal') flat.deleteAttribute(name);
  }
  if (!flat.hasAttribute('normal')) flat.computeVertexNormals();
  return flat;
}

/**
 * Gathers the pieces of one static assembly (body details, interior, wheels, a door) and merges them into one mesh
 * per material: SwiftShader pays per draw call, so dozens of small parts must not stay dozens of meshes.
 */
export class PartCollector {
  private readonly pieces = new Map<MaterialKey, THREE.BufferGeometry[]>();

  add(material: MaterialKey, geometry: THREE.BufferGeometry, matrix?: THREE.Matrix4): void {
    const piece = plain(geometry);
    if (matrix) piece.applyMatrix4(matrix);
    const list = this.pieces.get(material) ?? [];
    list.push(piece);
    this.pieces.set(material, list);
  }

  /** Adds a geometry placed by position, rotation (Euler XYZ) and scale. */
  place(
    material: MaterialKey,
    geometry: THREE.BufferGeometry,
    position: THREE.Vector3Tuple,
    rotation: THREE.Vector3Tuple = [0, 0, 0],
    scale: THREE.Vector3Tuple = [1, 1, 1],
  ): void {
    const matrix = new THREE.Matrix4().compose(
      new THREE.Vector3(...position),
      new THREE.Quaternion().setFromEuler(new THREE.Euler(...rotation)),
      new THREE.Vector3(...scale),
    );
    this.add(material, geometry, matrix);
  }

  /** Adds a transformed copy of every piece to `target` (the same wheel at four corners). */
  copyInto(target: PartCollector, matrix: THREE.Matrix4): void {
    for (const [key, list] of this.pieces) for (const piece of list) target.add(key, piece.clone(), matrix);
  }

  meshes(materials: CarMaterials, prefix: string): THREE.Mesh[] {
    const meshes: THREE.Mesh[] = [];
    for (const [key, list] of this.pieces) {
      const merged = list.length === 1 ? list[0] : mergeGeometries(list);
      if (!merged) throw new Error(`could not merge the ${prefix} ${key} parts`);
      const mesh = new THREE.Mesh(merged, materials[key]);
      mesh.name = `${prefix}_${key}`;
      meshes.push(mesh);
    }
    return meshes;
  }
}
