// Fidelity benchmark (issue 31 item 8): how close the engine's raster picture comes to a converged path-traced
// reference of the same view, and how true each paint's colour is.
//
// - For each look view (studio three-quarter, desert noon, desert sunset, an HDRI backdrop; scripts/look-views.mjs)
//   three stills of the same size: the path-traced reference (BENCH_FIDELITY_SAMPLES samples), the frame a drag
//   streams (one raster sample at 0.4 of the size, the drag's lighter car, scaled up as the viewport scales it) and
//   the frame the stream settles on (raster, 16 jittered samples). Each raster
//   frame is scored against the reference with SSIM (ssim.js, its defaults: 11 × 11 windows on luminance);
//   1 means the same picture.
// - Denoising (issue 31 item 5): for each view, path-traced stills of few samples (BENCH_FIDELITY_DENOISE, "4,16"),
//   raw and denoised, scored against the same reference: how many samples the denoiser saves.
// - For each paint of the catalogue, the car side on under an even white dome (radiance 1 from every direction, the
//   default Neutral tone mapper): the door's median colour against the paint's catalogue sRGB, as CIEDE2000 (culori).
//   Measured twice, as a colour meter's d/8 sphere does: with the gloss included (SCI: a clear coat's reflection
//   counts, what a customer sees of a glossy car in a light tent) and with it excluded (SCE: a light trap in the dome
//   where the door mirrors it back at the camera, the dome brighter elsewhere so the door takes the same light: the
//   paint's own colour, which the catalogue colour is).
//
// `node bench/fidelity-bench.mjs [--engine <checkout>/apps/engine] [--out <folder>]`: --engine scores another build
// (an earlier commit's worktree after `tsc -b`; copy this checkout's apps/engine/src/tools there first, as for
// docs:look); --out keeps the stills.
// BENCH_FIDELITY=views|denoise|paints runs one part; BENCH_FIDELITY_WIDTH (320) sets the stills' width at 16:9 and
// BENCH_FIDELITY_SAMPLES (32) the reference's samples: the path tracer runs on the CPU here, a minute or more a view.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { differenceCiede2000, parse } from 'culori';
import { ssim } from 'ssim.js';
import { PAINTS, TRIMS, paintKey } from '../apps/engine/dist/contract/car-catalogue.js';
import { Pixels, SIDE_ON_DOOR } from '../apps/engine/dist/test/pixels.js';
import { rgbeImage } from '../apps/engine/dist/test/rgbe.js';
import { exteriorViews } from '../scripts/look-views.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { engine: { type: 'string', default: path.join(root, 'apps/engine') }, out: { type: 'string' } },
});
const engine = path.resolve(values.engine);
const { withRenderer } = await import(path.join(engine, 'dist/tools/run-tool.js'));
const { stillRequest } = await import(path.join(engine, 'dist/tools/still-request.js'));
const WIDTH = Number(process.env.BENCH_FIDELITY_WIDTH ?? 320);
const HEIGHT = Math.round((WIDTH * 9) / 16);
const REFERENCE_SAMPLES = Number(process.env.BENCH_FIDELITY_SAMPLES ?? 32);
/** `BENCH_FIDELITY=views` or `paints` runs one of the two parts. */
const ONLY = process.env.BENCH_FIDELITY;
const VIEWS = ONLY === 'paints' ? {} : exteriorViews();
/** Path-traced samples of the denoising comparison. */
const DENOISE_SAMPLES =
  ONLY === undefined || ONLY === 'denoise' ? (process.env.BENCH_FIDELITY_DENOISE ?? '4,16').split(',').map(Number) : [];
const RASTER_FRAMES = ONLY === undefined || ONLY === 'views';
const PAINTS_MEASURED = ONLY === undefined || ONLY === 'paints' ? PAINTS : [];
/** What the issue asks of each paint. */
const DELTA_E_LIMIT = 3;

