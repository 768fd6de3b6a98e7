import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { freePort } from '../modules/engines/free-port.js';
import { tinyGlb } from './multipart.js';
import { startTestApp, staticEngines, type TestApp } from './test-app.js';
import type { TestDatabase } from './test-databases.js';

/** A test server with one render worker on a real reference engine, and a small built-in car to render. */
export interface RenderingTestApp {
  t: TestApp;
  engine: TestEngine;
  close(): Promise<void>;
}

/**
 * Starts the server, listening, with a render worker whose engine fetches the car from the server's own address (so
 * the engine is told that address before either starts), and no interactive engines.
 */
export async function startRenderingTestApp(database: TestDatabase): Promise<RenderingTestApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const engine = await startTestEngine({ fetchPolicy: { filesUrls: [origin], allow: [] } });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-rendering-'));
  const builtInModelFile = path.join(folder, 'terra.glb');
  fs.writeFileSync(builtInModelFile, tinyGlb());
  const t = await startTestApp(database, {
    builtInModelFile,
    engines: staticEngines([], { filesUrl: origin }),
    render: {
      workers: 1,
      leaseMs: 30_000,
      maxAttempts: 1,
      pollMs: 50,
      engines: 0,
      engineInstances: [engine.base.replace('http://', '')],
      ffmpegPath: 'ffmpeg',
    },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  return {
    t,
    engine,
    async close() {
      await t.close();
      await engine.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
