import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, STATE_MESSAGES } from '@autostudio/protocol';
import { startTestApp, type TestApp } from './test-app.js';
import { testDatabases } from './test-databases.js';

/**
 * Every route that needs a signed-in user answers a stranger 401 before it looks at what they sent: a 400 would tell
 * them what the route takes, and the server would have read and parsed their body for nothing. The routes come
 * from the server's own route table (its OpenAPI document), so a new route is checked without being listed here.
 */

/** Routes anyone may call, and the engines' routes, which take a key of their own (registered-engines.integration.test.ts). */
const OPEN_TO_STRANGERS = new Set([
  'POST /auth/login',
  'POST /auth/logout',
  'GET /auth/options',
  'GET /auth/sso/login',
  'GET /auth/sso/callback',
  'GET /health',
  'GET /health/ready',
  'GET /asset-model-file/{token}/{fileName}',
  'GET /upload-file/{token}/{fileName}',
  // A share link is its own credential (modules/config-links).
  'GET /public/links/{token}',
  'GET /public/links/{token}/still.jpg',
  'HEAD /public/links/{token}/still.jpg',
  'GET /public/links/{token}/car.glb',
  'HEAD /public/links/{token}/car.glb',
  'GET /public/links/{token}/car.usdz',
  'HEAD /public/links/{token}/car.usdz',
  'POST /engines/register',
  'POST /engines/heartbeat',
  'POST /engines/deregister',
]);

/** Wrong in every way a schema can check: ids too long, list parameters out of range, a body of the wrong shape. */
const BAD_ID = 'a'.repeat(65);
const BAD_QUERY = '?page=0&limit=1000000&type=nope&latestVersion=maybe&isDefault=maybe';
const BAD_BODY = { name: 42, type: 'nope', settings: { not: 'a string' }, userIds: 'x', groupIds: 'x', sessionId: 42 };

interface Operation {
  method: string;
  path: string;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

function operationsOf(document: { paths?: Record<string, object | undefined> }): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .map((key) => key.toUpperCase())
      .filter((method) => METHODS.has(method))
      .map((method) => ({ method, path })),
  );
}

describe.each(testDatabases)('sign-in before input on $name', (database) => {
  let t: TestApp;
  let guarded: Operation[];
  beforeAll(async () => {
    t = await startTestApp(database);
    await t.app.ready();
    guarded = operationsOf(t.app.swagger()).filter(({ method, path }) => !OPEN_TO_STRANGERS.has(`${method} ${path}`));
  });
  afterAll(() => t.close());

  it('finds the guarded routes in the route table', () => {
    expect(guarded.length).toBeGreaterThan(50);
    expect(guarded).toContainEqual({ method: 'PUT', path: '/preset/{id}' });
  });

  it('answers a stranger 401, not 400, on every guarded route, whatever the request carries', async () => {
    const answers: string[] = [];
    for (const { method, path } of guarded) {
      const url =
        API_BASE + path.replace(/\{[^}]+\}/g, BAD_ID) + (method === 'GET' || method === 'HEAD' ? BAD_QUERY : '');
      const withBody = method !== 'GET' && method !== 'HEAD';
      const response = await t.app.inject({
        method: method as 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
        url,
        ...(withBody ? { payload: BAD_BODY } : {}),
      });
      answers.push(`${method} ${path} → ${response.statusCode}`);
    }
    expect(answers).toEqual(guarded.map(({ method, path }) => `${method} ${path} → 401`));
  });

  it('answers 401 with the error body before reading a body of the wrong type or size', async () => {
    const notJson = await t.app.inject({
      method: 'PUT',
      url: `${API_BASE}/preset/${BAD_ID}`,
      headers: { 'content-type': 'application/x-anything' },
      payload: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(notJson.statusCode).toBe(401);
    expect(notJson.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: STATE_MESSAGES.authenticationFailed,
    });
  });

  it('still validates the input of a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${API_BASE}/preset/${BAD_ID}`,
      headers: { authorization: `Bearer ${await t.adminToken()}` },
      payload: BAD_BODY,
    });
    expect(response.statusCode).toBe(400);
  });
});
