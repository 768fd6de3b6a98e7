import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { TRIMS } from '../../contract/car-catalogue.js';
import { buildCar } from './build-car.js';

describe('the brake discs', () => {
  const trim = TRIMS.find((candidate) => candidate.name === 'Terra Limited') ?? TRIMS[0];
  if (!trim) throw new Error('The catalogue has no trims');
  const car = buildCar(trim);
  car.updateMatrixWorld(true);
  const discs = car.getObjectByName('Wheels_disc') as THREE.Mesh;
  const box = new THREE.Box3().setFromObject(discs);

  it('are ventilated: two friction plates with a gap between them, round a hat', () => {
    // Along the axle through the front left disc (x > 0, the front wheels at +z): across its friction ring, then at
    // its centre.
    const radius = (box.max.y - box.min.y) / 2;
    const centre = new THREE.Vector3(0, (box.min.y + box.max.y) / 2, box.max.z - radius);
    const along = (height: number) =>
      new THREE.Raycaster(new THREE.Vector3(3, centre.y + height, centre.z), new THREE.Vector3(-1, 0, 0))
        .intersectObject(discs)
        .filter((hit) => hit.point.x > 0)
        .map((hit) => hit.point.x);
    // The faces turned to the ray (the outward one of each plate): a plain disc was one slab, one face.
    const ring = along(radius * 0.8);
    expect(ring).toHaveLength(2);
    const [outer = 0, inner = 0] = ring;
    // A plate's thickness and the vanes' gap apart.
    expect(outer - inner).toBeGreaterThan(0.012);
    expect(outer - inner).toBeLessThan(0.03);
    // The hat's middle is not friction surface.
    expect(along(0)).toHaveLength(0);
  });
});
