import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_ROUTES, type LoginResponse, type SessionResponse } from '@autostudio/protocol';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

const GRACE_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)('a page that closes with its session on $name', (database) => {
  let engine: TestEngine;
  let t: TestApp;
  let ada: LoginResponse;

  beforeAll(async () => {
    engine = await startTestEngine();
    t = await startTestApp(database, { engines: { ...staticEngines([engine]), pageCloseGraceMs: GRACE_MS } });
    ada = await t.createUser('ada');
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const session = async (method: 'GET' | 'POST', url: string, payload: object = {}) => {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${ada.accessToken}` },
      ...(method === 'POST' ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<SessionResponse>() };
  };
  const paint = async () => {
    const answer = await engine.call('car', 'Get Material Options');
    return (answer.body as { Current: string }).Current;
  };

  let sessionId = '';
  beforeEach(async () => {
    await session('POST', API_ROUTES.sessions.release);
    const allocated = await session('GET', API_ROUTES.sessions.allocate);
    expect(allocated.status).toBe(200);
    sessionId = allocated.body.sessionDetails?.sessionId ?? '';
    expect((await engine.call('car', 'Update Car Material', { MaterialToSet: 'rallye red' })).status).toBe(200);
  });

  it('releases it after the grace period when the page does not come back (a closed tab)', async () => {
    expect(await paint()).toBe('rallye red');
    const closed = await session('POST', API_ROUTES.sessions.release, { sessionId, pageClosed: true });
    expect(closed.status).toBe(200);
    // Within the grace period the session is still the user's and the engine keeps the car as it was.
    expect((await session('GET', API_ROUTES.sessions.current)).body.sessionDetails?.sessionId).toBe(sessionId);

    await expect
      .poll(async () => (await session('GET', API_ROUTES.sessions.current)).status, { timeout: GRACE_MS * 10 })
      .toBe(404);
    // The engine went back to the pool, reset for the next user.
    expect(await paint()).not.toBe('rallye red');
  });

  it('keeps it, car and all, when the page comes back with a heartbeat (a reload)', async () => {
    await session('POST', API_ROUTES.sessions.release, { sessionId, pageClosed: true });
    const heartbeat = await session('POST', API_ROUTES.sessions.sessionHeartbeat, { sessionId });
    expect(heartbeat.status).toBe(200);

    await sleep(GRACE_MS * 3);
    const current = await session('GET', API_ROUTES.sessions.current);
    expect(current.status).toBe(200);
    expect(current.body.sessionDetails?.sessionId).toBe(sessionId);
    expect(await paint()).toBe('rallye red');
  });

  it('keeps it when the user asks for an engine again within the grace period (left for /landing, chose a car)', async () => {
    await session('POST', API_ROUTES.sessions.release, { sessionId, pageClosed: true });
    const again = await session('POST', API_ROUTES.sessions.requestAllocate);
    expect(again.status).toBe(200);
    expect(again.body.sessionDetails?.sessionId).toBe(sessionId);

    await sleep(GRACE_MS * 3);
    const current = await session('GET', API_ROUTES.sessions.current);
    expect(current.status).toBe(200);
    expect(current.body.sessionDetails?.sessionId).toBe(sessionId);
  });
});
