import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import type { PartCollector } from './parts.js';
import { DOOR_Z, HALF_WIDTH, WINDSHIELD } from './profile.js';

/** Left-hand drive: the driver sits on +X (left as seen from the driver's seat). */
const DRIVER_X = 0.38;

/**
 * The cabin space the interior camera moves in: between the front seats and the dashboard, above the console, so
 * its centre looks at the dashboard, the steering wheel and through the windshield.
 */
export const CABIN_BOX: readonly [number, number, number, number, number, number] = [-0.5, 0.95, -0.75, 0.5, 1.4, 0.45];

function seat(parts: PartCollector, x: number, z: number, width: number): void {
  parts.place('leather', new RoundedBoxGeometry(width, 0.13, 0.52, 3, 0.05), [x, 0.55, z], [-0.06, 0, 0]);
  parts.place('leather', new RoundedBoxGeometry(width, 0.66, 0.13, 3, 0.05), [x, 0.92, z - 0.3], [-0.26, 0, 0]);
  // Side bolsters so the seats read as seats from above, not as boxes.
  for (const side of [-1, 1]) {
    parts.place(
      'leather',
      new RoundedBoxGeometry(0.07, 0.55, 0.16, 2, 0.03),
      [x + (side * (width - 0.06)) / 2, 0.93, z - 0.27],
      [-0.26, 0, 0],
    );
  }
}

