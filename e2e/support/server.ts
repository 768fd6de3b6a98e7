import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
// e2e/.data, which git, Prettier and ESLint ignore: each run starts from an empty one.
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '..', '.data');
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** The test OpenID Connect provider that single sign-on goes to (e2e/oidc-provider.mjs). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 18181);
export const E2E_OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`;

/** The reference engine (Chromium renderer and streamer), which registers itself with the server. */
export const E2E_ENGINE_PORT = Number(process.env.E2E_ENGINE_PORT ?? E2E_PORT + 2);
export const E2E_ENGINE_KEY = 'e2e-engine-registration-key';
/** The bearer token the tests read /metrics with. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-for-scrapes';
/** The key engines stream to /signalling with. */
export const E2E_SIGNALLING_KEY = 'e2e-engine-signalling-key';
export const E2E_STREAMER_ID = 'e2e-engine';
/** Outside E2E_DATA_DIR, which the server empties when it starts (possibly while the engine starts too). */
export const E2E_ENGINE_DATA_DIR = path.join(os.tmpdir(), `autostudio-e2e-engine-${E2E_PORT}`);

/**
 * How long a closed page's session waits for the page to come back (SESSION_CLOSE_GRACE_MS): shorter than the
 * production 20 s, so that the spec of a closed tab waits less, yet well over what a reload takes to send its first
 * heartbeat on two loaded cores (page, sign-in check, session, then 2 s: 4–7 s seen; 6 s lost a reload's session).
 */
export const E2E_PAGE_CLOSE_GRACE_MS = 12_000;
