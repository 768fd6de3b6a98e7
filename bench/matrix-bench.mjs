// Variant matrix benchmark (issue 34): a 3 trims × 9 paints matrix at 640×360 as one job, against the same variants
// submitted one by one as stills, through the service on the same engine in the same run. The matrix sets the
// engine's scene up once and changes only trim and paint per variant; each still borrows the engine, resets it and
// puts its whole configuration in. Combinations a trim does not offer are left out of both (the built-in car offers
// 17 of the 27). Then a still asked again, answered from the render cache. `BENCH_MATRIX_SHEET=<file>` keeps the
// matrix's contact sheet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '../apps/server/dist/app.js';
import { API_ROUTES, pathTo } from '../packages/protocol/dist/index.js';
import { TRIMS as CATALOGUE } from '../apps/engine/dist/contract/car-catalogue.js';
import { apiPoster, benchEnv, benchUser, sleep, startEngineProcess } from './support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const TRIMS = ['Terra Base', 'Terra Limited', 'Terra Wilderness'];
const PAINTS = [
  'glacier white',
  'obsidian black',
  'rallye red',
  'cobalt blue',
  'lunar silver',
  'pearl opal',
  'forest green',
  'desert sand',
  'graphite matte',
];
const RENDER = {
  resolutionPreset: 'custom',
  customResolution: { width: 640, height: 360 },
  imageFormat: 'JPG',
  antiAliasSpatial: 4,
  antiAliasTemporal: 1,
  quality: 'MEDIUM',
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-matrix-bench-'));
// As the server starts its render engines: no stream, so no idle refinement between renders.
const engine = await startEngineProcess(path.join(root, 'apps/engine'), path.join(dataDir, 'engine'), 120_000, [
  '--idle-refinement',
  'off',
]);
const app = await buildApp(
  loadConfig(
    benchEnv(path.join(dataDir, 'server'), { RENDER_ENGINE_INSTANCES: engine.instanceId, RENDER_POLL_MS: '50' }),
  ),
);
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const post = apiPoster(origin);
  const token = await benchUser(post);
  const get = async (route) =>
    (await fetch(`${origin}/api${route}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const completed = async (jobId) => {
    for (;;) {
      const job = await get(pathTo(API_ROUTES.render.status, { jobId }));
      if (job.status === 'completed') return job;
      if (job.status === 'failed') throw new Error(`render failed: ${job.error}`);
      await sleep(50);
    }
  };
  const offered = TRIMS.flatMap((trim) =>
    PAINTS.filter((paint) => CATALOGUE.find((spec) => spec.name === trim)?.paints.includes(paint)).map((paint) => ({
      trim,
      paint,
    })),
  );

  // Warm the engine once (shader compilation, the first page work) so that neither side pays for it.
  await completed(
    (await post(API_ROUTES.render.still, { ...RENDER, settings: {}, metadata: { name: 'Warm' } }, token)).jobId,
  );

  // The matrix first, on an empty render cache: it renders every variant.
  const matrixStarted = performance.now();
  const matrix = await completed(
    (
      await post(
        API_ROUTES.render.matrix,
        { ...RENDER, trims: TRIMS, paints: PAINTS, settings: {}, metadata: { name: 'Range' } },
        token,
      )
    ).jobId,
  );
  const matrixMs = performance.now() - matrixStarted;
  if (!matrix.message.startsWith(`Rendered ${offered.length} variants;`))
    throw new Error(`unexpected matrix: ${matrix.message}`);

  const stillsStarted = performance.now();
  for (const { trim, paint } of offered) {
    const request = { ...RENDER, settings: { carConfig: { trim, paint } }, metadata: { name: `${trim} ${paint}` } };
    await completed((await post(API_ROUTES.render.still, request, token)).jobId);
  }
  const stillsMs = performance.now() - stillsStarted;

  console.log(
    `matrix ${TRIMS.length} trims × ${PAINTS.length} paints at 640×360 (${offered.length} offered): ` +
      `one matrix job ${(matrixMs / 1000).toFixed(1)} s (${(matrixMs / offered.length / 1000).toFixed(2)} s a variant) | ` +
      `${offered.length} stills one by one ${(stillsMs / 1000).toFixed(1)} s (${(stillsMs / offered.length / 1000).toFixed(2)} s each) | ` +
      `matrix / stills ${(matrixMs / stillsMs).toFixed(3)}×`,
  );

  // A still asked again: answered from the render cache, against the same still rendered in this run.
  const [first] = offered;
  const again = { ...RENDER, settings: { carConfig: first }, metadata: { name: 'Again' } };
  const repeats = [];
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    const job = await post(API_ROUTES.render.still, again, token);
    if (job.status !== 'completed')
      throw new Error(`the repeated still was not answered from the cache: ${job.status}`);
    repeats.push(performance.now() - started);
  }
  const repeatMs = repeats.toSorted((a, b) => a - b)[2];
  console.log(
    `a still asked again, from the render cache: median of 5 ${repeatMs.toFixed(0)} ms, against ` +
      `${(stillsMs / offered.length / 1000).toFixed(2)} s rendered (${(repeatMs / (stillsMs / offered.length)).toFixed(3)}×)`,
  );

  if (process.env.BENCH_MATRIX_SHEET) {
    const asset = await get(pathTo(API_ROUTES.renderedAssets.items, { id: matrix.renderedAssetId }));
    const sheet = asset.find((item) => item.kind === 'contact sheet');
    const bytes = Buffer.from(
      await (await fetch(`${origin}${sheet.url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer(),
    );
    fs.writeFileSync(process.env.BENCH_MATRIX_SHEET, bytes);
    console.log(`contact sheet: ${process.env.BENCH_MATRIX_SHEET} (${sheet.width}×${sheet.height})`);
  }
} finally {
  await app.close();
  engine.child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
