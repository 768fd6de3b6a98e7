import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestEngine } from '@autostudio/engine/testing';
import { buildApp, loadConfig } from '@autostudio/server';

declare module 'vitest' {
  export interface ProvidedContext {
    serverOrigin: string;
    /** The gate engines download model files through: `POST /gate/hold` halves the next ones until `/gate/release`. */
    gateOrigin: string;
  }
}

/**
 * Stands between the engines and the server's model-file links, so a test can see a download half done: while
 * held, a file is sent up to its middle and the rest waits for the release. Otherwise it passes bytes through.
 */
async function startDownloadGate(upstream: () => string): Promise<{ server: Server; origin: string }> {
  let holding = false;
  let waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/gate/hold' || req.url === '/gate/release') {
      holding = req.url === '/gate/hold';
      if (!holding) for (const release of waiting.splice(0)) release();
      res.end();
      return;
    }
    void (async () => {
      const answer = await fetch(upstream() + (req.url ?? '/'));
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/octet-stream',
        'content-length': body.length,
      });
      if (!holding || answer.status !== 200) return res.end(body);
      res.write(body.subarray(0, body.length / 2));
      await new Promise<void>((resolve) => waiting.push(resolve));
      res.end(body.subarray(body.length / 2));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  waiting = [];
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export const TEST_ADMIN_PASSWORD = 'web-tests-admin-password';

/**
 * The real Autostudio server on a fresh SQLite database and a free port. It runs in vitest's main process,
 * outside jsdom, as it would in production; the web app's tests reach it over HTTP.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-web-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTOSTUDIO_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOGIN_RATE_LIMIT: '10000',
  });
  let origin = '';
  const gate = await startDownloadGate(() => origin);
  // Real engines (over the engine's recording renderer): test files that hold a session run side by side. Their
  // files URL is the gate's, so the signed model links they are given there are theirs to fetch.
  const fetchPolicy = { filesUrls: [gate.origin], allow: [] };
  const engines = await Promise.all([1, 2, 3].map(() => startTestEngine({ fetchPolicy })));
  // The built-in car, seeded as on a real start; big enough that half of it is a visible step.
  const builtInModel = path.join(dataDir, 'terra.glb');
  fs.writeFileSync(builtInModel, Buffer.concat([Buffer.from('glTF'), Buffer.alloc(256 * 1024, 7)]));
  const app = await buildApp({
    ...config,
    webDist: path.join(dataDir, 'no-web-app'),
    builtInModelFile: builtInModel,
    engines: {
      ...config.engines,
      provider: 'static',
      filesUrl: gate.origin,
      instances: engines.map((engine, index) => ({
        instanceId: engine.base.replace('http://', ''),
        streamerId: `test-engine-${index}`,
      })),
    },
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  project.provide('serverOrigin', origin);
  project.provide('gateOrigin', gate.origin);
  return async () => {
    await app.close();
    await new Promise((resolve) => gate.server.close(resolve));
    for (const engine of engines) await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
