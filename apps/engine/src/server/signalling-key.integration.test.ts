import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ENGINE_SIGNALLING_KEY_ENV, ENGINE_SIGNALLING_URL_ENV } from '@autostudio/protocol';
import { describe, expect, it } from 'vitest';
import { signallingUrlFrom } from './registration-flags.js';

const CLI = path.resolve(import.meta.dirname, '../../dist/cli.js');

/** The streamer key lets its holder stream as an engine: it travels in the environment, never on the command line. */
describe('the streamer key', () => {
  it('is refused on the command line: the engine stops before starting anything, saying where the key goes', () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (tsc -b)`);
    const run = spawnSync(
      process.execPath,
      [CLI, '--port', '0', '--signalling-url', 'ws://127.0.0.1:9/signalling?key=secret-key-on-argv'],
      { encoding: 'utf8', timeout: 20_000, env: { ...process.env, LOG_LEVEL: 'fatal' } },
    );
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain(`put the key in ${ENGINE_SIGNALLING_KEY_ENV}`);
  });

  it('comes from ENGINE_SIGNALLING_KEY, or with the whole URL from ENGINE_SIGNALLING_URL', () => {
    const url = 'ws://studio:8080/signalling';
    expect(signallingUrlFrom(url, { [ENGINE_SIGNALLING_KEY_ENV]: 'k 1' })).toBe(`${url}?key=k+1`);
    expect(signallingUrlFrom(undefined, { [ENGINE_SIGNALLING_URL_ENV]: `${url}?key=k` })).toBe(`${url}?key=k`);
    expect(signallingUrlFrom(undefined, { [ENGINE_SIGNALLING_URL_ENV]: '' })).toBeUndefined();
  });
});
