import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { TRIMS } from '../../contract/car-catalogue.js';
import { accelerateRaycasts } from './accelerated-raycasts.js';
import { buildCar } from './build-car.js';

/** What a ray from behind the car meets first at (x, y): the name of the mesh (Body_paint, Body_gloss…). */
function seenFromBehind(car: THREE.Object3D, x: number, y: number): string | undefined {
  const ray = new THREE.Raycaster(new THREE.Vector3(x, y, -6), new THREE.Vector3(0, 0, 1));
  return ray.intersectObject(car, true)[0]?.object.name;
}

/** Where, scanning from `from` to `to` in millimetre steps, the tail shows a shut line (gloss black) first. */
function lineAlong(car: THREE.Object3D, at: (t: number) => [number, number], from: number, to: number): number[] {
  const hits: number[] = [];
  for (let t = from; t <= to; t += 0.001) {
    const [x, y] = at(t);
    if (seenFromBehind(car, x, y) === 'Body_gloss') hits.push(Number(t.toFixed(3)));
  }
  return hits;
}

describe('the tailgate', () => {
  const trim = TRIMS.find((candidate) => candidate.name === 'Terra Limited') ?? TRIMS[0];
  if (!trim) throw new Error('The catalogue has no trims');
  const car = buildCar(trim);
  car.updateMatrixWorld(true);
  accelerateRaycasts(car);

  it('is outlined by a shut line up both sides of the tail face', () => {
    // Across the tail between the plate and the lamps: painted, but for the gate's sides (there was no line at all).
    const right = lineAlong(car, (x) => [x, 0.85], 0, 0.85);
    const left = lineAlong(car, (x) => [x, 0.85], -0.85, 0);
    expect(right.length).toBeGreaterThan(0);
    expect(left.length).toBeGreaterThan(0);
    for (const x of right) expect(x).toBeGreaterThan(0.5);
    for (const x of left) expect(x).toBeLessThan(-0.5);
    // The car is symmetrical: the two lines mirror each other.
    expect(Math.abs(Math.min(...right) + Math.max(...left))).toBeLessThan(0.01);
  });

  it('has its lower edge under the plate, above the bumper', () => {
    const centre = lineAlong(car, (y) => [0.1, y], 0.45, 0.75);
    expect(centre.length).toBeGreaterThan(0);
    for (const y of centre) expect(y).toBeGreaterThan(0.5);
    for (const y of centre) expect(y).toBeLessThan(0.6);
  });
});
