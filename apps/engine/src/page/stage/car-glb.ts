import type { CarModelFormat } from '@autostudio/protocol';
import type { Object3D } from 'three';
import { GLTFExporter } from 'three/addons/exporters/GLTFExporter.js';
import { USDZExporter } from 'three/addons/exporters/USDZExporter.js';
import { toBase64 } from '../pipeline/encode.js';
import type { CarRig } from './car-rig.js';

/** The built-in car as one GLB, in base64: a glTF scene per trim, named by the trim (the model conventions' trim rule). */
export async function builtInCarGlb(car: CarRig): Promise<string> {
  return toBase64(await glb(car.exportScenes()));
}

/**
 * The car as configured (trim, paint, doors) as a GLB or USDZ file, in base64. USDZ is laid out for AR Quick Look:
 * the car stands on a horizontal plane.
 */
export async function configuredCarFile(car: CarRig, format: CarModelFormat): Promise<string> {
  const root = forExport(car.configuredRoot());
  if (format === 'GLB') return toBase64(await glb(root));
  const usdz = await new USDZExporter().parseAsync(root, {
    quickLookCompatible: true,
    ar: { anchoring: { type: 'plane' }, planeAnchoring: { alignment: 'horizontal' } },
  });
  return toBase64(usdz);
}

/**
 * A copy of the car for a file (its geometry and materials shared, not copied): nodes named as the model file named
 * them (three's loader made them unique, DOOR_FL_1, and kept the file's name in userData), and none of the engine's
 * own bookkeeping in userData, which the exporters would write out as extras.
 */
function forExport(root: Object3D): Object3D {
  const copy = root.clone();
  copy.traverse((node) => {
    const fileName: unknown = node.userData.name;
    if (typeof fileName === 'string') node.name = fileName;
    node.userData = {};
  });
  return copy;
}

async function glb(input: Parameters<GLTFExporter['parseAsync']>[0]): Promise<Uint8Array> {
  const result = await new GLTFExporter().parseAsync(input, { binary: true });
  if (!(result instanceof ArrayBuffer)) throw new Error('The exporter did not produce a GLB');
  return new Uint8Array(result);
}
