import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '.data');
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };
