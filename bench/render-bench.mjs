// Render service benchmark (issue 14): wall time from request to completed through the service, against the
// engine's own render time for the same output on the same engine in the same run (the service's overhead: queue,
// scene, polling, reading outputs, storing, thumbnail, rendered asset), for a 1920×1080 still with 8 spatial samples
// and a 1280×720 Exterior 360 video (1 sample per frame: the reference engine renders on the CPU here); and the
// video's frames per second of rendering and of encoding (ffmpeg alone on the same frames).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '../apps/server/dist/app.js';
import { VideoEncoder } from '../apps/server/dist/modules/render/ffmpeg.js';
import { API_ROUTES, PRESET_ANIMATION_SHOTS, pathTo } from '../packages/protocol/dist/index.js';
import { apiPoster, benchEnv, benchUser, cameraCall, sleep, startEngineProcess } from './support.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** `BENCH_RENDER=still` or `video` runs one of the two (the video takes minutes on a CPU). */
const ONLY = process.env.BENCH_RENDER;
/**
 * The still is measured in rounds, engine then service, and the median of the rounds' ratios is the figure: on two
 * shared cores one render can run 10% slower than the next for no reason of its own.
 */
const STILL_ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 3);
const STILL = { Width: 1920, Height: 1080, Format: 'PNG', SpatialSamples: 8, TemporalSamples: 1, Quality: 'MEDIUM' };
const VIDEO = {
  Width: 1280,
  Height: 720,
  Format: 'JPG',
  SpatialSamples: 1,
  TemporalSamples: 1,
  Quality: 'LOW',
  Shot: PRESET_ANIMATION_SHOTS['Exterior 360'],
};

/** The engine alone: start, poll, read every output as the service does; milliseconds and the outputs' bytes. */
async function engineRender(instanceId, settings) {
  const started = performance.now();
  const { JobId } = await cameraCall(instanceId, 'StartRenderJob', { Settings: settings });
  const images = [];
  for (;;) {
    const status = await cameraCall(instanceId, 'GetRenderJobStatus', { JobId });
    for (const output of status.Outputs.slice(images.length)) {
      const { Data } = await cameraCall(instanceId, 'ReadRenderOutput', { Path: output.Path });
      images.push(Buffer.from(Data, 'base64'));
    }
    if (status.Status === 'Completed') break;
    if (status.Status !== 'Rendering') throw new Error(`engine render ${status.Status}: ${status.Error}`);
    await sleep(100);
  }
  const ms = performance.now() - started;
  await cameraCall(instanceId, 'CancelRenderJob', { JobId });
  return { ms, images };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-render-bench-'));
const engine = await startEngineProcess(path.join(root, 'apps/engine'), path.join(dataDir, 'engine'), 120_000);
const app = await buildApp(
  loadConfig(
    benchEnv(path.join(dataDir, 'server'), {
      RENDER_ENGINE_INSTANCES: engine.instanceId,
      RENDER_POLL_MS: '50',
    }),
  ),
);
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const post = apiPoster(origin);
  const token = await benchUser(post);
  const service = async (route, request) => {
    const started = performance.now();
    const { jobId } = await post(route, request, token);
    for (;;) {
      const response = await fetch(`${origin}/api${pathTo(API_ROUTES.render.status, { jobId })}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const job = await response.json();
      if (job.status === 'completed') return performance.now() - started;
      if (job.status === 'failed') throw new Error(`service render failed: ${job.error}`);
      await sleep(50);
    }
  };
  const metadata = { name: 'Bench' };

  // Warm both paths once (shader compilation, the first page work) at a small size.
  await engineRender(engine.instanceId, { ...STILL, Width: 320, Height: 180 });

  if (ONLY !== 'video') await benchStill(service, metadata);
  if (ONLY !== 'still') await benchVideo(service, metadata);
} finally {
  await app.close();
  engine.child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function benchStill(service, metadata) {
  const ratios = [];
  for (let round = 1; round <= STILL_ROUNDS; round += 1) {
    const stillEngine = await engineRender(engine.instanceId, STILL);
    const stillService = await service(API_ROUTES.render.still, {
      resolutionPreset: '1080p',
      imageFormat: 'PNG',
      antiAliasSpatial: 8,
      antiAliasTemporal: 1,
      quality: 'MEDIUM',
      settings: {},
      metadata,
    });
    ratios.push(stillService / stillEngine.ms);
    console.log(
      `still 1920×1080, 8 samples, round ${round}: engine ${(stillEngine.ms / 1000).toFixed(2)} s | ` +
        `service ${(stillService / 1000).toFixed(2)} s | service / engine ${ratios.at(-1).toFixed(3)}×`,
    );
  }
  const median = ratios.toSorted((a, b) => a - b)[Math.floor(ratios.length / 2)];
  console.log(`still 1920×1080, 8 samples: service / engine, median of ${ratios.length} rounds ${median.toFixed(3)}×`);
}

async function benchVideo(service, metadata) {
  const videoEngine = await engineRender(engine.instanceId, VIDEO);
  const frames = videoEngine.images.length;
  const encodeFile = path.join(dataDir, 'encode.mp4');
  const encodeStarted = performance.now();
  const encoder = new VideoEncoder('ffmpeg', {
    frameRate: VIDEO.Shot.FrameRate,
    frames: 'jpeg',
    format: 'MP4',
    output: encodeFile,
  });
  for (const image of videoEngine.images) await encoder.write(image);
  await encoder.finish();
  const encodeMs = performance.now() - encodeStarted;
  const videoService = await service(API_ROUTES.render.video, {
    animationType: 'preset',
    selectedAnimation: 'Exterior 360',
    resolutionPreset: '720p',
    videoFormat: 'MP4',
    antiAliasSpatial: 1,
    antiAliasTemporal: 1,
    quality: 'LOW',
    settings: {},
    metadata,
  });
  console.log(
    `video Exterior 360, ${frames} frames at 1280×720: engine ${(videoEngine.ms / 1000).toFixed(1)} s ` +
      `(${((frames * 1000) / videoEngine.ms).toFixed(1)} frames/s rendered and read) | ffmpeg alone ` +
      `${(encodeMs / 1000).toFixed(1)} s (${((frames * 1000) / encodeMs).toFixed(1)} frames/s encoded) | service ` +
      `${(videoService / 1000).toFixed(1)} s | service / engine ${(videoService / videoEngine.ms).toFixed(3)}×`,
  );
}