export function buildInterior(parts: PartCollector): void {
  const inner = HALF_WIDTH - 0.17;
  // Floor and the sills under the door openings.
  parts.place('carpet', new THREE.BoxGeometry(inner * 2, 0.05, 3.2), [0, 0.36, -0.55]);
  for (const side of [-1, 1]) {
    // Kept inboard of the shut doors' inner trim.
    parts.place('matte', new THREE.BoxGeometry(0.15, 0.13, 2.0), [side * 0.775, 0.365, 0.0]);
    parts.place('chrome', new THREE.BoxGeometry(0.08, 0.005, 1.7), [side * 0.79, 0.432, 0.0]);
    // B-pillar between the door openings, leaning in with the tumblehome.
    parts.place(
      'gloss',
      new THREE.BoxGeometry(0.06, 1.22, 0.1),
      [side * (HALF_WIDTH - 0.16), 1.02, -0.006],
      [0, 0, side * 0.13],
    );
    // Closing panels at the front and rear of the openings, so no hollow fender shows.
    parts.place('matte', new THREE.BoxGeometry(0.16, 0.66, 0.02), [
      side * (HALF_WIDTH - 0.1),
      0.74,
      DOOR_Z.frontHinge + 0.015,
    ]);
    parts.place('matte', new THREE.BoxGeometry(0.16, 0.66, 0.02), [
      side * (HALF_WIDTH - 0.1),
      0.74,
      DOOR_Z.rearRear - 0.02,
    ]);
  }

  seat(parts, DRIVER_X, 0.02, 0.5);
  seat(parts, -DRIVER_X, 0.02, 0.5);
  for (const x of [-DRIVER_X, DRIVER_X]) {
    parts.place('leather', new RoundedBoxGeometry(0.26, 0.17, 0.1, 2, 0.04), [x, 1.34, -0.45], [-0.2, 0, 0]);
  }
  // Rear bench.
  parts.place('leather', new RoundedBoxGeometry(1.32, 0.14, 0.5, 3, 0.05), [0, 0.57, -0.98], [-0.05, 0, 0]);
  parts.place('leather', new RoundedBoxGeometry(1.32, 0.62, 0.13, 3, 0.05), [0, 0.92, -1.27], [-0.2, 0, 0]);
  for (const x of [-0.45, 0, 0.45]) {
    parts.place('leather', new RoundedBoxGeometry(0.24, 0.15, 0.09, 2, 0.035), [x, 1.3, -1.36], [-0.2, 0, 0]);
  }
  // Load cover over the boot, so the tailgate glass shows a finished space.
  parts.place('dash', new THREE.BoxGeometry(1.46, 0.02, 0.8), [0, 1.1, -1.78]);
  parts.place('carpet', new THREE.BoxGeometry(1.46, 0.04, 0.85), [0, 0.62, -1.8]);

  // Dashboard: a profile in side view run across the car.
  const dash = new THREE.Shape();
  dash.moveTo(1.12, 1.02);
  dash.lineTo(0.68, 1.1);
  dash.quadraticCurveTo(0.56, 1.1, 0.54, 1.02);
  dash.lineTo(0.57, 0.86);
  dash.quadraticCurveTo(0.62, 0.68, 0.78, 0.56);
  dash.lineTo(1.12, 0.5);
  dash.closePath();
  const dashWidth = (inner + 0.05) * 2;
  const dashGeometry = new THREE.ExtrudeGeometry(dash, {
    depth: dashWidth,
    bevelEnabled: true,
    bevelThickness: 0.02,
    bevelSize: 0.02,
    bevelSegments: 2,
  });
  dashGeometry.applyMatrix4(new THREE.Matrix4().makeRotationY(-Math.PI / 2));
  dashGeometry.applyMatrix4(new THREE.Matrix4().makeTranslation(dashWidth / 2, 0, 0));
  parts.add('dash', dashGeometry);
  // Trim strip and vents across the face, instrument binnacle and the free-standing centre screen.
  parts.place('chrome', new THREE.BoxGeometry(dashWidth - 0.1, 0.012, 0.01), [0, 0.96, 0.558], [0.2, 0, 0]);
  for (const x of [-0.62, -0.12, 0.12, 0.62]) {
    parts.place('gloss', new RoundedBoxGeometry(0.16, 0.045, 0.03, 2, 0.01), [x, 0.92, 0.56]);
  }
  parts.place('dash', new RoundedBoxGeometry(0.42, 0.12, 0.18, 3, 0.04), [DRIVER_X, 1.12, 0.64]);
  parts.place('screen', new THREE.BoxGeometry(0.34, 0.11, 0.01), [DRIVER_X, 1.1, 0.552], [-0.15, 0, 0]);
  parts.place('gloss', new RoundedBoxGeometry(0.36, 0.22, 0.025, 2, 0.01), [0, 1.2, 0.62], [-0.2, 0, 0]);
  parts.place('screen', new THREE.BoxGeometry(0.33, 0.19, 0.005), [0, 1.2, 0.606], [-0.2, 0, 0]);
  // Centre console with a gear selector and armrest.
  parts.place('dash', new RoundedBoxGeometry(0.24, 0.34, 1.0, 3, 0.05), [0, 0.55, 0.05]);
  parts.place('leather', new RoundedBoxGeometry(0.22, 0.06, 0.3, 2, 0.025), [0, 0.74, -0.22]);
  parts.place('chrome', new THREE.CylinderGeometry(0.022, 0.03, 0.07, 16), [0, 0.75, 0.28]);
  parts.place('gloss', new RoundedBoxGeometry(0.2, 0.3, 0.06, 2, 0.02), [0, 0.72, 0.58], [-0.5, 0, 0]);

  // Steering wheel, its top leaning towards the windshield.
  const tilt = 0.42;
  const wheelCentre = new THREE.Vector3(DRIVER_X, 0.98, 0.4);
  parts.place('leather', new THREE.TorusGeometry(0.185, 0.019, 10, 40), wheelCentre.toArray(), [tilt, 0, 0]);
  parts.place('dash', new THREE.CylinderGeometry(0.055, 0.06, 0.06, 20), wheelCentre.toArray(), [
    tilt + Math.PI / 2,
    0,
    0,
  ]);
  for (const angle of [0, Math.PI, -Math.PI / 2]) {
    const spoke = new THREE.Matrix4()
      .makeTranslation(wheelCentre.x, wheelCentre.y, wheelCentre.z)
      .multiply(new THREE.Matrix4().makeRotationX(tilt))
      .multiply(new THREE.Matrix4().makeRotationZ(angle))
      .multiply(new THREE.Matrix4().makeTranslation(0.11, 0, 0.005));
    parts.add('dash', new THREE.BoxGeometry(0.13, 0.035, 0.02), spoke);
  }
  const column = new THREE.Matrix4()
    .makeTranslation(DRIVER_X, 0.935, 0.5)
    .multiply(new THREE.Matrix4().makeRotationX(tilt + Math.PI / 2));
  parts.add('dash', new THREE.CylinderGeometry(0.035, 0.045, 0.22, 12), column);

  // Headliner under the roof, from the windshield header back to the tailgate.
  parts.place('headliner', new THREE.BoxGeometry(1.36, 0.02, 1.95), [0, 1.62, (WINDSHIELD.top - 0.05 - 1.8) / 2]);
}
