import * as THREE from 'three';
import type { TrimSpec } from '../../scene/car-catalogue.js';

/**
 * Builds the built-in car for one trim, following the model conventions of apps/engine/README.md: metres, +Y up,
 * front towards +Z, wheels on y = 0; door pivots `DOOR_FL`…; lamp meshes `HeadLamps1_*`…; the body's material
 * named `Paint`. `userData.cabinBox` ([minX, minY, minZ, maxX, maxY, maxZ]) is the space the interior rail moves in.
 *
 * Placeholder until the modelled car lands: a box body with the same names, so the renderer can be built against it.
 */
export function buildCar(trim: TrimSpec): THREE.Group {
  const root = new THREE.Group();
  root.name = trim.name;
  const paint = new THREE.MeshPhysicalMaterial({ name: 'Paint', color: 0x3366aa, clearcoat: 1 });
  const body = new THREE.Mesh(new THREE.BoxGeometry(1.9, 1.1, 4.6), paint);
  body.position.y = 0.85;
  root.add(body);
  for (const [name, x, z] of [
    ['DOOR_FL', 0.96, 0.9],
    ['DOOR_FR', -0.96, 0.9],
    ['DOOR_RL', 0.96, -0.2],
    ['DOOR_RR', -0.96, -0.2],
  ] as const) {
    const pivot = new THREE.Group();
    pivot.name = name;
    pivot.position.set(x, 0, z);
    const door = new THREE.Mesh(new THREE.BoxGeometry(0.05, 0.9, 1.0), paint);
    door.position.set(0, 0.8, -0.5);
    pivot.add(door);
    root.add(pivot);
  }
  for (const lamp of trim.lamps) {
    const material = new THREE.MeshStandardMaterial({ color: 0x222222, emissive: 0xffffff, emissiveIntensity: 0 });
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(1.6, 0.1, 0.05), material);
    mesh.name = `${lamp}_M`;
    mesh.position.set(0, lamp === 'TailLamps1' ? 1.0 : 0.95, lamp === 'TailLamps1' ? -2.31 : 2.31);
    root.add(mesh);
  }
  root.userData.cabinBox = [-0.7, 0.6, -1.2, 0.7, 1.35, 1.0];
  return root;
}
