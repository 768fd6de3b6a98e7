import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_BASE_URL, E2E_ENGINE_KEY, E2E_PORT, E2E_SIGNALLING_KEY } from './server';
import { SIGNALLING_PATH } from '@autostudio/protocol';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A second reference engine for tests that hurt one: started as `npm run engine` starts it, registered with the
 * server and streaming to its signalling, so the shared engine of the other tests stays untouched.
 */
export async function startExtraEngine(port: number, streamerId: string): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'autostudio-e2e-extra-engine-'));
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'apps/engine/dist/cli.js'),
      ...['--port', String(port), '--data-dir', dataDir, '--width', '960', '--height', '540'],
      ...['--register', E2E_BASE_URL, '--streamer-id', streamerId],
      ...['--signalling-url', `ws://127.0.0.1:${E2E_PORT}${SIGNALLING_PATH}`],
    ],
    {
      env: {
        ...process.env,
        ENGINE_REGISTRATION_KEY: E2E_ENGINE_KEY,
        ENGINE_SIGNALLING_KEY: E2E_SIGNALLING_KEY,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
  const ready = () =>
    fetch(`http://127.0.0.1:${port}/remote/info`).then(
      (response) => response.ok,
      () => false,
    );
  try {
    await expect
      .poll(ready, { timeout: 90_000, intervals: [250], message: `The extra engine on port ${port} did not start` })
      .toBe(true);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}
