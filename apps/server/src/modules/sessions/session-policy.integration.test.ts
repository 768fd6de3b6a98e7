import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, SESSION_POLICY_DEFAULTS } from '@autostudio/protocol';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

// A setting the server hands out: one database shows it.
const database = testDatabases[0]!;

describe('the session policy', () => {
  let configured: TestApp;
  let defaults: TestApp;

  beforeAll(async () => {
    configured = await startTestApp(database, { engines: staticEngines([], { idleMs: 45_000 }) });
    defaults = await startTestApp(database);
  });
  afterAll(async () => {
    await configured.close();
    await defaults.close();
  });

  const policy = async (t: TestApp, token?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${API_ROUTES.sessions.policy}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };

  it('tells a signed-in user how long the studio may sit idle, as the server is configured', async () => {
    const ada = await configured.createUser('ada');
    expect(await policy(configured, ada.accessToken)).toEqual({
      status: 200,
      body: { idleMs: 45_000, countdownMs: SESSION_POLICY_DEFAULTS.countdownMs },
    });
  });

  it('is five minutes and a 30 s countdown unless configured', async () => {
    const bob = await defaults.createUser('bob');
    expect(await policy(defaults, bob.accessToken)).toEqual({
      status: 200,
      body: { idleMs: 300_000, countdownMs: 30_000 },
    });
  });

  it('is for signed-in users only', async () => {
    expect((await policy(configured)).status).toBe(401);
  });
});
