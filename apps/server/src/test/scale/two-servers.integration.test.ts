import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type LoginResponse, type SessionResponse } from '@autostudio/protocol';
import { FAMILY_RECHECK_MS } from '../../modules/auth/token-revocation.js';
import { relayOnce } from '../relay-once.js';
import { startTestApp, staticEngines, type TestApp } from '../test-app.js';
import { joining, testDatabases } from '../test-databases.js';

/** Both copies sign with one secret, as the deployment guide asks (AUTH_SECRET). */
const AUTH_SECRET = 'two-servers-share-this-secret-of-32-characters';

describe.each(testDatabases)('two server copies on one $name database', (database) => {
  let engine: TestEngine;
  let a: TestApp;
  let b: TestApp;
  let originA: string;
  let originB: string;
  let ada: LoginResponse;

  beforeAll(async () => {
    engine = await startTestEngine();
    const engines = staticEngines([engine]);
    // Copies behind one balancer name its address (docs/deploy.md); unset, each would name the address it was asked at.
    const publicUrl = 'https://studio.example.test';
    a = await startTestApp(database, { engines, authSecret: AUTH_SECRET, publicUrl });
    b = await startTestApp(joining(a.config.database), { engines, authSecret: AUTH_SECRET, publicUrl });
    originA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    originB = await b.app.listen({ host: '127.0.0.1', port: 0 });
    ada = await a.createUser('ada');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await engine.close();
  });

  const session = async (origin: string, token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await fetch(`${origin}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return { status: response.status, body: (await response.json()) as SessionResponse };
  };

  it('serves a session allocated through one copy through the other: current, heartbeat, relay and release', async () => {
    const allocated = await session(originA, ada.accessToken, 'POST', API_ROUTES.sessions.requestAllocate);
    expect(allocated.status).toBe(200);
    const details = allocated.body.sessionDetails;
    if (!details) throw new Error('no session');

    const seenByB = await session(originB, ada.accessToken, 'GET', API_ROUTES.sessions.current);
    expect(seenByB.body.sessionDetails).toEqual(details);
    const beat = await session(originB, ada.accessToken, 'POST', API_ROUTES.sessions.sessionHeartbeat, {
      sessionId: details.sessionId,
    });
    expect(beat.status).toBe(200);

    const [auth, call] = await relayOnce(originB, ada.accessToken, details.instanceId);
    expect(auth?.type).toBe('auth_success');
    expect(call).toMatchObject({ type: 'api_call', payload: { status: 200 } });

    const released = await session(originB, ada.accessToken, 'POST', API_ROUTES.sessions.sessionRelease, {
      sessionId: details.sessionId,
    });
    expect(released.body.message).toBe('Session released');
    const gone = await session(originA, ada.accessToken, 'GET', API_ROUTES.sessions.current);
    expect(gone.status).toBe(404);
    // The one engine is free again for anyone, through either copy.
    const bob = await a.createUser('bob');
    expect((await session(originB, bob.accessToken, 'GET', API_ROUTES.sessions.allocate)).status).toBe(200);
    await session(originA, bob.accessToken, 'POST', API_ROUTES.sessions.release, {});
  });

  it('refuses on one copy, within FAMILY_RECHECK_MS, a sign-in ended on the other', async () => {
    const eve = await a.createUser('eve');
    const before = await fetch(`${originB}/api${API_ROUTES.sessions.current}`, {
      headers: { authorization: `Bearer ${eve.accessToken}` },
    });
    expect(before.status).toBe(404);
    const out = await fetch(`${originA}/api${API_ROUTES.auth.logout}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${eve.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: eve.refreshToken }),
    });
    expect(out.status).toBeLessThan(300);
    // The other copy trusts its look at a sign-in for FAMILY_RECHECK_MS at most, then asks the database again.
    await expect
      .poll(
        async () =>
          (
            await fetch(`${originB}/api${API_ROUTES.sessions.current}`, {
              headers: { authorization: `Bearer ${eve.accessToken}` },
            })
          ).status,
        { timeout: FAMILY_RECHECK_MS + 1000, interval: 100 },
      )
      .toBe(401);
  });
});
