import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { TRIMS } from '../../contract/car-catalogue.js';
import { buildCar } from './build-car.js';
import { drawLighter, INTERIOR_LAYER, tagInterior } from './drag-detail.js';

/** Triangles a camera draws of a scene as it stands: the meshes on its layers, with their current geometry. */
function drawnTriangles(root: THREE.Object3D, camera: THREE.Camera): number {
  let triangles = 0;
  root.traverse((node) => {
    if (!(node instanceof THREE.Mesh) || !node.visible || !node.layers.test(camera.layers)) return;
    const geometry = node.geometry as THREE.BufferGeometry;
    triangles += (geometry.index?.count ?? geometry.getAttribute('position').count) / 3;
  });
  return triangles;
}

describe.each(TRIMS.map((trim) => [trim.name, trim] as const))('a drag frame of the %s', (_name, trim) => {
  const car = tagInterior(buildCar(trim));
  const camera = new THREE.PerspectiveCamera();
  camera.layers.enable(INTERIOR_LAYER);

  it('puts the seats, dashboard and cabin floor on the interior layer, and nothing else', () => {
    const onLayer: string[] = [];
    car.traverse((node) => {
      if (node instanceof THREE.Mesh && node.layers.isEnabled(INTERIOR_LAYER)) onLayer.push(node.name);
    });
    expect(onLayer).toEqual(expect.arrayContaining(['Interior_leather', 'Interior_dash', 'Interior_carpet']));
    expect(onLayer.every((name) => name.startsWith('Interior_'))).toBe(true);
  });

  it('draws at most 60% of the triangles seen from outside, then puts the full car back', () => {
    const full = drawnTriangles(car, camera);
    const tyre = car.getObjectByName('Wheels_tyre') as THREE.Mesh;
    const caliper = car.getObjectByName('Wheels_caliper') as THREE.Mesh;
    const tyreGeometry = tyre.geometry;
    let drag = 0;
    drawLighter(car, camera, () => {
      drag = drawnTriangles(car, camera);
      expect(tyre.geometry).not.toBe(tyreGeometry);
      expect(caliper.visible).toBe(false);
    });
    expect(drag / full).toBeLessThan(0.6);
    expect(tyre.geometry).toBe(tyreGeometry);
    expect(caliper.visible).toBe(true);
    expect(camera.layers.isEnabled(INTERIOR_LAYER)).toBe(true);
    expect(drawnTriangles(car, camera)).toBe(full);
  });
});
