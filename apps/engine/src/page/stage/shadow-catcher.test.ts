import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { ShadowCatcher, shadowLength } from './shadow-catcher.js';

/** Towards a sun `elevation` degrees high, `azimuth` degrees about the vertical from +z (as the desert places it). */
const sun = (elevation: number, azimuth: number) =>
  new THREE.Vector3().setFromSphericalCoords(
    1,
    THREE.MathUtils.degToRad(90 - elevation),
    THREE.MathUtils.degToRad(azimuth),
  );

/** Whether the catcher, seen from straight above, covers the ground at (x, z); and at what height. */
function coverAt(catcher: ShadowCatcher, x: number, z: number): number | null {
  const ray = new THREE.Raycaster(new THREE.Vector3(x, 100, z), new THREE.Vector3(0, -1, 0));
  const hit = ray.intersectObject(catcher.mesh)[0];
  return hit ? hit.point.y : null;
}

describe('the shadow catcher', () => {
  it('reaches as far as a low sun throws the car’s shadow, away from the sun', () => {
    const catcher = new ShadowCatcher();
    const sunset = sun(5, 0);
    catcher.fit(sunset, () => 0, 'flat');
    // The roof's shadow, 2 m up, lands 2 / tan 5° ≈ 23 m away from a sun due +z: at z ≈ −23. The old square
    // catcher ended 6 m from the car and cut it off there.
    expect(shadowLength(sunset)).toBeCloseTo(2 / Math.tan(THREE.MathUtils.degToRad(5)), 1);
    expect(coverAt(catcher, 0, -23)).not.toBeNull();
    expect(coverAt(catcher, 2, -20)).not.toBeNull();
    // Towards the sun, where no shadow falls, it keeps to the car's surroundings.
    expect(coverAt(catcher, 0, 5)).not.toBeNull();
    expect(coverAt(catcher, 0, 10)).toBeNull();
  });

  it('keeps to the car’s surroundings under a high sun', () => {
    const catcher = new ShadowCatcher();
    catcher.fit(sun(68, 40), () => 0, 'flat');
    expect(coverAt(catcher, 0, 0)).not.toBeNull();
    expect(coverAt(catcher, 4, -4)).not.toBeNull();
    const box = new THREE.Box3().setFromObject(catcher.mesh);
    expect(box.max.x - box.min.x).toBeLessThan(20);
    expect(box.max.z - box.min.z).toBeLessThan(20);
  });

  it('lies on the ground it is given, facing up so that it shows', () => {
    const catcher = new ShadowCatcher();
    const slope = (_x: number, z: number) => Math.max(0, -z - 10) * 0.2;
    catcher.fit(sun(5, 0), slope, 'slope');
    expect(coverAt(catcher, 0, -20)).toBeCloseTo(slope(0, -20) + 0.003, 2);
    expect(coverAt(catcher, 0, 0)).toBeCloseTo(0.003, 3);
    const normal = catcher.mesh.geometry.getAttribute('normal');
    for (let i = 0; i < normal.count; i += 1) expect(normal.getY(i)).toBeGreaterThan(0.9);
  });

  it('keeps its geometry for the same sun over the same ground, and lays it out again when the sun moves', () => {
    const catcher = new ShadowCatcher();
    catcher.fit(sun(5, 0), () => 0, 'flat');
    const first = catcher.mesh.geometry;
    catcher.fit(sun(5, 0), () => 0, 'flat');
    expect(catcher.mesh.geometry).toBe(first);
    catcher.fit(sun(5, 90), () => 0, 'flat');
    expect(catcher.mesh.geometry).not.toBe(first);
    // A sun due +x throws the shadow towards −x.
    expect(coverAt(catcher, -20, 0)).not.toBeNull();
    expect(coverAt(catcher, 0, -20)).toBeNull();
  });
});
