import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type LoginResponse } from '@autostudio/protocol';
import { slowResetting, type SlowResetEngine } from '../../test/slow-reset-engine.js';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/** How long the engine takes to reset here: long enough to ask for it in the middle. */
const RESET_MS = 1500;

describe.each(testDatabases)('an engine given back on $name', (database) => {
  let engine: TestEngine;
  let front: SlowResetEngine;
  let t: TestApp;
  let ada: LoginResponse;
  let bob: LoginResponse;

  beforeAll(async () => {
    engine = await startTestEngine();
    front = await slowResetting(engine, RESET_MS);
    t = await startTestApp(database, { engines: staticEngines([front]) });
    ada = await t.createUser('ada');
    bob = await t.createUser('bob');
  });
  afterAll(async () => {
    await t.close();
    await front.close();
    await engine.close();
  });

  const session = (user: LoginResponse, url: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: {},
    });

  it('goes to nobody else while it resets: the next user asking meanwhile is given it once it is reset', async () => {
    expect((await session(ada, API_ROUTES.sessions.requestAllocate)).statusCode).toBe(200);
    const released = session(ada, API_ROUTES.sessions.release);
    await new Promise((resolve) => setTimeout(resolve, RESET_MS / 3));
    // Asked mid-reset: lending it now would let the reset wipe this user's car and settings.
    const meanwhile = await session(bob, API_ROUTES.sessions.requestAllocate);
    const answeredAt = performance.now();
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(front.resetsDone).toHaveLength(1);
    expect(answeredAt).toBeGreaterThan(front.resetsDone[0] ?? Infinity);
    expect((await released).statusCode).toBe(200);
  });

  it('answers the user who gives it back at once, not when the reset is over (a sign-out waits for that answer)', async () => {
    const resetsBefore = front.resetsDone.length;
    const released = await session(bob, API_ROUTES.sessions.release);
    expect(released.statusCode, released.body).toBe(200);
    expect(front.resetsDone).toHaveLength(resetsBefore);
    // The reset still happens, and the next user gets the engine after it.
    expect((await session(ada, API_ROUTES.sessions.requestAllocate)).statusCode).toBe(200);
    expect(front.resetsDone).toHaveLength(resetsBefore + 1);
    expect((await session(ada, API_ROUTES.sessions.release)).statusCode).toBe(200);
  });
});
