import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/** The committed document, checked against the routes by a test. */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../openapi.json');

/** Objects with their keys in order, so that the document reads the same however routes were registered. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

export function formatOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

/**
 * Builds the whole app on a throw-away data directory, with no environment of its own, and returns its
 * OpenAPI document as stable, pretty JSON.
 */
export async function generateOpenApiDocument(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTOSTUDIO_ADMIN_PASSWORD: 'openapi-only' });
    const app = await buildApp({ ...config, webDist: path.join(dataDir, 'no-web-app') });
    try {
      await app.ready();
      return formatOpenApiDocument(app.swagger());
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
