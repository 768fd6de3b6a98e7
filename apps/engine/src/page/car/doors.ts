import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import type { DoorName, TrimSpec } from '../../contract/car-catalogue.js';
import { BodyGrid, TriangleSink, addCell, addStrip } from './grid.js';
import { isBrightTrim, type CarMaterials } from './materials.js';
import { PartCollector, type MaterialKey } from './parts.js';
import { DOOR_Z, ROW, beltY } from './profile.js';

/** How far the door's inner trim sits inside its skin: the door's thickness as seen when it is open. */
const DOOR_DEPTH = 0.075;

interface DoorSpec {
  name: DoorName;
  side: number;
  hingeZ: number;
  rearZ: number;
  /** Window band [from, to] in z that is glass; the rest of the band is the black frame. */
  glass: readonly [number, number];
  mirror: boolean;
}

const DOORS: readonly DoorSpec[] = [
  { name: 'DOOR_FL', side: 1, hingeZ: DOOR_Z.frontHinge, rearZ: DOOR_Z.frontRear, glass: [0.06, 0.86], mirror: true },
  { name: 'DOOR_FR', side: -1, hingeZ: DOOR_Z.frontHinge, rearZ: DOOR_Z.frontRear, glass: [0.06, 0.86], mirror: true },
  { name: 'DOOR_RL', side: 1, hingeZ: DOOR_Z.rearHinge, rearZ: DOOR_Z.rearRear, glass: [-0.86, -0.07], mirror: false },
  { name: 'DOOR_RR', side: -1, hingeZ: DOOR_Z.rearHinge, rearZ: DOOR_Z.rearRear, glass: [-0.86, -0.07], mirror: false },
];

/**
 * The four doors, cut from the body grid so their skins continue the body surface exactly. Each is a pivot group on
 * its hinge line (front edge, at the skin) with +Y up the hinge; everything that swings is inside it, in the
 * pivot's frame.
 */
export function buildDoors(grid: BodyGrid, trim: TrimSpec, materials: CarMaterials): THREE.Group[] {
  return DOORS.map((spec) => buildDoor(grid, trim, materials, spec));
}

function buildDoor(grid: BodyGrid, trim: TrimSpec, materials: CarMaterials, spec: DoorSpec): THREE.Group {
  const iHinge = grid.indexOf(spec.hingeZ);
  const iRear = grid.indexOf(spec.rearZ);
  const ring = (row: number): number => BodyGrid.ringIndex(row, spec.side);
  const cellJ = (row: number): number => (spec.side > 0 ? row : ring(row) - 1);
  const hinge = grid.point(iHinge, ring(ROW.shoulder));
  const origin = new THREE.Vector3(hinge.x, 0, hinge.z);

  const skin = new TriangleSink();
  const glass = new TriangleSink();
  const frame = new TriangleSink();
  const inner = new TriangleSink();
  for (let i = iRear; i < iHinge; i++) {
    const z = (grid.sectionZ(i) + grid.sectionZ(i + 1)) / 2;
    for (let row: number = ROW.rocker; row < ROW.belt; row++) {
      addCell(grid, skin, i, cellJ(row), { origin });
      addCell(grid, inner, i, cellJ(row), { origin, innerOffset: DOOR_DEPTH });
    }
    const isGlass = z > spec.glass[0] && z < spec.glass[1];
    addCell(grid, isGlass ? glass : frame, i, cellJ(ROW.belt), { origin });
  }

  // Shut faces: front, rear and bottom edges in paint; the belt seal in black.
  const local = (i: number, row: number, depth: number): THREE.Vector3 => {
    const p = grid.point(i, ring(row)).sub(origin);
    p.x -= spec.side * depth;
    return p;
  };
  const rows = (i: number, depth: number): THREE.Vector3[] => {
    const list: THREE.Vector3[] = [];
    for (let row: number = ROW.rocker; row <= ROW.belt; row++) list.push(local(i, row, depth));
    return list;
  };
  const along = (row: number, depth: number): THREE.Vector3[] => {
    const list: THREE.Vector3[] = [];
    for (let i = iRear; i <= iHinge; i++) list.push(local(i, row, depth));
    return list;
  };
  addStrip(skin, rows(iHinge, 0), rows(iHinge, DOOR_DEPTH));
  addStrip(skin, rows(iRear, 0), rows(iRear, DOOR_DEPTH));
  addStrip(skin, along(ROW.rocker, 0), along(ROW.rocker, DOOR_DEPTH));
  addStrip(frame, along(ROW.belt, 0), along(ROW.belt, DOOR_DEPTH));

  const parts = new PartCollector();
  parts.add('paint', skin.geometry());
  if (!glass.empty) parts.add('glass', glass.geometry());
  parts.add('gloss', frame.geometry());
  parts.add('dash', inner.geometry());

  const midZ = (spec.hingeZ + spec.rearZ) / 2 - origin.z;
  const innerX = -spec.side * (DOOR_DEPTH + 0.1);
  // Armrest and pull on the inner trim, in leather.
  parts.place('leather', new RoundedBoxGeometry(0.07, 0.05, 0.62, 2, 0.02), [innerX + spec.side * 0.07, 0.72, midZ]);
  parts.place('leather', new RoundedBoxGeometry(0.03, 0.2, 0.66, 2, 0.012), [innerX + spec.side * 0.11, 0.86, midZ]);

  // Handle near the rear edge, just under the shoulder line.
  const handleI = Math.max(
    iRear,
    grid.sections.findIndex((s) => s.z > spec.rearZ + 0.17),
  );
  const handleAt = grid.point(handleI, ring(ROW.lampStrip)).sub(origin);
  const handleMaterial: MaterialKey = isBrightTrim(trim) ? 'chrome' : 'paint';
  parts.place(handleMaterial, new RoundedBoxGeometry(0.03, 0.032, 0.17, 2, 0.012), [
    handleAt.x + spec.side * 0.012,
    handleAt.y - 0.02,
    handleAt.z,
  ]);

  if (spec.mirror) addMirror(parts, spec.side, origin);

  const pivot = new THREE.Group();
  pivot.name = spec.name;
  pivot.position.copy(origin);
  for (const mesh of parts.meshes(materials, spec.name)) pivot.add(mesh);
  return pivot;
}

/** Door-mounted mirror at the front top corner of the door, ahead of the window, sticking out sideways. */
function addMirror(parts: PartCollector, side: number, origin: THREE.Vector3): void {
  const z = 0.9 - origin.z;
  const y = beltY(0.9) + 0.075;
  const x = side * 0.1;
  parts.place('trim', new RoundedBoxGeometry(0.19, 0.105, 0.09, 3, 0.04), [x, y, z], [0, side * 0.12, 0]);
  parts.place('chrome', new THREE.PlaneGeometry(0.16, 0.08), [x - side * 0.006, y, z - 0.047], [0, Math.PI, 0]);
  parts.place('gloss', new RoundedBoxGeometry(0.09, 0.035, 0.06, 2, 0.012), [side * 0.0, y - 0.04, z + 0.005]);
}
