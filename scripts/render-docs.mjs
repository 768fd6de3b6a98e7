// `npm run docs:renders`: renders the pictures of docs/renders through the render service, as a user would through
// the API: a Multi Pass still of the built-in car (Beauty, Color ID, Depth and the Car, Shadow and Background
// layers) and an Exterior 360 video, of which one frame is kept. Needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { buildApp, loadConfig } from '../apps/server/dist/app.js';
import { API_ROUTES, pathTo } from '../packages/protocol/dist/index.js';
import { apiPoster, benchEnv, benchUser, sleep } from '../bench/support.mjs';

const out = path.resolve(import.meta.dirname, '../docs/renders');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-render-docs-'));
const app = await buildApp(loadConfig(benchEnv(dataDir)));
const origin = await app.listen({ host: '127.0.0.1', port: 0 });

async function finished(token, jobId) {
  for (;;) {
    const response = await fetch(`${origin}/api${pathTo(API_ROUTES.render.status, { jobId })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const job = await response.json();
    if (job.status === 'completed') return job;
    if (job.status === 'failed') throw new Error(job.error);
    process.stdout.write(`\r${job.progress}% ${job.message}`.padEnd(60));
    await sleep(500);
  }
}

const stored = async (url) =>
  buffer(await app.renderQueue.storage.get(decodeURIComponent(url.replace(/^\/api\/media\//, ''))));

try {
  fs.mkdirSync(out, { recursive: true });
  const post = apiPoster(origin);
  const token = await benchUser(post);
  const settings = { carConfig: { trim: 'Terra Limited' }, camera: { crane: { yaw: 35, pitch: 8, distance: 620 } } };

  const still = await post(
    API_ROUTES.render.still,
    {
      renderType: 'Multi Pass',
      selectedPasses: ['Color ID', 'Depth', 'Multi Layered'],
      resolutionPreset: '720p',
      imageFormat: 'PNG',
      antiAliasSpatial: 8,
      antiAliasTemporal: 2,
      quality: 'MEDIUM',
      carShadowMode: 'WithGround',
      settings,
      metadata: { name: 'Terra Limited multi pass', category: 'Exterior', brand: 'Autostudio' },
    },
    token,
  );
  const done = await finished(token, still.jobId);
  for (const output of done.outputs.filter((o) => o.kind !== 'thumbnail')) {
    const name = `multi-pass-${output.kind.toLowerCase().replace(/\s+/g, '-')}.png`;
    fs.writeFileSync(path.join(out, name), await stored(output.url));
    console.log(`\n${name}`);
  }

  const video = await post(
    API_ROUTES.render.video,
    {
      animationType: 'preset',
      selectedAnimation: 'Exterior 360',
      resolutionPreset: '720p',
      videoFormat: 'MP4',
      antiAliasSpatial: 2,
      antiAliasTemporal: 1,
      quality: 'LOW',
      settings,
      metadata: { name: 'Terra Limited turntable' },
    },
    token,
  );
  const clip = (await finished(token, video.jobId)).outputs.find((o) => o.kind === 'video');
  const file = path.join(dataDir, 'turntable.mp4');
  fs.writeFileSync(file, await stored(clip.url));
  // Frame 120 of 360: the car seen from its left rear, a third of the way round.
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    file,
    '-vf',
    'select=eq(n\\,120)',
    '-frames:v',
    '1',
    path.join(out, 'exterior-360-frame-120.png'),
  ]);
  console.log('\nexterior-360-frame-120.png');
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
