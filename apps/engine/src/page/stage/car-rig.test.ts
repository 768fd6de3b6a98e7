import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAINT, DEFAULT_TRIM } from '../../contract/car-catalogue.js';
import type { SceneState } from '../../contract/scene-state.js';
import { drawLighter } from '../car/drag-detail.js';
import { CarRig } from './car-rig.js';

type PaintedMesh = THREE.Mesh<THREE.BufferGeometry, THREE.Material>;

function paintedMeshes(root: THREE.Object3D): PaintedMesh[] {
  const meshes: PaintedMesh[] = [];
  root.traverse((node) => {
    if (node instanceof THREE.Mesh && (node.material as THREE.Material).name === 'Paint')
      meshes.push(node as PaintedMesh);
  });
  return meshes;
}

const insideOf = (mesh: PaintedMesh) =>
  mesh.children.find((child): child is THREE.Mesh<THREE.BufferGeometry, THREE.MeshStandardMaterial> => {
    return child instanceof THREE.Mesh && child.name === 'PaintInside';
  });

describe("the built-in car's painted panels", () => {
  const lamp = { on: false, intensity: 1 };
  const car = (): SceneState['car'] => ({
    modelPath: null,
    trim: DEFAULT_TRIM,
    paint: DEFAULT_PAINT,
    doors: { DOOR_FL: 0, DOOR_FR: 0, DOOR_RL: 0, DOOR_RR: 0 },
    lamps: { HeadLamps1: lamp, TailLamps1: lamp, DRLs: lamp, SignatureLEDs: lamp },
  });

  it('show their insides, through an open door or from the cabin, in the paint colour', async () => {
    const rig = new CarRig();
    await rig.apply({ ...car(), paint: 'rallye red' });
    const painted = paintedMeshes(rig.group);
    expect(painted.length).toBeGreaterThan(0);
    for (const mesh of painted) {
      const inside = insideOf(mesh);
      // The clear-coated paint draws the outside only; the inside is the companion's, over the same surface.
      expect(mesh.material.side).toBe(THREE.FrontSide);
      expect(inside?.geometry).toBe(mesh.geometry);
      expect(inside?.material.side).toBe(THREE.BackSide);
      expect(`#${inside?.material.color.getHexString()}`).toBe('#b3121b');
    }

    await rig.apply({ ...car(), paint: 'cobalt blue' });
    for (const mesh of paintedMeshes(rig.group)) {
      expect(`#${insideOf(mesh)?.material.color.getHexString()}`).toBe('#1f4fa8');
    }
  });

  it('leave their insides out of the shadow and out of a drag', async () => {
    const rig = new CarRig();
    await rig.apply(car());
    const insides = paintedMeshes(rig.group).map((mesh) => insideOf(mesh) as THREE.Mesh);
    expect(insides.every((inside) => !inside.castShadow)).toBe(true);
    let drawnInDrag: boolean[] = [];
    drawLighter(rig.group, new THREE.PerspectiveCamera(), () => {
      drawnInDrag = insides.map((inside) => inside.visible);
    });
    expect(drawnInDrag).toEqual(insides.map(() => false));
    expect(insides.every((inside) => inside.visible)).toBe(true);
  });
});
