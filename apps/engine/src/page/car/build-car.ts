import * as THREE from 'three';
import type { TrimSpec } from '../../contract/car-catalogue.js';
import { buildBody } from './body.js';
import { buildDetails } from './details.js';
import { buildDoors } from './doors.js';
import { BodyGrid } from './grid.js';
import { CABIN_BOX, buildInterior } from './interior.js';
import { createMaterials } from './materials.js';
import { INTERIOR_PREFIX, setDragGeometry } from './drag-detail.js';
import { PartCollector } from './parts.js';
import { buildDragWheels, buildWheels } from './wheels.js';

/** The Wilderness sits a little higher on its all-terrain tyres. */
const LIFT: Record<TrimSpec['wheel']['style'], number> = { steel: 0, 'multi-spoke': 0, 'off-road': 0.04 };

/**
 * Builds the built-in car for one trim, following the model conventions of apps/engine/README.md: metres, +Y up,
 * front towards +Z, wheels on y = 0; door pivots `DOOR_FL`…; lamp meshes `HeadLamps1_*`…; the body's material
 * named `Paint`. `userData.cabinBox` ([minX, minY, minZ, maxX, maxY, maxZ]) is the space the interior rail moves in.
 */
export function buildCar(trim: TrimSpec): THREE.Group {
  const materials = createMaterials(trim);
  const grid = new BodyGrid();
  const lift = LIFT[trim.wheel.style];

  const root = new THREE.Group();
  root.name = trim.name;
  const body = new THREE.Group();
  body.name = 'Body';
  body.position.y = lift;
  root.add(body);

  const parts = new PartCollector();
  const lamps = buildBody(grid, trim, parts);
  buildDetails(parts, trim);
  const interior = new PartCollector();
  buildInterior(interior);
  for (const mesh of parts.meshes(materials, 'Body')) body.add(mesh);
  for (const mesh of interior.meshes(materials, INTERIOR_PREFIX)) body.add(mesh);
  for (const lamp of lamps) body.add(lamp);
  for (const door of buildDoors(grid, trim, materials)) body.add(door);

  const wheels = buildWheels(trim);
  const dragWheels = buildDragWheels(trim).meshes(materials, 'Wheels');
  for (const mesh of wheels.parts.meshes(materials, 'Wheels')) {
    // What the drag's wheels have no part for (brakes, barrel, chrome) is not drawn in a drag's frames.
    setDragGeometry(mesh, dragWheels.find((lighter) => lighter.name === mesh.name)?.geometry ?? null);
    root.add(mesh);
  }

  const [minX, minY, minZ, maxX, maxY, maxZ] = CABIN_BOX;
  root.userData.cabinBox = [minX, minY + lift, minZ, maxX, maxY + lift, maxZ];
  return root;
}