if (values.out) fs.mkdirSync(values.out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-fidelity-'));
/** Half the angle of the light trap around the mirror direction: wider than the clear coat's gloss lobe. */
const TRAP = (20 * Math.PI) / 180;
const domes = { SCI: path.join(work, 'white-dome.hdr'), SCE: path.join(work, 'white-dome-trap.hdr') };
fs.writeFileSync(
  domes.SCI,
  rgbeImage(64, 32, () => [1, 1, 1]),
);
// The camera stands side on at +X (crane yaw 90), so the door mirrors +X back at it: the image's centre (three's
// equirectangular u = atan(z, x) / 2π + 0.5). A cap of half-angle α takes sin²α of a facing surface's light.
const lit = 1 / Math.cos(TRAP) ** 2;
fs.writeFileSync(
  domes.SCE,
  rgbeImage(256, 128, (x, y) => {
    const azimuth = ((x + 0.5) / 256 - 0.5) * 2 * Math.PI;
    const elevation = (0.5 - (y + 0.5) / 128) * Math.PI;
    const fromMirror = Math.acos(Math.cos(azimuth) * Math.cos(elevation));
    return fromMirror < TRAP ? [0, 0, 0] : [lit, lit, lit];
  }),
);
const size = ['--width', String(WIDTH), '--height', String(HEIGHT)];

/** The stills: for each view its reference, drag and settled frames; for each paint the car side on in the dome. */
const requests = new Map();
for (const [view, flags] of Object.entries(VIEWS)) {
  // The reference is the tracer's raw average: denoising it would score the denoiser against itself.
  const traced = (samples, denoise) => [
    '--renderer',
    'path-tracer',
    '--samples',
    String(samples),
    '--denoise',
    denoise,
  ];
  requests.set(
    `${view}/reference`,
    await stillRequest(['--out', 'x.png', ...size, ...flags, ...traced(REFERENCE_SAMPLES, 'off')]),
  );
  if (RASTER_FRAMES) {
    requests.set(`${view}/drag`, await stillRequest(['--out', 'x.png', ...size, ...flags, '--drag-scale', '0.4']));
    requests.set(`${view}/settled`, await stillRequest(['--out', 'x.png', ...size, ...flags, '--samples', '16']));
  }
  for (const samples of DENOISE_SAMPLES) {
    for (const denoise of ['off', 'on'])
      requests.set(
        `${view}/traced-${samples}-${denoise}`,
        await stillRequest(['--out', 'x.png', ...size, ...flags, ...traced(samples, denoise)]),
      );
  }
}
for (const paint of PAINTS_MEASURED) {
  const trim = TRIMS.find((t) => t.paints.includes(paintKey(paint.name)));
  for (const [geometry, dome] of Object.entries(domes)) {
    const flags = ['--yaw', '90', '--pitch', '0', '--distance', '500', '--samples', '4', '--hdri', dome];
    requests.set(
      `paint/${paint.name}/${geometry}`,
      await stillRequest(['--out', 'x.png', ...size, ...flags, '--trim', trim.name, '--paint', paint.name]),
    );
  }
}

// One engine for every still: the path tracer's shaders compile once (about a minute and a half on SwiftShader).
const [first] = requests.values();
const files = Object.assign({}, ...[...requests.values()].map((request) => request.files));
const images = await withRenderer(
  first.state,
  async (renderer) => {
    const rendered = new Map();
    for (const [name, request] of requests) {
      const started = performance.now();
      await renderer.apply(request.state);
      const png = await renderer.still(request.still);
      if (values.out) fs.writeFileSync(path.join(values.out, `${name.replace(/[/ ]/g, '-')}.png`), png);
      const image = Pixels.fromPng(png);
      rendered.set(name, { image, seconds: (performance.now() - started) / 1000 });
    }
    return rendered;
  },
  files,
);
fs.rmSync(work, { recursive: true, force: true });

const score = (view, frame) => ssim(images.get(`${view}/${frame}`).image, images.get(`${view}/reference`).image).mssim;
console.log(`Fidelity of ${engine} at ${WIDTH}×${HEIGHT}, against ${REFERENCE_SAMPLES} path-traced samples`);
if (RASTER_FRAMES) console.log('view                  SSIM drag  SSIM settled  reference s');
for (const view of RASTER_FRAMES ? Object.keys(VIEWS) : []) {
  const seconds = images.get(`${view}/reference`).seconds;
  console.log(
    `${view.padEnd(22)}${score(view, 'drag').toFixed(4).padStart(9)}${score(view, 'settled').toFixed(4).padStart(14)}` +
      `${seconds.toFixed(0).padStart(13)}`,
  );
}

if (DENOISE_SAMPLES.length > 0) {
  console.log(
    `\nview                  ${DENOISE_SAMPLES.map((n) => `SSIM ${n} raw  ${n} denoised  s raw  s denoised`).join('  ')}`,
  );
  for (const view of Object.keys(VIEWS)) {
    let line = view.padEnd(22);
    for (const samples of DENOISE_SAMPLES) {
      const [raw, denoised] = ['off', 'on'].map((denoise) => `traced-${samples}-${denoise}`);
      line += `${score(view, raw).toFixed(4).padStart(10)}${score(view, denoised).toFixed(4).padStart(13)}`;
      line += `${images.get(`${view}/${raw}`).seconds.toFixed(1).padStart(7)}${images.get(`${view}/${denoised}`).seconds.toFixed(1).padStart(12)}  `;
    }
    console.log(line.trimEnd());
  }
}

const deltaE = differenceCiede2000();
if (ONLY !== 'views') console.log('\npaint               catalogue  SCI        ΔE2000  SCE        ΔE2000');
const within = { SCI: 0, SCE: 0 };
for (const paint of PAINTS_MEASURED) {
  let line = `${paint.name.padEnd(20)}${paint.color.padEnd(11)}`;
  for (const geometry of Object.keys(domes)) {
    const { r, g, b } = images.get(`paint/${paint.name}/${geometry}`).image.median(SIDE_ON_DOOR);
    const measured = `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    const difference = deltaE(parse(paint.color), parse(measured));
    if (difference <= DELTA_E_LIMIT) within[geometry] += 1;
    line += `${measured.padEnd(11)}${difference.toFixed(1).padEnd(8)}`;
  }
  console.log(line.trimEnd());
}
if (ONLY !== 'views') {
  for (const [geometry, count] of Object.entries(within))
    console.log(`${geometry}: ${count} of ${PAINTS_MEASURED.length} paints within ΔE2000 ${DELTA_E_LIMIT}`);
}
