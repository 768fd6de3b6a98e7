import * as THREE from 'three';
import { acceleratedRaycast, MeshBVH } from 'three-mesh-bvh';

/**
 * For tests that scan the car with rays: gives every mesh under `root` a bounding-volume tree, so that a ray tests
 * the few triangles near it rather than every triangle of each mesh whose bounding sphere it crosses. The tailgate's
 * 1,700 rays took 7 s on an idle machine and over 30 on a loaded one; with the trees, 0.1 s, and the same hits.
 * Per mesh, not on `THREE.Mesh.prototype`, so nothing else sees a changed three.js.
 */
export function accelerateRaycasts(root: THREE.Object3D): void {
  root.traverse((object) => {
    if (!(object instanceof THREE.Mesh)) return;
    const mesh = object as THREE.Mesh;
    mesh.geometry.boundsTree ??= new MeshBVH(mesh.geometry);
    mesh.raycast = acceleratedRaycast;
  });
}
