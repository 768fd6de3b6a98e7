import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { SceneState } from '../../contract/scene-state.js';
import { DesertEnvironment } from './desert.js';

/** Instances at density 1, per kind; the PCG sliders (0..1) scale them. Kept modest for a CPU renderer. */
const MAXIMUM = { GrassDensity: 2400, PlantDensity: 500, TreeDensity: 90, RockDensity: 260 } as const;
type Kind = keyof typeof MAXIMUM;

/** A seeded generator, so the same densities scatter the same scene on every engine and every frame. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function grassGeometry(): THREE.BufferGeometry {
  const blade = new THREE.ConeGeometry(0.05, 0.5, 3, 1, true);
  blade.translate(0, 0.25, 0);
  const tufts = [0, 1, 2, 3, 4].map((i) => {
    const g = blade.clone();
    g.rotateZ((i - 2) * 0.25);
    g.translate((i - 2) * 0.05, 0, ((i * 7) % 3) * 0.04);
    return g;
  });
  return mergeGeometries(tufts);
}

function geometryFor(kind: Kind): { geometry: THREE.BufferGeometry; material: THREE.Material } {
  switch (kind) {
    case 'GrassDensity':
      return {
        geometry: grassGeometry(),
        material: new THREE.MeshStandardMaterial({ color: 0x9a9a52, roughness: 0.9, side: THREE.DoubleSide }),
      };
    case 'PlantDensity': {
      const geometry = new THREE.IcosahedronGeometry(0.45, 0);
      geometry.scale(1, 0.6, 1);
      geometry.translate(0, 0.2, 0);
      return {
        geometry,
        material: new THREE.MeshStandardMaterial({ color: 0x6f7a3c, roughness: 0.95, flatShading: true }),
      };
    }
    case 'TreeDensity': {
      const trunk = new THREE.CylinderGeometry(0.12, 0.2, 2.4, 6);
      trunk.translate(0, 1.2, 0);
      const crown = new THREE.IcosahedronGeometry(1.4, 0);
      crown.scale(1.3, 0.7, 1.3);
      crown.translate(0, 2.9, 0);
      const geometry = mergeGeometries([trunk.toNonIndexed(), crown.toNonIndexed()]);
      const colors: number[] = [];
      const trunkCount = trunk.toNonIndexed().getAttribute('position').count;
      for (let i = 0; i < geometry.getAttribute('position').count; i += 1) {
        if (i < trunkCount) colors.push(0.35, 0.25, 0.16);
        else colors.push(0.33, 0.42, 0.2);
      }
      geometry.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
      return {
        geometry,
        material: new THREE.MeshStandardMaterial({ vertexColors: true, roughness: 0.9, flatShading: true }),
      };
    }
    case 'RockDensity': {
      const geometry = new THREE.DodecahedronGeometry(0.6, 0);
      geometry.scale(1, 0.55, 0.8);
      return {
        geometry,
        material: new THREE.MeshStandardMaterial({ color: 0x8b7760, roughness: 0.85, flatShading: true }),
      };
    }
  }
}

/** The desert with procedurally scattered grass, plants, trees and rocks, keeping a clearing around the car. */
export class DesertPcgEnvironment extends DesertEnvironment {
  private readonly scatter = new Map<Kind, THREE.InstancedMesh>();

  constructor(renderer: THREE.WebGLRenderer) {
    super(renderer);
    this.group.name = 'desert-pcg';
    let seed = 11;
    for (const kind of Object.keys(MAXIMUM) as Kind[]) {
      const { geometry, material } = geometryFor(kind);
      const mesh = new THREE.InstancedMesh(geometry, material, MAXIMUM[kind]);
      mesh.name = kind;
      mesh.castShadow = kind === 'TreeDensity' || kind === 'RockDensity';
      mesh.receiveShadow = true;
      // WebGLPathTracer bakes a mesh's geometry once and knows nothing of instances: it would see one plant at the
      // origin, inside the car. The path-traced picture shows the desert without its scatter.
      mesh.userData.rasterOnly = true;
      const next = random((seed += 7));
      const matrix = new THREE.Matrix4();
      const radiusFor = kind === 'TreeDensity' ? 55 : kind === 'GrassDensity' ? 22 : 35;
      for (let i = 0; i < MAXIMUM[kind]; i += 1) {
        // Uniform over a ring that starts outside the car's clearing.
        const angle = next() * Math.PI * 2;
        const distance = Math.sqrt(THREE.MathUtils.lerp(36, radiusFor * radiusFor, next()));
        const scale = THREE.MathUtils.lerp(0.7, 1.4, next());
        matrix.compose(
          new THREE.Vector3(Math.cos(angle) * distance, 0, Math.sin(angle) * distance),
          new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), next() * Math.PI * 2),
          new THREE.Vector3(scale, scale, scale),
        );
        mesh.setMatrixAt(i, matrix);
      }
      this.scatter.set(kind, mesh);
      this.group.add(mesh);
    }
  }

  override async update(state: SceneState['environment']): Promise<void> {
    await super.update(state);
    for (const [kind, mesh] of this.scatter) {
      const density = Math.min(1, Math.max(0, state.pcg[kind] ?? 0));
      mesh.count = Math.round(MAXIMUM[kind] * density);
      mesh.visible = mesh.count > 0;
    }
  }
}
