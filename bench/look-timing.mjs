// Production render times of the look (issue 31 item 5): the new look must not make renders slower. On the
// reference engine alone (the service adds the same overhead to both, see render-bench.mjs), two renders the issue
// names: a 1080p MEDIUM still at the default 8 × 8 anti-aliasing (64 samples), and the 720p LOW video of Exterior
// 360 (8 × 8 at LOW: 16 samples a frame), timed per frame over BENCH_LOOK_FRAMES frames (default 360, all of it: 15 s
// at 24 fps) of the same camera move. BENCH_LOOK=still or video times one of them.
//
// `node bench/look-timing.mjs [--baseline <checkout>/apps/engine]`: with a baseline (an earlier commit's worktree
// after `tsc -b && tsc -b apps/engine/src/page`) each render runs twice on both builds (baseline, this, this,
// baseline), and the figure is this build's time over the baseline's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PRESET_ANIMATION_SHOTS } from '../packages/protocol/dist/index.js';
import { cameraCall, sleep, startEngineProcess } from './support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { baseline: { type: 'string' } } });
const FRAMES = Number(process.env.BENCH_LOOK_FRAMES ?? 360);
const exterior = PRESET_ANIMATION_SHOTS['Exterior 360'];
/** `BENCH_LOOK=still` or `video` times one of the two. */
const ONLY = process.env.BENCH_LOOK;
const ALL_RENDERS = {
  'still 1920×1080 MEDIUM 8×8': {
    Width: 1920,
    Height: 1080,
    Format: 'JPG',
    SpatialSamples: 8,
    TemporalSamples: 8,
    Quality: 'MEDIUM',
  },
  [`video 1280×720 LOW 8×8, ${FRAMES} frames`]: {
    Width: 1280,
    Height: 720,
    Format: 'JPG',
    SpatialSamples: 8,
    TemporalSamples: 8,
    Quality: 'LOW',
    // The whole turn in fewer frames when asked: each frame costs what it does in the full video.
    Shot: { ...exterior, Frames: FRAMES },
  },
};
const RENDERS = Object.fromEntries(Object.entries(ALL_RENDERS).filter(([name]) => !ONLY || name.startsWith(ONLY)));

/** Seconds from start to completed; the outputs stay on the engine (reading them is the service's part). */
async function render(instanceId, settings) {
  const started = performance.now();
  const { JobId } = await cameraCall(instanceId, 'StartRenderJob', { Settings: settings });
  for (;;) {
    const status = await cameraCall(instanceId, 'GetRenderJobStatus', { JobId });
    if (status.Status === 'Completed') break;
    if (status.Status !== 'Rendering') throw new Error(`render ${status.Status}: ${status.Error}`);
    await sleep(200);
  }
  const seconds = (performance.now() - started) / 1000;
  await cameraCall(instanceId, 'CancelRenderJob', { JobId });
  return seconds;
}

const builds = {
  ...(values.baseline ? { baseline: path.resolve(values.baseline) } : {}),
  this: path.join(root, 'apps/engine'),
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-look-timing-'));
const times = {};
// With a baseline the builds run baseline, this, this, baseline and each is timed by its two runs together: the
// second of two back-to-back runs of one build took up to 6 % longer than the first here (the same build against
// itself: 1.016× and 1.057×), so a fixed order favoured the baseline; this order cancels a drift that is steady.
const order = values.baseline ? ['baseline', 'this', 'this', 'baseline'] : ['this'];
try {
  // One engine at a time: two would share the two cores.
  for (const [pass, build] of order.entries()) {
    const engineDir = builds[build];
    const engine = await startEngineProcess(engineDir, path.join(dataDir, `${build}-${pass}`));
    try {
      await render(engine.instanceId, { ...ALL_RENDERS['still 1920×1080 MEDIUM 8×8'], Width: 320, Height: 180 });
      for (const [name, settings] of Object.entries(RENDERS)) {
        const seconds = await render(engine.instanceId, settings);
        times[name] = { ...times[name], [build]: (times[name]?.[build] ?? 0) + seconds };
        const perFrame = settings.Shot ? ` (${(seconds / FRAMES).toFixed(2)} s a frame)` : '';
        console.log(`${build.padEnd(9)}${name.padEnd(36)}${seconds.toFixed(1).padStart(8)} s${perFrame}`);
      }
    } finally {
      engine.child.kill('SIGTERM');
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (values.baseline) {
  for (const [name, { baseline, this: current }] of Object.entries(times))
    console.log(`${name}: this build / baseline ${(current / baseline).toFixed(3)}×`);
}
