import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { API_BASE, API_ROUTES, SIGNALLING_PATH } from '@autostudio/protocol';
import { TEST_SSO_CLIENT } from '@autostudio/server/testing/sso-accounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import {
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_ENGINE_DATA_DIR,
  E2E_ENGINE_KEY,
  E2E_ENGINE_PORT,
  E2E_METRICS_TOKEN,
  E2E_OIDC_ISSUER,
  E2E_OIDC_PORT,
  E2E_PAGE_CLOSE_GRACE_MS,
  E2E_PORT,
  E2E_SIGNALLING_KEY,
  E2E_STREAMER_ID,
} from './support/server';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Specs that never open the studio: sign-in, the admin console's lists and the API's pages. They use the server (and
 * its render engine) but not the one interactive engine, so they run beside the studio's specs. Alone, one browser
 * left a third of the two cores idle while the studio waited on its engine, heartbeats and render polls. A spec here
 * finds its own rows (by name or search), never counts all of them: the other worker creates users and renders too.
 */
const CONSOLE_SPECS = [
  'admin-asset-models',
  'admin-groups',
  'admin-presets',
  'admin-rendered-assets',
  'admin-users',
  'api-docs',
  'media',
  'sign-in',
  'sso',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  // A studio spec and a console spec at a time (each project takes one worker). The studio's specs share the one
  // interactive engine, and each takes it whole.
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'studio', testIgnore: CONSOLE_SPECS, workers: 1 },
    { name: 'console', testMatch: CONSOLE_SPECS, workers: 1 },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A whole admin workflow takes 20–30 s on two cores with the engine rendering beside it; Playwright's default 30 s
  // left no headroom. Slow steps keep their own, tighter expectations.
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps its trace: each step's DOM snapshot and the sources. Not the trace's screencast: it encodes
    // every frame the page paints, and the studio's live video paints all the time. Measured on five spec files
    // (13 tests, per-process CPU sampled every 2 s): with the screencast 250 CPU-s in 2.4 min, without it 195 CPU-s
    // in 2.0 min, with no trace at all 178 CPU-s in 1.8 min. `screenshot` still shows the page as it failed.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node e2e/oidc-provider.mjs',
      cwd: root,
      url: `${E2E_OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        OIDC_PORT: String(E2E_OIDC_PORT),
        OIDC_REDIRECT_URI: `${E2E_BASE_URL}${API_BASE}${API_ROUTES.auth.ssoCallback}`,
      },
    },
    {
      command: 'node e2e/start-server.mjs',
      cwd: root,
      url: `${E2E_BASE_URL}${API_BASE}${API_ROUTES.health}`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: E2E_BASE_URL,
        DATA_DIR: E2E_DATA_DIR,
        AUTOSTUDIO_ADMIN_USERNAME: E2E_ADMIN.username,
        AUTOSTUDIO_ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        // Engines register themselves: the test engine below joins on its own, as an Unreal host would.
        ENGINE_PROVIDER: 'register',
        ENGINE_REGISTRATION_KEY: E2E_ENGINE_KEY,
        METRICS_TOKEN: E2E_METRICS_TOKEN,
        // A killed engine is noticed within seconds (the failure test), not the production half-minute. Not 6 s: the
        // engine beats a third of the timeout after its last beat was answered, so on two loaded cores the gap can
        // pass 6 s and the server drops a live engine; the next session then finds a fresh car. The likely cause of
        // configurations.spec seeing the default paint after a load (not reproduced), the next test never at /home.
        ENGINE_HEARTBEAT_TIMEOUT: '15',
        SESSION_CLOSE_GRACE_MS: String(E2E_PAGE_CLOSE_GRACE_MS),
        SIGNALLING_KEY: E2E_SIGNALLING_KEY,
        // Every test signs in from 127.0.0.1; the limit itself is covered by the server's tests.
        LOGIN_RATE_LIMIT: '1000',
        OIDC_ISSUER: E2E_OIDC_ISSUER,
        OIDC_CLIENT_ID: TEST_SSO_CLIENT.clientId,
        OIDC_CLIENT_SECRET: TEST_SSO_CLIENT.clientSecret,
      },
    },
    {
      // The reference engine as `npm run engine` starts it: Chromium renderer and streamer. It keeps trying to
      // register until the server answers, and streams to the server's signalling.
      // Without idle refinement: these tests follow what a user does through the app, and each change's first frame
      // shows it. The refined picture is the engine tier's (idle-refinement and the pixel suites), and a stream that
      // refines is the server's (signalling/stream.integration). Refining on two cores took half the engine's CPU
      // here: measured on the look, stream, viewport-size, CSP and admin-users files, 173 s → 142 s.
      command:
        `node apps/engine/dist/cli.js --port ${E2E_ENGINE_PORT} --data-dir ${E2E_ENGINE_DATA_DIR} --width 960 --height 540` +
        ` --idle-refinement off` +
        ` --register ${E2E_BASE_URL} --streamer-id ${E2E_STREAMER_ID}` +
        ` --signalling-url ws://127.0.0.1:${E2E_PORT}${SIGNALLING_PATH}`,
      cwd: root,
      url: `http://127.0.0.1:${E2E_ENGINE_PORT}/remote/info`,
      reuseExistingServer: false,
      timeout: 90_000,
      // Quiet: Playwright does not read this process's stdout, and a full pipe would stall the engine.
      env: { ENGINE_REGISTRATION_KEY: E2E_ENGINE_KEY, ENGINE_SIGNALLING_KEY: E2E_SIGNALLING_KEY, LOG_LEVEL: 'warn' },
    },
  ],
});
