import * as THREE from 'three';
import type { SceneState } from '../../contract/scene-state.js';

/** Unreal's default filmback: 36 × 24 mm. The focal length sets the horizontal field of view on it. */
const SENSOR_WIDTH_MM = 36;
/**
 * The crane's arm is measured from its mount, which stands just outside the car, so the shortest arm still keeps
 * the whole car in view at the default lens.
 */
const CRANE_MOUNT_METRES = 3.5;
const CRANE_TARGET_HEIGHT = 0.75;

export interface CabinBox {
  min: THREE.Vector3;
  max: THREE.Vector3;
}

const radians = THREE.MathUtils.degToRad;

/** Places the camera for the current spot and lens. Returns the distance to the focus plane, in metres. */
export function placeCamera(
  camera: THREE.PerspectiveCamera,
  state: SceneState['camera'],
  aspect: number,
  cabin: CabinBox,
): number {
  const horizontalFov = 2 * Math.atan(SENSOR_WIDTH_MM / 2 / state.focalLength);
  camera.fov = THREE.MathUtils.radToDeg(2 * Math.atan(Math.tan(horizontalFov / 2) / aspect));
  camera.aspect = aspect;
  let subjectDistance: number;
  if (state.spot === 'Interior') {
    const { rail } = state;
    camera.position.set(
      THREE.MathUtils.lerp(cabin.min.x, cabin.max.x, rail.x),
      THREE.MathUtils.lerp(cabin.min.y, cabin.max.y, rail.z),
      THREE.MathUtils.lerp(cabin.min.z, cabin.max.z, rail.y),
    );
    // Yaw 0 looks forward (+Z, towards the dashboard); positive yaw turns right, as in Unreal.
    const yaw = radians(rail.yaw);
    const pitch = radians(rail.pitch);
    const direction = new THREE.Vector3(
      -Math.sin(yaw) * Math.cos(pitch),
      Math.sin(pitch),
      Math.cos(yaw) * Math.cos(pitch),
    );
    camera.lookAt(camera.position.clone().add(direction));
    camera.near = 0.02;
    camera.far = 200;
    subjectDistance = 1;
  } else {
    const { yaw, pitch, distance } = state.crane;
    const arm = CRANE_MOUNT_METRES + distance / 100;
    const target = new THREE.Vector3(0, CRANE_TARGET_HEIGHT, 0);
    // Yaw 0 looks at the car's front; the crane turns around the car's vertical axis.
    camera.position.set(
      Math.sin(radians(yaw)) * Math.cos(radians(pitch)) * arm,
      CRANE_TARGET_HEIGHT + Math.sin(radians(pitch)) * arm,
      Math.cos(radians(yaw)) * Math.cos(radians(pitch)) * arm,
    );
    camera.position.y = Math.max(0.15, camera.position.y);
    camera.lookAt(target);
    camera.near = 0.1;
    camera.far = 2000;
    subjectDistance = camera.position.distanceTo(target);
  }
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  if (state.focus.method === 'Manual') return state.focus.distance / 100;
  return subjectDistance;
}

/**
 * Shifts the camera for one accumulated sample: a sub-pixel jitter for anti-aliasing and, with depth of field, a
 * point on the lens aperture with the frustum sheared so that the focus plane stays put. Averaging such samples
 * gives real (not post-processed) depth of field.
 */
export function jitterCamera(
  camera: THREE.PerspectiveCamera,
  pixel: { x: number; y: number },
  lens: { x: number; y: number },
  focusDistance: number,
  size: { width: number; height: number },
): void {
  const right = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
  const up = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
  camera.position.addScaledVector(right, lens.x).addScaledVector(up, lens.y);
  camera.updateMatrixWorld();
  const e = camera.projectionMatrix.elements;
  // Column-major: elements[8] and [9] carry the x and y shift per unit depth.
  const [xScale, , , , , yScale, , , xShift, yShift] = e;
  e[8] = xShift - (xScale * lens.x) / focusDistance + (2 * pixel.x) / size.width;
  e[9] = yShift - (yScale * lens.y) / focusDistance + (2 * pixel.y) / size.height;
  camera.projectionMatrixInverse.copy(camera.projectionMatrix).invert();
}
