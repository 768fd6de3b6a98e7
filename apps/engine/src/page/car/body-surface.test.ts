import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { TRIMS } from '../../contract/car-catalogue.js';
import { accelerateRaycasts } from './accelerated-raycasts.js';
import { buildCar } from './build-car.js';
import { BodyGrid } from './grid.js';
import { RING } from './profile.js';

describe('the body surface', () => {
  it('runs its sections in order from tail to nose, on every row of the ring', () => {
    // The hatch glass's foot (z −2.27) was a section of the middle run placed after the rounded tail's: the surface
    // doubled back on itself there.
    const grid = new BodyGrid();
    const [a, b] = [new THREE.Vector3(), new THREE.Vector3()];
    const outOfOrder: string[] = [];
    for (let j = 0; j < RING; j++) {
      for (let i = 0; i + 1 < grid.count; i++) {
        if (grid.point(i + 1, j, b).z <= grid.point(i, j, a).z) outOfOrder.push(`row ${j}, sections ${i} and ${i + 1}`);
      }
    }
    expect(outOfOrder).toEqual([]);
  });

  it('shows its outside at the rear corners seen from a rear three-quarter view, never its inside', () => {
    // The fold showed as black triangles (the paint's back faces) down the far rear corner.
    const trim = TRIMS.find((candidate) => candidate.name === 'Terra Limited') ?? TRIMS[0];
    if (!trim) throw new Error('The catalogue has no trims');
    const car = buildCar(trim);
    car.updateMatrixWorld(true);
    accelerateRaycasts(car);
    const insides: string[] = [];
    for (const side of [1, -1]) {
      for (let y = 0.4; y <= 1.2; y += 0.05) {
        // From behind the other side, at the corner: grazing the flank just ahead of the tail.
        const origin = new THREE.Vector3(-side * 5, y, -5.4);
        for (let k = -6; k <= 6; k++) {
          const direction = new THREE.Vector3(side * 1.09, y, -2.21 + k * 0.03).sub(origin).normalize();
          const hit = new THREE.Raycaster(origin, direction).intersectObject(car, true)[0];
          if (!hit?.face || !hit.object.name.startsWith('Body_paint')) continue;
          const normal = hit.face.normal.clone().transformDirection(hit.object.matrixWorld);
          if (normal.dot(direction) > 0)
            insides.push(`${hit.object.name} at y ${y.toFixed(2)}, z ${hit.point.z.toFixed(3)}`);
        }
      }
    }
    expect(insides).toEqual([]);
  });
});
