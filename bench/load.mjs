// Load test (issue 15, `npm run load`): simulated users against one server process on loopback, for a bounded time.
// Each user signs in, lists and searches, uploads now and then, and takes turns at the engines: allocate a session,
// heartbeat it, stream relay calls to its engine for a while, release it. A few renders run through the render
// service. The report gives throughput, p50/p99 and errors per call, and the server's memory over time.
//
// LOAD_USERS (50), LOAD_SECONDS (600), LOAD_ENGINES (2, reference engines the server starts), LOAD_RENDERS (3),
// LOAD_DATABASE_URL (PostgreSQL; SQLite without it). Exits 1 on any error or when memory keeps growing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG_1X1 } from '../apps/server/dist/test/multipart.js';
import { API_ROUTES, ENGINE_OBJECT_PATHS, pathTo } from '../packages/protocol/dist/index.js';
import { BENCH_ADMIN, benchEnv, freePort, openRelay, quantile, sleep } from './support.mjs';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 600);
const ENGINES = Number(process.env.LOAD_ENGINES ?? 2);
const RENDERS = Number(process.env.LOAD_RENDERS ?? 3);
/** How long a user keeps an engine before giving it back to the others. */
const TURN_MS = 20_000;
/** A relay call every 100 ms while a user holds an engine: a steady stream, as a slider being moved. */
const RELAY_PACE_MS = 100;
const HEARTBEAT_MS = 5_000;
const MEMORY_SAMPLE_MS = 5_000;

/** Per call: latencies of answers as expected, errors with a sample of what came back, and expected refusals. */
const calls = new Map();
function record(name, ms, outcome, detail) {
  let entry = calls.get(name);
  if (!entry) calls.set(name, (entry = { latencies: [], errors: 0, refused: 0, samples: [] }));
  if (outcome === 'ok') entry.latencies.push(ms);
  else if (outcome === 'refused') entry.refused += 1;
  else {
    entry.errors += 1;
    if (entry.samples.length < 3) entry.samples.push(detail);
  }
}

/** One HTTP call to the API, timed; `refusedStatus` is an answer that is right under contention (no free engine). */
async function api(origin, name, { method = 'GET', url, token, json, body, headers = {}, refusedStatus }) {
  const started = performance.now();
  try {
    const response = await fetch(`${origin}/api${url}`, {
      method,
      headers: {
        ...headers,
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: json ? JSON.stringify(json) : body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.ok) {
      record(name, ms, 'ok');
      return text ? JSON.parse(text) : null;
    }
    record(
      name,
      ms,
      response.status === refusedStatus ? 'refused' : 'error',
      `${response.status} ${text.slice(0, 200)}`,
    );
  } catch (error) {
    record(name, performance.now() - started, 'error', String(error));
  }
  return undefined;
}

/** The server as it runs in production: its own process, on loopback, with its memory read from /proc. */
async function startServer(dataDir, port) {
  const root = path.resolve(import.meta.dirname, '..');
  const env = benchEnv(dataDir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    ENGINE_MAX: String(ENGINES),
    LOGIN_RATE_LIMIT: '100000',
    ...(process.env.LOAD_DATABASE_URL ? { DATABASE_URL: process.env.LOAD_DATABASE_URL } : {}),
  });
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(200)) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, origin };
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
};

async function signIn(origin, username, password) {
  const answer = await api(origin, 'sign-in', {
    method: 'POST',
    url: API_ROUTES.auth.login,
    json: { username, password },
  });
  if (!answer) throw new Error(`${username} could not sign in`);
  return answer.accessToken;
}

/** One simulated user until the deadline: browse between turns at an engine, upload now and then. */
async function user(origin, index, token, deadline) {
  const searches = ['', 'Load', 'Terra', `${index}`, 'a'];
  let nextUpload = Date.now() + 10_000 + Math.random() * 30_000;
  let nextEngineTry = Date.now() + Math.random() * 10_000;
  while (Date.now() < deadline) {
    const search = searches[Math.floor(Math.random() * searches.length)];
    await api(origin, 'GET /preset/filtered', { url: `${API_ROUTES.presets.filtered}?search=${search}`, token });
    await api(origin, 'GET /config/filtered', { url: `${API_ROUTES.configs.filtered}?search=${search}`, token });
    await api(origin, 'GET /asset-model/filtered', { url: API_ROUTES.assetModels.filtered, token });
    if (Math.random() < 0.2)
      await api(origin, 'POST /preset', {
        method: 'POST',
        url: API_ROUTES.presets.create,
        token,
        json: { name: `Load ${index} ${Date.now()}`, type: 'postProcess', settings: '{"GlobalSaturation":1}' },
      });
    if (Date.now() > nextUpload) {
      const form = new FormData();
      form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'backplate.png');
      await api(origin, 'POST /upload', { method: 'POST', url: API_ROUTES.uploads.create, token, body: form });
      nextUpload = Date.now() + 60_000;
    }
    if (Date.now() > nextEngineTry) {
      await engineTurn(origin, token, deadline);
      nextEngineTry = Date.now() + 5_000 + Math.random() * 10_000;
    }
    await sleep(1000 + Math.random() * 1000);
  }
}

