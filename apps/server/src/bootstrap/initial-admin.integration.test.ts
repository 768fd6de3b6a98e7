import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { INITIAL_ADMIN_FILE } from './initial-admin.js';

describe('the first administrator', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const dataDir = dirs[0] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-admin-'));
    if (!dirs.includes(dataDir)) dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
    return { app: await buildApp({ ...config, webDist: path.join(dataDir, 'none') }), dataDir };
  };

  it('gets a generated password, printed once and kept in a file only the owner can read', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    const { app, dataDir } = await start();
    const file = path.join(dataDir, INITIAL_ADMIN_FILE);
    const password = /password: (\S+)/.exec(fs.readFileSync(file, 'utf8'))?.[1];
    expect(password).toBeDefined();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(printed.join('')).toContain(password);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password },
    });
    expect(login.statusCode).toBe(200);
    await app.close();

    // A second start finds users and neither creates nor prints anything.
    printed.length = 0;
    fs.rmSync(file);
    const again = await start();
    expect(fs.existsSync(file)).toBe(false);
    expect(printed.join('')).not.toContain('password');
    await again.app.close();
  });

  it('takes the configured username and password and writes no file', async () => {
    const { app, dataDir } = await start({
      AUTOSTUDIO_ADMIN_USERNAME: 'chief',
      AUTOSTUDIO_ADMIN_PASSWORD: 'configured-password',
    });
    expect(fs.existsSync(path.join(dataDir, INITIAL_ADMIN_FILE))).toBe(false);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'chief', password: 'configured-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ user: { roles: string[] } }>().user.roles).toEqual(['admin']);
    await app.close();
  });
});
