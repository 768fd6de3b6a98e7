// `npm run docs:look -- [--engine apps/engine] [--out docs/renders/look/after] [--before docs/renders/look/before]`:
// the reference engine's look at 1920×1080, the same five views every time (studio three-quarter, desert noon,
// desert sunset, an HDRI backdrop, the cabin), rendered by the engine's still tool. With --before, a folder of the
// same views from another build (a worktree of an earlier commit, rendered with --engine), it also writes a contact
// sheet beside --out: one row per view, before | after. Needs `tsc -b` and ffmpeg. An earlier build takes
// this checkout's apps/engine/src/tools (still.ts, run-tool.ts) for the flags; the look is all in its page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as THREE from 'three';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';
import { rgbeImage } from '../apps/engine/dist/test/rgbe.js';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: path.join(root, 'apps/engine') },
    out: { type: 'string', default: path.join(root, 'docs/renders/look/after') },
    before: { type: 'string' },
    samples: { type: 'string', default: '16' },
    only: { type: 'string' },
  },
});

/**
 * The HDRI view's image: a CC0 capture of @pmndrs/assets, written as Radiance .hdr so that an engine from before
 * OpenEXR support renders the same image.
 */
function hdriFile() {
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
const VIEWS = {
  'studio-three-quarter': [...framing],
  'desert-noon': [...framing, '--environment', 'desert', '--time', 'Noon'],
  'desert-sunset': [...framing, '--environment', 'desert', '--time', 'Sunset', '--yaw', '150'],
  'hdri-warehouse': [...framing, '--hdri', hdriFile()],
  interior: ['--interior', 'on', '--focal-length', '16'],
};

const still = path.join(path.resolve(values.engine), 'dist/tools/still.js');
fs.mkdirSync(values.out, { recursive: true });
for (const [name, flags] of Object.entries(VIEWS)) {
  if (values.only && !values.only.split(',').includes(name)) continue;
  const out = path.join(values.out, `${name}.png`);
  execFileSync('node', [still, '--out', out, '--samples', values.samples, ...flags], { stdio: 'inherit' });
}

if (values.before) {
  const pairs = [];
  for (const name of Object.keys(VIEWS)) {
    const before = path.join(values.before, `${name}.png`);
    const after = path.join(values.out, `${name}.png`);
    if (!fs.existsSync(before) || !fs.existsSync(after)) continue;
    // Side by side only on the way to the contact sheet: the repository keeps the stills themselves.
    const pair = path.join(os.tmpdir(), `autostudio-look-${name}-before-after.png`);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', before, '-i', after, '-filter_complex', 'hstack', pair]);
    pairs.push(pair);
  }
  // The contact sheet: one row per view, before on the left, at a third of the size.
  const inputs = pairs.flatMap((pair) => ['-i', pair]);
  const scaled = pairs.map((_, i) => `[${i}:v]scale=1280:360[v${i}]`).join(';');
  const stack = `${pairs.map((_, i) => `[v${i}]`).join('')}vstack=inputs=${pairs.length}`;
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    pairs.length > 1 ? `${scaled};${stack}` : `[0:v]scale=1280:360`,
    path.join(path.dirname(values.out), 'contact-sheet.png'),
  ]);
  console.log(`Wrote the contact sheet of ${pairs.length} views`);
}
