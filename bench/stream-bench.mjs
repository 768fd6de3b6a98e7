// Stream benchmark (issue 5): control-to-photon — from the remote-control call that changes the paint (through the
// relay, as the web app sends it) to the first frame in a real player whose picture shows the new paint — and the
// stream's frames per second while idle and while dragging. One real engine (local provider: a child process with
// Chromium) and one player in a second Chromium, all on this machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '../apps/server/dist/app.js';
import { StreamPlayer } from '../apps/server/dist/test/stream-player.js';
import { API_ROUTES, ENGINE_OBJECT_PATHS } from '../packages/protocol/dist/index.js';
import { apiPoster, benchEnv, benchUser, freePort, openRelay, quantile, sleep } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Where to save what the player shows halfway through the drag (a PNG), to look at a moving frame. */
const SHOT = process.env.BENCH_STREAM_SHOT;

/** In the player page: the video's current frame as a PNG data URL, at the stream's own size. */
const GRAB = `(() => {
  const video = document.querySelector('video');
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth; canvas.height = video.videoHeight;
  canvas.getContext('2d').drawImage(video, 0, 0);
  return canvas.toDataURL('image/png');
})()`;

/** In the player page: resolves with Date.now() at the first decoded frame whose centre is mostly the wanted hue. */
const WATCH = `window.watchPaint = (wanted) => new Promise((resolve) => {
  const video = document.querySelector('video');
  const canvas = document.createElement('canvas');
  const check = (now, frame) => {
    const w = 64, h = 36;
    canvas.width = w; canvas.height = h;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(video, 0, 0, w, h);
    const data = context.getImageData(w * 0.3, h * 0.35, w * 0.4, h * 0.4).data;
    let r = 0, b = 0;
    for (let i = 0; i < data.length; i += 4) { r += data[i]; b += data[i + 2]; }
    const n = data.length / 4;
    const hit = wanted === 'red' ? r / n > b / n + 25 : b / n > r / n + 25;
    if (hit) resolve(Date.now()); else video.requestVideoFrameCallback(check);
  };
  video.requestVideoFrameCallback(check);
});`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-stream-bench-'));
// Players are sent to the session's instanceUrl, built from PUBLIC_URL: it must be the port this run listens on.
const port = await freePort();
const app = await buildApp(
  loadConfig(
    benchEnv(dataDir, {
      ENGINE_PROVIDER: 'local',
      ENGINE_MAX: '1',
      ENGINE_WARM: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
  ),
);
const origin = await app.listen({ host: '127.0.0.1', port });
let player = null;
try {
  const post = apiPoster(origin);
  const accessToken = await benchUser(post);
  const { sessionDetails } = await post(API_ROUTES.sessions.requestAllocate, {}, accessToken);
  const { instanceId, instanceUrl } = sessionDetails;
  const relay = await openRelay(origin, accessToken, instanceId);
  const call = (object, functionName, parameters) =>
    relay.call({ objectPath: ENGINE_OBJECT_PATHS[object], functionName, parameters });

  player = await StreamPlayer.launch();
  await player.page.evaluate(WATCH);
  const started = Date.now();
  await player.start(`${instanceUrl}&token=${encodeURIComponent(accessToken)}`);
  // Until the signalling config arrives the player has no peer connection to ask.
  const decoded = async () => (await player.stats().catch(() => ({ framesDecoded: 0 }))).framesDecoded;
  while ((await decoded()) === 0) {
    if (Date.now() - started > 90_000) throw new Error('no frame within 90 s');
    await sleep(100);
  }
  console.log(`first frame ${((Date.now() - started) / 1000).toFixed(2)} s after the player connected`);
  // The targets are for a 640×360 stream: ask for it as Epic's frontend does (MatchViewportRes).
  await player.sendCommand({ 'Resolution.Width': 640, 'Resolution.Height': 360 });
  await sleep(3000);

  const receivedBefore = await player.stats();
  const latencies = [];
  // When the engine answered the call: its frame is drawn by then; the rest is the stream's.
  const answers = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const wanted = round % 2 === 0 ? 'red' : 'blue';
    const seen = player.page.evaluate((hue) => globalThis.watchPaint(hue), wanted);
    const sent = Date.now();
    await call('car', 'Update Car Material', { MaterialToSet: wanted === 'red' ? 'Rallye Red' : 'Cobalt Blue' });
    answers.push(Date.now() - sent);
    const shown = await Promise.race([seen, sleep(10_000).then(() => NaN)]);
    latencies.push(shown - sent);
    await sleep(1500);
  }
  const received = await player.stats();
  const perFrame = (total, count) => (1000 * total) / Math.max(1, count);
  console.log(
    `rounds (ms): ${latencies.map((ms) => ms.toFixed(0)).join(' ')}; in the player, per frame: jitter buffer ` +
      `${perFrame(received.jitterBufferDelay - receivedBefore.jitterBufferDelay, received.jitterBufferEmittedCount - receivedBefore.jitterBufferEmittedCount).toFixed(1)} ms, ` +
      `decode ${perFrame(received.totalDecodeTime - receivedBefore.totalDecodeTime, received.framesDecoded - receivedBefore.framesDecoded).toFixed(1)} ms`,
  );
  const valid = latencies.filter(Number.isFinite).sort((a, b) => a - b);
  console.log(
    `control-to-photon (paint change → first frame showing it), ${valid.length}/${ROUNDS} seen: ` +
      `p50 ${quantile(valid, 0.5).toFixed(0)} ms, p90 ${quantile(valid, 0.9).toFixed(0)} ms ` +
      `(the call itself, answered once the frame is drawn: p50 ${quantile(
        answers.sort((a, b) => a - b),
        0.5,
      ).toFixed(0)} ms)`,
  );

  const fpsOver = async (work) => {
    const before = (await player.stats()).framesDecoded;
    const from = Date.now();
    await work();
    return ((await player.stats()).framesDecoded - before) / ((Date.now() - from) / 1000);
  };
  await sleep(2000);
  const idle = await fpsOver(() => sleep(SECONDS * 1000));
  await call('camera', 'updateViewPortInteraction', { isHolding: true });
  const dragging = await fpsOver(async () => {
    const until = Date.now() + SECONDS * 1000;
    let shot = SHOT ? Date.now() + (SECONDS * 1000) / 2 : Infinity;
    // As the viewport's drag does: one call in flight, at most one per pointer event (60 Hz).
    while (Date.now() < until) {
      const t0 = Date.now();
      await call('camera', 'CameraRigCraneControll', { deltaYaw: 2, deltaPitch: 0, deltaArm: 0 });
      if (t0 >= shot) {
        shot = Infinity;
        const url = await player.page.evaluate(GRAB);
        fs.writeFileSync(SHOT, Buffer.from(url.split(',')[1], 'base64'));
      }
      await sleep(Math.max(0, 16 - (Date.now() - t0)));
    }
  });
  await call('camera', 'updateViewPortInteraction', { isHolding: false });
  const size = await player.stats();
  console.log(
    `stream frames/s at ${size.frameWidth}×${size.frameHeight} (${size.codec}): idle ${idle.toFixed(1)}, dragging ${dragging.toFixed(1)}`,
  );
  relay.socket.close();
} finally {
  await player?.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
