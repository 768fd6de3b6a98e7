import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = path.resolve(import.meta.dirname, '../../dist/cli.js');

/**
 * The parent a server would be: it starts the engine as its child with --exit-with-parent, as the local engine
 * provider does, and reports the engine's pid and port once it answers.
 */
const PARENT = `
const { spawn } = require('node:child_process');
const [cli, dataDir] = process.argv.slice(1);
const engine = spawn(process.execPath, [cli, '--port', '0', '--data-dir', dataDir, '--exit-with-parent'], {
  stdio: ['pipe', 'pipe', 'inherit'],
  env: { ...process.env, LOG_LEVEL: 'info' },
});
engine.stdout.on('data', (chunk) => {
  const ready = /"url":"http:\\/\\/127\\.0\\.0\\.1:(\\d+)\\/remote\\/info"/.exec(String(chunk));
  if (ready) console.log(JSON.stringify({ pid: engine.pid, port: Number(ready[1]) }));
});
`;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('an engine started by a server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'autostudio-exit-with-parent-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops when the server is killed without a chance to stop it', async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (tsc -b)`);
    const parent = spawn(process.execPath, ['-e', PARENT, CLI, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let engine: { pid: number; port: number } | null = null;
    try {
      engine = await new Promise<{ pid: number; port: number }>((resolve, reject) => {
        parent.stdout.on('data', (chunk: Buffer) =>
          resolve(JSON.parse(String(chunk)) as { pid: number; port: number }),
        );
        parent.once('exit', () => reject(new Error('the parent exited before its engine was ready')));
      });
      const answers = await fetch(`http://127.0.0.1:${engine.port}/remote/info`).then((r) => r.ok);
      expect(answers).toBe(true);
      parent.kill('SIGKILL');
      const deadline = Date.now() + 20_000;
      while (alive(engine.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(alive(engine.pid)).toBe(false);
      await expect(fetch(`http://127.0.0.1:${engine.port}/remote/info`)).rejects.toThrow();
    } finally {
      parent.kill('SIGKILL');
      if (engine && alive(engine.pid)) process.kill(engine.pid, 'SIGKILL');
    }
  }, 90_000);
});
