import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
// e2e/.data, which git, Prettier and ESLint ignore: each run starts from an empty one.
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '..', '.data');
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** The test OpenID Connect provider that single sign-on goes to (e2e/oidc-provider.mjs). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 18181);
export const E2E_OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`;

/** The test engine (the engine's CLI over its recording renderer), which registers itself with the server. */
export const E2E_ENGINE_PORT = Number(process.env.E2E_ENGINE_PORT ?? E2E_PORT + 2);
export const E2E_ENGINE_KEY = 'e2e-engine-registration-key';
