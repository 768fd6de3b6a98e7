// The views the reference engine's look is judged by (issue 31): `npm run docs:look` renders them at 1920×1080 for
// docs/renders/look, bench/fidelity-bench.mjs scores them against a path-traced reference. Flags of the engine's
// still tool (apps/engine/src/tools/still.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as THREE from 'three';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';
import { rgbeImage } from '../apps/engine/dist/test/rgbe.js';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The HDRI view's image: a CC0 capture of @pmndrs/assets, written as Radiance .hdr so that an engine from before
 * OpenEXR support renders the same image.
 */
export function hdriFile() {
  const file = path.join(os.tmpdir(), 'autostudio-look-warehouse.hdr');
  if (fs.existsSync(file)) return file;
  const module = fs.readFileSync(path.join(root, 'node_modules/@pmndrs/assets/hdri/warehouse.exr.js'), 'utf8');
  const base64 = module.slice(module.indexOf('base64,') + 7, module.lastIndexOf("'"));
  const bytes = Buffer.from(base64, 'base64');
  const image = new EXRLoader().setDataType(THREE.FloatType).parse(bytes.buffer.slice(bytes.byteOffset));
  const { width, height, data } = image;
  const channels = data.length / (width * height);
  // EXR rows run bottom-up in three's parse, Radiance's top-down.
  const at = (x, y) => ((height - 1 - y) * width + x) * channels;
  fs.writeFileSync(
    file,
    rgbeImage(width, height, (x, y) => [data[at(x, y)], data[at(x, y) + 1], data[at(x, y) + 2]]),
  );
  return file;
}

const framing = ['--yaw', '25', '--pitch', '4', '--distance', '420'];

/** The exterior views: studio three-quarter, desert noon, desert sunset, an HDRI backdrop. */
export const exteriorViews = () => ({
  'studio-three-quarter': [...framing],
  'desert-noon': [...framing, '--environment', 'desert', '--time', 'Noon'],
  'desert-sunset': [...framing, '--environment', 'desert', '--time', 'Sunset', '--yaw', '150'],
  'hdri-warehouse': [...framing, '--hdri', hdriFile()],
});

/** Every view of the look documentation: the exterior ones and the cabin. */
export const lookViews = () => ({ ...exteriorViews(), interior: ['--interior', 'on', '--focal-length', '16'] });
