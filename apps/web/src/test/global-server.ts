import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestEngine } from '@autostudio/engine/testing';
import { buildApp, loadConfig } from '@autostudio/server';

declare module 'vitest' {
  export interface ProvidedContext {
    serverOrigin: string;
  }
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
  // One real engine (over the engine's recording renderer) for the remote-control client's tests.
  const engine = await startTestEngine();
  const app = await buildApp({
    ...config,
    webDist: path.join(dataDir, 'no-web-app'),
    engines: {
      ...config.engines,
      provider: 'static',
      instances: [{ instanceId: engine.base.replace('http://', ''), streamerId: 'test-engine' }],
    },
  });
  project.provide('serverOrigin', await app.listen({ host: '127.0.0.1', port: 0 }));
  return async () => {
    await app.close();
    await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
