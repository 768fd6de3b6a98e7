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
import { lookViews } from './look-views.mjs';

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
const VIEWS = lookViews();

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
