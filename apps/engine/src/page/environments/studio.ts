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
    const material = new THREE.MeshStandardMaterial({ color: 0x8d9096, roughness: 0.9, metalness: 0 });
    this.group.add(cyclorama(material));
  }

  update(): Promise<void> {
    return Promise.resolve();
  }

  environmentMap(): THREE.Texture {
    return this.envMap;
  }

  background(): THREE.Color {
    return new THREE.Color(0x2c2f34);
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
  for (const [i, p] of shapePoints.entries()) {
    positions.push(-width / 2, p.y, p.z, width / 2, p.y, p.z);
    if (i > 0) {
      const a = (i - 1) * 2;
      indices.push(a, a + 1, a + 2, a + 1, a + 3, a + 2);
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  geometry.computeVertexNormals();
  const mesh = new THREE.Mesh(geometry, material);
  mesh.receiveShadow = true;
  mesh.name = 'Cyclorama';
  // Normals must face the car: flip the winding if the computed ones point away.
  const normal = geometry.getAttribute('normal');
  if (normal.getY(0) < 0) {
    geometry.setIndex(indices.map((_, k) => indices[k - (k % 3) + 2 - (k % 3)] ?? 0));
    geometry.computeVertexNormals();
  }
  return mesh;
}
