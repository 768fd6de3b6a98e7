import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_BASE, API_ROUTES, type LoginResponse, type Role } from '@autostudio/protocol';
import { buildApp, type AppParts } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import type { TestDatabase } from './test-databases.js';
import { TEST_SCRYPT_COST } from './test-password-cost.js';

export { TEST_SCRYPT_COST };

export const ADMIN_PASSWORD = 'admin-password-for-tests';

/** Well under the server tier's hook timeout (30 s), well over a loaded close (1.5 s at most in a full tier run). */
const CLOSE_WATCHDOG_MS = 10_000;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Signs in and returns the tokens and user. */
  login(username: string, password: string): Promise<LoginResponse>;
  /** Creates a user through the API as the administrator and signs them in. */
  createUser(username: string, roles?: Role[]): Promise<LoginResponse>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The engines of a static provider, one per running test engine, named `engine-0`, `engine-1`… as streamers; a
 * session lasts 90 s without heartbeats. `overrides` adds what a suite needs beside (a signalling key, say).
 */
export function staticEngines(
  engines: readonly { base: string }[],
  overrides: Partial<AppConfig['engines']> = {},
): AppConfig['engines'] {
  return {
    provider: 'static',
    max: engines.length,
    warm: 0,
    instances: engines.map((engine, index) => ({
      instanceId: engine.base.replace('http://', ''),
      streamerId: `engine-${index}`,
    })),
    sessionTimeoutSeconds: 90,
    heartbeatTimeoutSeconds: 30,
    ...overrides,
  };
}

/** No engine at all: an allocation is answered (refused), and no browser starts. */
export const NO_ENGINES: AppConfig['engines'] = staticEngines([], { max: 0 });

/** A whole server on a fresh database and data directory, driven through its real HTTP interface. */
export async function startTestApp(
  database: TestDatabase,
  overrides: Partial<AppConfig> = {},
  parts: AppParts = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-test-'));
  const created = await database.create(dataDir);
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTOSTUDIO_ADMIN_PASSWORD: ADMIN_PASSWORD });
  const config: AppConfig = {
    ...base,
    database: created.config,
    // No render worker unless a suite asks for one: every saved configuration queues its still, which would start a
    // render engine (Chromium) in each suite that saves one. The jobs stay queued.
    render: { ...base.render, workers: 0 },
    webDist: path.join(dataDir, 'no-web-app'),
    // Suites sign in often from one address; the limit has a test of its own.
    loginRateLimitPerMinute: 10_000,
    passwordCost: TEST_SCRYPT_COST,
    // No built-in car unless a suite asks for one: lists and counts stay the suite's own.
    builtInModelFile: path.join(dataDir, 'no-built-in-model.glb'),
    starterLooks: false,
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, parts);
  } catch (error) {
    // A server that fails to start must not leave its PostgreSQL schema behind.
    await created.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const login = async (username: string, password: string): Promise<LoginResponse> => {
    const response = await app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.auth.login}`,
      payload: { username, password },
    });
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
    return response.json<LoginResponse>();
  };
  let adminAccess: string | undefined;
  const adminToken = async () => (adminAccess ??= (await login('admin', ADMIN_PASSWORD)).accessToken);

  return {
    app,
    config,
    login,
    adminToken,
    async createUser(username, roles = ['user']) {
      const password = `${username}-password`;
      const response = await app.inject({
        method: 'POST',
        url: `${API_BASE}${API_ROUTES.users.create}`,
        headers: { authorization: `Bearer ${await adminToken()}` },
        payload: { username, password, roles },
      });
      if (response.statusCode !== 201) throw new Error(`create ${username} failed: ${response.body}`);
      return login(username, password);
    },
    async close() {
      // A close that hangs shows up as a hook timeout with no cause: say what is still open before the hook gives up.
      const watchdog = setTimeout(() => {
        app.server.getConnections((_error, open) =>
          console.error(`a test app is still closing after ${CLOSE_WATCHDOG_MS} ms; ${open} connections are open`),
        );
      }, CLOSE_WATCHDOG_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(watchdog);
      }
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server serving a small built web app of its own (an index.html and one hashed asset, `/assets/app-1234.js`),
 * for tests of what the server answers around the app.
 */
export async function startTestAppWithWebApp(database: TestDatabase): Promise<TestApp> {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Autostudio</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  const t = await startTestApp(database, { webDist });
  return {
    ...t,
    async close() {
      await t.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}
