import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { TRIMS } from '../../contract/car-catalogue.js';
import { buildCar } from './build-car.js';

describe.each(TRIMS.map((trim) => [trim.name, trim] as const))('the lamps of the %s', (_name, trim) => {
  const car = buildCar(trim);

  it('are lamp units: projectors and a reflector behind a clear lens, light bars behind a red one', () => {
    const head = car.getObjectByName('HeadLamps1_L');
    expect(head?.getObjectByName('HeadLamps1_L_emitter')).toBeInstanceOf(THREE.Mesh);
    expect(head?.getObjectByName('HeadLamps1_L_reflector')).toBeInstanceOf(THREE.Mesh);
    const tail = car.getObjectByName('TailLamps1_R');
    expect(tail?.getObjectByName('TailLamps1_R_emitter')).toBeInstanceOf(THREE.Mesh);
    const lens = car.getObjectByName('Body_lens') as THREE.Mesh<THREE.BufferGeometry, THREE.MeshPhysicalMaterial>;
    const tailLens = car.getObjectByName('Body_tailLens') as THREE.Mesh<
      THREE.BufferGeometry,
      THREE.MeshPhysicalMaterial
    >;
    expect(lens.material.transparent && lens.material.opacity < 0.5).toBe(true);
    expect(tailLens.material.color.r).toBeGreaterThan(tailLens.material.color.g * 4);
    // Everything that lights up sits behind its lens, inside the body.
    const lensBox = new THREE.Box3().setFromObject(lens);
    const emitterBox = new THREE.Box3().setFromObject(head as THREE.Object3D);
    expect(emitterBox.max.z).toBeLessThan(lensBox.max.z);
  });
});
