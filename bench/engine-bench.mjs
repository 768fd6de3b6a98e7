// Reference engine benchmark (issue 4): engine start to ready, interactive frames at 640×360 and refined samples
// at 1280×720 against a bare three.js scene with the same triangle count (same run, same machine), and a 1920×1080
// still, and path tracing against raster samples. Frame times wait for each frame to finish (a 1-pixel read), so they
// are the frame's cost, not the call's.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, processTreeCpuSeconds } from './support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { ChromiumRenderer } = await import(path.join(root, 'apps/engine/dist/renderer/chromium-renderer.js'));
const { initialSceneState } = await import(path.join(root, 'apps/engine/dist/scene/initial-state.js'));

const FRAMES = Number(process.env.BENCH_FRAMES ?? 20);

/**
 * Spawns `npm run engine`'s CLI and times it until GET /remote/info answers: wall time and the CPU it took. `cacheDir`
 * is its page cache (`off`: none, as every start was before the cache); with `keeps`, the engine is stopped only once
 * it has kept its map there (it hands the map over after its first frame, so stopped at once it keeps nothing).
 */
async function startToReady(dataDir, cacheDir, { keeps = false } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'apps/engine/dist/cli.js'),
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--cache-dir',
      cacheDir,
    ],
    {
      stdio: 'ignore',
    },
  );
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/remote/info`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        const result = { ms: performance.now() - started, cpuSeconds: processTreeCpuSeconds(child.pid) };
        if (keeps) await entryIn(cacheDir);
        return result;
      }
      if (performance.now() - started > 120_000) throw new Error('engine did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** Waits until a page cache folder holds an entry. */
async function entryIn(cacheDir) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const files = await readdir(cacheDir).catch(() => []);
    if (files.some((file) => file.endsWith('.bin'))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the engine kept nothing in ${cacheDir}`);
}

async function framesAt(width, height, interactive, dataDir) {
  const renderer = new ChromiumRenderer({ width, height, dataDir });
  try {
    await renderer.start(initialSceneState({ width, height }));
    return await renderer.benchmark({ frames: FRAMES, interactive });
  } finally {
    await renderer.close();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'autostudio-engine-bench-'));
try {
  /** Three starts: the median and each run, in seconds to ready and in CPU seconds. */
  const threeStarts = async (name, cacheDir) => {
    const starts = [];
    for (let i = 0; i < 3; i += 1) starts.push(await startToReady(path.join(dataDir, `${name}-${i}`), cacheDir));
    const ready = starts.map((s) => s.ms).sort((a, b) => a - b);
    const cpu = starts.map((s) => s.cpuSeconds).sort((a, b) => a - b);
    console.log(
      `engine start → ready, ${name}: median ${(ready[1] / 1000).toFixed(2)} s (runs: ${ready.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s), ` +
        `median ${cpu[1].toFixed(1)} CPU-s of the engine and its Chromium (runs: ${cpu.map((c) => c.toFixed(1)).join(', ')})`,
    );
    return { ms: ready[1], cpuSeconds: cpu[1] };
  };
  // The baseline: no page cache, so each start prefilters the studio's reflection map.
  const uncached = await threeStarts('no page cache', 'off');
  // The first start on an empty cache prefilters and keeps the map; the starts after it upload it.
  const cacheDir = path.join(dataDir, 'page-cache');
  const filling = await startToReady(path.join(dataDir, 'first'), cacheDir, { keeps: true });
  console.log(
    `engine start → ready, first on an empty page cache (keeps the map): ${(filling.ms / 1000).toFixed(2)} s, ${filling.cpuSeconds.toFixed(1)} CPU-s`,
  );
  const cached = await threeStarts('page cache filled', cacheDir);
  console.log(
    `engine start with the page cache against without: ${(cached.ms / uncached.ms).toFixed(2)}× the time, ` +
      `${(cached.cpuSeconds / uncached.cpuSeconds).toFixed(2)}× the CPU`,
  );

  const interactive = await framesAt(640, 360, true, dataDir);
  console.log(
    `interactive 640×360 (drawn at 0.4 of its size): ${interactive.frameMs.toFixed(1)} ms/frame = ${(1000 / interactive.frameMs).toFixed(1)} fps; ` +
      `bare three.js, ${interactive.triangles} triangles at the same size: ${interactive.bareMs.toFixed(1)} ms; ratio ${(interactive.frameMs / interactive.bareMs).toFixed(2)}×`,
  );
  const refined = await framesAt(1280, 720, false, dataDir);
  console.log(
    `refined 1280×720, per accumulated sample: ${refined.frameMs.toFixed(1)} ms; bare three.js, ${refined.triangles} triangles: ` +
      `${refined.bareMs.toFixed(1)} ms; ratio ${(refined.frameMs / refined.bareMs).toFixed(2)}×`,
  );

  const renderer = new ChromiumRenderer({ width: 640, height: 360, dataDir });
  await renderer.start(initialSceneState({ width: 640, height: 360 }));
  for (const samples of [1, 16]) {
    const started = performance.now();
    const image = await renderer.still({ width: 1920, height: 1080, format: 'png', samples });
    console.log(
      `still 1920×1080, ${samples} sample(s): ${((performance.now() - started) / 1000).toFixed(2)} s, ${(image.length / 1024).toFixed(0)} KB PNG`,
    );
  }

  // Path tracing (--path-tracing on forces it on a CPU host; `auto` would leave one on raster refinement): the first
  // path-traced still compiles the shader, later ones pay per sample. Raster samples at the same size are the baseline.
  const traced = (samples) =>
    renderer.still({ width: 320, height: 180, format: 'png', samples, renderer: 'pathTracer' });
  const raster = (samples) => renderer.still({ width: 320, height: 180, format: 'png', samples });
  const seconds = async (work) => {
    const started = performance.now();
    await work();
    return (performance.now() - started) / 1000;
  };
  const first = await seconds(() => traced(1));
  const one = await seconds(() => traced(1));
  const nine = await seconds(() => traced(9));
  const rasterOne = await seconds(() => raster(1));
  const rasterNine = await seconds(() => raster(9));
  const tracedSample = (nine - one) / 8;
  const rasterSample = (rasterNine - rasterOne) / 8;
  console.log(
    `path tracing 320×180: shader compile + first still ${first.toFixed(1)} s; per path-traced sample ${tracedSample.toFixed(2)} s, ` +
      `per raster sample ${(rasterSample * 1000).toFixed(1)} ms; ratio ${(tracedSample / rasterSample).toFixed(0)}×`,
  );
  await renderer.close();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
