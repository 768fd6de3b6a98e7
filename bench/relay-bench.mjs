// Relay benchmark (issue 5): an `api_call` round trip through the server's remote-control socket against the same
// call made directly to the engine over HTTP, at 1, 50 and 200 concurrent callers, in the same run. Each caller
// paces itself like a dragging client (one call every 20 ms, at most one in flight), so both paths get the same
// offered load; the figures are latency p50/p99 and the calls per second achieved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '../apps/server/dist/app.js';
import { startTestEngine } from '../apps/engine/dist/test/test-engine.js';
import { API_ROUTES, ENGINE_OBJECT_PATHS } from '../packages/protocol/dist/index.js';
import { apiPoster, benchEnv, benchUser, openRelay, quantile, sleep } from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PACE_MS = 20;
const CALLERS = [1, 50, 200];
const call = { objectPath: ENGINE_OBJECT_PATHS.camera, functionName: 'GetCraneValues' };

async function run(callers, makeCaller) {
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const clients = await Promise.all(Array.from({ length: callers }, () => makeCaller()));
  const started = performance.now();
  await Promise.all(
    clients.map(async (send, index) => {
      // Spread the callers over the pacing interval instead of firing in lockstep.
      await sleep((index / callers) * PACE_MS);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await send();
          latencies.push(performance.now() - t0);
        } catch {
          failures += 1;
        }
        const wait = PACE_MS - (performance.now() - t0);
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), rate: latencies.length / elapsed, failures };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-relay-bench-'));
const engine = await startTestEngine();
const app = await buildApp(
  loadConfig(
    benchEnv(dataDir, {
      ENGINE_PROVIDER: 'static',
      ENGINE_INSTANCES: `${engine.base.replace('http://', '')}=bench-engine`,
    }),
  ),
);
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const post = apiPoster(origin);
  const accessToken = await benchUser(post);
  const allocated = await post(API_ROUTES.sessions.requestAllocate, {}, accessToken);
  const instanceId = allocated.sessionDetails.instanceId;

  const direct = async () => async () => {
    const response = await fetch(`${engine.base}/remote/object/call`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    await response.text();
    if (response.status !== 200) throw new Error(String(response.status));
  };

  const sockets = [];
  const relayed = async () => {
    const relay = await openRelay(origin, accessToken, instanceId);
    sockets.push(relay.socket);
    return async () => {
      const answer = await relay.call(call);
      if (answer.type !== 'api_call' || answer.payload.status !== 200) throw new Error(JSON.stringify(answer));
    };
  };

  console.log(`relay vs direct, ${SECONDS} s per case, each caller one call per ${PACE_MS} ms at most:`);
  for (const callers of CALLERS) {
    const base = await run(callers, direct);
    const relay = await run(callers, relayed);
    for (const socket of sockets.splice(0)) socket.close();
    console.log(
      `  ${String(callers).padStart(3)} callers: direct p50 ${base.p50.toFixed(2)} ms p99 ${base.p99.toFixed(2)} ms ${base.rate.toFixed(0)} calls/s | ` +
        `relay p50 ${relay.p50.toFixed(2)} ms p99 ${relay.p99.toFixed(2)} ms ${relay.rate.toFixed(0)} calls/s | ` +
        `overhead p50 ${(relay.p50 - base.p50).toFixed(2)} ms (${(relay.p50 / base.p50).toFixed(2)}×), p99 ${(relay.p99 - base.p99).toFixed(2)} ms` +
        (base.failures + relay.failures > 0 ? ` | failures direct ${base.failures} relay ${relay.failures}` : ''),
    );
  }
} finally {
  await app.close();
  await engine.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