/** A turn at an engine, if one is free: heartbeats and a steady stream of relay calls, then the engine goes back. */
async function engineTurn(origin, token, deadline) {
  const allocated = await api(origin, 'POST /session/requestAllocate', {
    method: 'POST',
    url: API_ROUTES.sessions.requestAllocate,
    token,
    refusedStatus: 503,
  });
  if (!allocated?.sessionDetails) return;
  const { sessionId, instanceId } = allocated.sessionDetails;
  let relay;
  try {
    relay = await openRelay(origin, token, instanceId);
  } catch (error) {
    record('relay auth', 0, 'error', String(error));
  }
  const turnEnds = Math.min(deadline, Date.now() + TURN_MS);
  let nextHeartbeat = Date.now() + HEARTBEAT_MS;
  while (relay && Date.now() < turnEnds) {
    const started = performance.now();
    const answer = await relay.call({
      objectPath: ENGINE_OBJECT_PATHS.camera,
      functionName: 'CameraRigCraneControll',
      parameters: { deltaYaw: 3, deltaPitch: 0, deltaArm: 0 },
    });
    const ok = answer.type === 'api_call' && answer.payload.status === 200;
    record(
      'relay CameraRigCraneControll',
      performance.now() - started,
      ok ? 'ok' : 'error',
      JSON.stringify(answer).slice(0, 200),
    );
    if (Date.now() > nextHeartbeat) {
      await api(origin, 'POST /session/heartbeat', {
        method: 'POST',
        url: API_ROUTES.sessions.sessionHeartbeat,
        token,
        json: { sessionId },
      });
      nextHeartbeat = Date.now() + HEARTBEAT_MS;
    }
    await sleep(Math.max(0, RELAY_PACE_MS - (performance.now() - started)));
  }
  relay?.socket.close();
  await api(origin, 'POST /session/release', {
    method: 'POST',
    url: API_ROUTES.sessions.release,
    token,
    json: { sessionId },
  });
}

/** A small still through the render service, followed to completed. */
async function render(origin, token, deadline) {
  const started = performance.now();
  const job = await api(origin, 'POST /render-workflow', {
    method: 'POST',
    url: API_ROUTES.render.still,
    token,
    json: {
      resolutionPreset: 'custom',
      customResolution: { width: 320, height: 180 },
      imageFormat: 'JPG',
      antiAliasSpatial: 1,
      antiAliasTemporal: 1,
      quality: 'LOW',
      settings: {},
      metadata: { name: 'Load test' },
    },
  });
  if (!job) return;
  while (Date.now() < deadline + 120_000) {
    const status = await api(origin, 'GET /render-workflow-status', {
      url: pathTo(API_ROUTES.render.status, { jobId: job.jobId }),
      token,
    });
    if (status?.status === 'completed')
      return record('render, request to completed', performance.now() - started, 'ok');
    if (status?.status === 'failed')
      return record('render, request to completed', performance.now() - started, 'error', status.error);
    await sleep(1000);
  }
  record('render, request to completed', performance.now() - started, 'error', 'did not complete in time');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-load-'));
const server = await startServer(dataDir, await freePort());
const memory = [];
const sampler = setInterval(() => memory.push({ at: Date.now(), mb: rssMb(server.child.pid) }), MEMORY_SAMPLE_MS);
let failed = false;
try {
  const { origin } = server;
  const admin = await signIn(origin, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const tokens = [];
  for (let index = 0; index < USERS; index += 1) {
    const username = `load-${index}`;
    await api(origin, 'POST /users', {
      method: 'POST',
      url: API_ROUTES.users.create,
      token: admin,
      json: { username, password: 'load-password' },
    });
    tokens.push(await signIn(origin, username, 'load-password'));
  }
  console.log(
    `load: ${USERS} users for ${SECONDS} s, ${ENGINES} engines, ${RENDERS} renders, on ${process.env.LOAD_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
  );
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const renders = Array.from({ length: RENDERS }, (_, index) =>
    sleep(((index + 1) * SECONDS * 1000) / (RENDERS + 1)).then(() => render(origin, tokens[index % USERS], deadline)),
  );
  await Promise.all([...tokens.map((token, index) => user(origin, index, token, deadline)), ...renders]);
  const elapsed = (Date.now() - started) / 1000;

  console.log(
    `\n${'call'.padEnd(34)} ${'count'.padStart(7)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'busy'.padStart(6)}`,
  );
  let errors = 0;
  for (const [name, entry] of [...calls].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = entry.latencies.sort((a, b) => a - b);
    errors += entry.errors;
    console.log(
      `${name.padEnd(34)} ${String(sorted.length).padStart(7)} ${(sorted.length / elapsed).toFixed(1).padStart(7)} ` +
        `${quantile(sorted, 0.5).toFixed(1).padStart(8)} ${quantile(sorted, 0.99).toFixed(1).padStart(8)} ` +
        `${String(entry.errors).padStart(7)} ${String(entry.refused).padStart(6)}`,
    );
    for (const sample of entry.samples) console.log(`    error: ${sample}`);
  }
  // Memory: after a warm-up fifth of the run, the last fifth's mean against the second fifth's.
  const fifth = (k) => {
    const from = started + ((k - 1) * SECONDS * 1000) / 5;
    const to = started + (k * SECONDS * 1000) / 5;
    const inside = memory.filter((sample) => sample.at >= from && sample.at < to);
    return inside.reduce((sum, sample) => sum + sample.mb, 0) / Math.max(1, inside.length);
  };
  const growth = fifth(5) / fifth(2);
  console.log(
    `\nserver memory (RSS, MB) by fifth of the run: ${[1, 2, 3, 4, 5].map((k) => fifth(k).toFixed(0)).join(' → ')}; ` +
      `last fifth / second fifth ${growth.toFixed(3)}×`,
  );
  console.log(`errors: ${errors}`);
  failed = errors > 0 || growth > 1.15;
  if (growth > 1.15) console.log('memory grew by more than 15% after the warm-up');
} finally {
  clearInterval(sampler);
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
