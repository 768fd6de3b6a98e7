import * as THREE from 'three';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';
import type { Environment } from './environment.js';

/**
 * A photo studio: a seamless cyclorama (floor curving into the back wall) in soft grey, lit by a room-shaped
 * environment of softboxes and a high key light for the contact shadow.
 */
export class StudioEnvironment implements Environment {
  readonly group = new THREE.Group();
  private readonly envMap: THREE.Texture;

  constructor(pmrem: THREE.PMREMGenerator) {
    this.group.name = 'studio';
    this.envMap = pmrem.fromScene(new RoomEnvironment(), 0.02).texture;
    // The cyclorama fills most of the picture, so its light is baked into vertex colours (a soft pool of light
    // around the car, darker towards the edges) instead of being shaded per pixel: on a CPU renderer that is most
    // of the frame time. The car's shadow falls on the stage's shadow catcher.
    const material = new THREE.MeshBasicMaterial({ vertexColors: true });
    this.group.add(cyclorama(material));
  }

  update(): Promise<void> {
    return Promise.resolve();
  }

  environmentMap(): THREE.Texture {
    return this.envMap;
  }

  background(): THREE.Color {
    return new THREE.Color(0x2e2e2e);
  }

  keyLight() {
    return {
      direction: new THREE.Vector3(0.35, 1, 0.45).normalize(),
      color: new THREE.Color(0xffffff),
      intensity: 2.2,
    };
  }

  environmentIntensity(): number {
    return 0.9;
  }

  exposureBias(): number {
    return 0;
  }

  dispose(): void {
    this.envMap.dispose();
  }
}

/** Linear light per vertex: brightest under the car, a gentle fall-off outwards and up the wall. */
function bakedLight(positions: number[]): number[] {
  const colors: number[] = [];
  const base = new THREE.Color(0x919191).convertSRGBToLinear();
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i] ?? 0;
    const y = positions[i + 1] ?? 0;
    const z = positions[i + 2] ?? 0;
    const distance = Math.hypot(x, z * 0.8, y * 0.6);
    const light = 0.5 + 0.9 * Math.exp(-(distance * distance) / 300);
    colors.push(base.r * light * 3, base.g * light * 3, base.b * light * 3);
  }
  return colors;
}

/** A floor that bends up into a back wall with a large radius, so the horizon line disappears. */
function cyclorama(material: THREE.Material): THREE.Mesh {
  const radius = 8;
  const depth = 40;
  const height = 20;
  const profile: THREE.Vector2[] = [];
  profile.push(new THREE.Vector2(depth, 0));
  for (let i = 0; i <= 16; i += 1) {
    const angle = (i / 16) * (Math.PI / 2);
    profile.push(new THREE.Vector2(-depth / 2 + radius - Math.sin(angle) * radius, radius - Math.cos(angle) * radius));
  }
  profile.push(new THREE.Vector2(-depth / 2, height));
  const shapePoints = profile.map((p) => new THREE.Vector3(0, p.y, p.x));
  const width = 60;
  const positions: number[] = [];
  const indices: number[] = [];
  // Columns across the width too, so the baked light can fall off sideways.
  const columns = 24;
  for (const [i, p] of shapePoints.entries()) {
    for (let c = 0; c <= columns; c += 1) positions.push(-width / 2 + (c / columns) * width, p.y, p.z);
    if (i > 0) {
      for (let c = 0; c < columns; c += 1) {
        const a = (i - 1) * (columns + 1) + c;
        const b = a + columns + 1;
        indices.push(a, a + 1, b, a + 1, b + 1, b);
      }
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  geometry.computeVertexNormals();
  geometry.setAttribute('color', new THREE.Float32BufferAttribute(bakedLight(positions), 3));
  const mesh = new THREE.Mesh(geometry, material);
  mesh.name = 'Cyclorama';
  material.side = THREE.DoubleSide;
  return mesh;
}
