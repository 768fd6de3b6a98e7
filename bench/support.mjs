// What the benchmarks share: a built server on a throwaway folder, its API as the bench user, the relay socket, a
// reference engine process and its Remote Control calls.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import WebSocket from 'ws';
import { API_ROUTES, ENGINE_OBJECT_PATHS, REMOTE_SOCKET_PATH } from '../packages/protocol/dist/index.js';

export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-password' };

/**
 * CPU seconds (user and system) a process and its descendants have used so far, from /proc: an engine's CPU is mostly
 * in its Chromium's GPU process (SwiftShader), which its own clock does not count. Linux only; 0 elsewhere.
 */
export function processTreeCpuSeconds(rootPid) {
  if (!fs.existsSync('/proc/self/stat')) return 0;
  const processes = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command, which may hold spaces and parentheses: state, ppid, … utime (12th), stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.push({ pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = new Set([rootPid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const p of processes) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grown = true;
      }
    }
  }
  const ticksPerSecond = 100; // USER_HZ on Linux
  return processes.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / ticksPerSecond;
}

export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port that was free a moment ago, for a server whose address must be known before it starts. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The server's environment for a benchmark: quiet, a known administrator, no login rate limit. */
export const benchEnv = (dataDir, env = {}) => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTOSTUDIO_ADMIN_PASSWORD: BENCH_ADMIN.password,
  LOGIN_RATE_LIMIT: '1000',
  ...env,
});

/** POST to the API, with a token when given; a failure is an exception naming the route. */
export const apiPoster = (origin) => async (url, body, token) => {
  const response = await fetch(`${origin}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
};

/** Creates the user `bench` as the administrator and signs it in: its access token. */
export async function benchUser(post) {
  const admin = await post(API_ROUTES.auth.login, BENCH_ADMIN);
  await post(API_ROUTES.users.create, { username: 'bench', password: 'bench-password' }, admin.accessToken);
  const { accessToken } = await post(API_ROUTES.auth.login, { username: 'bench', password: 'bench-password' });
  return accessToken;
}

/** A remote-control socket authenticated for the caller's engine; `request` answers by requestId. */
export async function openRelay(origin, token, instanceId) {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`);
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    waiting.get(message.requestId)?.(message);
    waiting.delete(message.requestId);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let sequence = 0;
  const request = (message) =>
    new Promise((resolve) => {
      const requestId = String((sequence += 1));
      waiting.set(requestId, resolve);
      socket.send(JSON.stringify({ ...message, requestId }));
    });
  const auth = await request({ type: 'auth', payload: { token, instanceId } });
  if (auth.type !== 'auth_success') throw new Error(`auth: ${JSON.stringify(auth)}`);
  /** PUT /remote/object/call on the caller's engine, through the relay. */
  const call = (body) =>
    request({ type: 'api_call', payload: { url: '/remote/object/call', method: 'PUT', body, instanceId } });
  return { socket, request, call };
}

/**
 * A reference engine process of a build (`engineDir`: an apps/engine folder after `tsc -b`), as a render host runs
 * it; resolves once it answers `/remote/info`.
 */
export async function startEngineProcess(engineDir, dataDir, timeoutMs = 180_000, args = []) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(engineDir, 'dist/cli.js'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      ...args,
    ],
    { stdio: 'ignore' },
  );
  const instanceId = `127.0.0.1:${port}`;
  for (const started = performance.now(); performance.now() - started < timeoutMs; await sleep(100)) {
    const up = await fetch(`http://${instanceId}/remote/info`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { child, instanceId };
  }
  child.kill('SIGKILL');
  throw new Error(`the engine of ${engineDir} did not start`);
}

/** A call of the engine's camera object over the Remote Control API; a failure names the function. */
export async function cameraCall(instanceId, functionName, parameters) {
  const response = await fetch(`http://${instanceId}/remote/object/call`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ objectPath: ENGINE_OBJECT_PATHS.camera, functionName, parameters }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${functionName}: ${JSON.stringify(body)}`);
  return body;
}
