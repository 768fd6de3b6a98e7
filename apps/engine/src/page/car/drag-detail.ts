import * as THREE from 'three';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';

/**
 * A drag's frames are drawn small (pipeline/interactive-scale.ts), and on a CPU renderer their time follows the
 * triangle count, not the pixels: at the smallest size the built-in car's 56,000 triangles cost about 55 ms on two
 * cores, over the 50 ms of 20 frames a second. Seen from outside, those frames draw less of the car: the interior,
 * a few pixels through the glass, is left out, and each wheel is a light tyre around a plain disc. Every other
 * frame, and every still, draws the car in full.
 */

/** The camera layer of a car's interior: meshes named `Interior_…` (apps/engine/README.md, model conventions). */
export const INTERIOR_LAYER = 1;
export const INTERIOR_PREFIX = 'Interior';

/** Lighter stand-ins by mesh (null: not drawn), kept out of userData, which a glTF export would write out. */
const lighter = new WeakMap<THREE.Mesh, THREE.BufferGeometry | null>();

/** Moves a car's interior meshes onto the interior layer (the camera draws it unless told not to). */
export function tagInterior<T extends THREE.Object3D>(root: T): T {
  root.traverse((node) => {
    if (node.name.startsWith(`${INTERIOR_PREFIX}_`)) node.layers.set(INTERIOR_LAYER);
  });
  return root;
}

/** Gives a mesh a lighter geometry for drags, indexed as the car's own geometries are, or none (not drawn). */
export function setDragGeometry(mesh: THREE.Mesh, geometry: THREE.BufferGeometry | null): void {
  lighter.set(mesh, geometry && mergeVertices(geometry));
}

/** Runs `draw` with the scene as a drag seen from outside draws it, and puts everything back afterwards. */
export function drawLighter(scene: THREE.Object3D, camera: THREE.Camera, draw: () => void): void {
  const swapped: [THREE.Mesh, THREE.BufferGeometry, boolean][] = [];
  scene.traverse((node) => {
    if (!(node instanceof THREE.Mesh)) return;
    const mesh = node as THREE.Mesh;
    if (!lighter.has(mesh)) return;
    const geometry = lighter.get(mesh) ?? null;
    swapped.push([mesh, mesh.geometry, mesh.visible]);
    if (geometry) mesh.geometry = geometry;
    else mesh.visible = false;
  });
  const interior = camera.layers.isEnabled(INTERIOR_LAYER);
  camera.layers.disable(INTERIOR_LAYER);
  try {
    draw();
  } finally {
    if (interior) camera.layers.enable(INTERIOR_LAYER);
    for (const [mesh, geometry, visible] of swapped) {
      mesh.geometry = geometry;
      mesh.visible = visible;
    }
  }
}
