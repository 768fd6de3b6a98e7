import { GLTFExporter } from 'three/addons/exporters/GLTFExporter.js';
import { toBase64 } from '../pipeline/encode.js';
import type { CarRig } from './car-rig.js';

/** The built-in car as one GLB, in base64: a glTF scene per trim, named by the trim (the model conventions' trim rule). */
export async function builtInCarGlb(car: CarRig): Promise<string> {
  const result = await new GLTFExporter().parseAsync(car.exportScenes(), { binary: true });
  if (!(result instanceof ArrayBuffer)) throw new Error('The exporter did not produce a GLB');
  return toBase64(new Uint8Array(result));
}
