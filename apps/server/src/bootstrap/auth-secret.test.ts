import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from './auth-secret.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the auth secret', () => {
  let dataDir: string;
  let file: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-secret-'));
    file = path.join(dataDir, AUTH_SECRET_FILE);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('comes from the environment when configured, and then no file is written', () => {
    expect(resolveAuthSecret('a-configured-secret-of-32-characters!', dataDir)).toBe(
      'a-configured-secret-of-32-characters!',
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  it('is generated once into a file only its owner may read (mode 0600), and read back on the next start', () => {
    const secret = resolveAuthSecret(undefined, dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(file)).toBe(0o600);
    expect(resolveAuthSecret(undefined, dataDir)).toBe(secret);
  });

  it('narrows a secret file found readable by others to 0600', () => {
    fs.writeFileSync(file, `${'s'.repeat(40)}\n`, { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(resolveAuthSecret(undefined, dataDir)).toBe('s'.repeat(40));
    expect(modeOf(file)).toBe(0o600);
  });

  it('replaces a secret too short to use with a new one, in a file of mode 0600', () => {
    fs.writeFileSync(file, 'short\n', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const secret = resolveAuthSecret(undefined, dataDir);
    expect(secret).not.toBe('short');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(modeOf(file)).toBe(0o600);
  });
});
