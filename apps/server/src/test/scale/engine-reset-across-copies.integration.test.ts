import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_ROUTES, type LoginResponse } from '@autostudio/protocol';
import { openDatabase } from '../../db/database.js';
import { RESET_LEASE_MS } from '../../modules/sessions/sessions.service.js';
import { slowResetting, type SlowResetEngine } from '../slow-reset-engine.js';
import { startTestApp, staticEngines, type TestApp } from '../test-app.js';
import { joining, testDatabases } from '../test-databases.js';

/** Both copies sign with one secret, as the deployment guide asks (AUTH_SECRET). */
const AUTH_SECRET = 'reset-copies-share-this-secret-of-32-characters';
/** How long the engine takes to reset here: long enough to ask for it in the middle. */
const RESET_MS = 1500;
/** What is left of the lease of a reset whose copy vanished, when the test begins. */
const LEASE_LEFT_MS = 1000;

/**
 * One engine, two server copies on one database. The session ends on copy A, which resets the engine; a user asking
 * copy B meanwhile must not be lent it before the reset is over, or the reset would wipe their car and settings.
 */
describe.each(testDatabases)('an engine reset seen by two server copies on one $name database', (database) => {
  let engine: TestEngine;
  let front: SlowResetEngine;
  let a: TestApp;
  let b: TestApp;
  let ada: LoginResponse;
  let bob: LoginResponse;
  let carol: LoginResponse;

  beforeAll(async () => {
    engine = await startTestEngine();
    front = await slowResetting(engine, RESET_MS);
    const engines = staticEngines([front]);
    a = await startTestApp(database, { engines, authSecret: AUTH_SECRET });
    b = await startTestApp(joining(a.config.database), { engines, authSecret: AUTH_SECRET });
    ada = await a.createUser('ada');
    bob = await a.createUser('bob');
    carol = await a.createUser('carol');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await front.close();
    await engine.close();
  });

  const session = (copy: TestApp, user: LoginResponse, route: string) =>
    copy.app.inject({
      method: 'POST',
      url: `${API_BASE}${route}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: {},
    });

  it('is lent by the other copy only once the reset is over: a user asking it meanwhile waits', async () => {
    expect((await session(a, ada, API_ROUTES.sessions.requestAllocate)).statusCode).toBe(200);
    const released = session(a, ada, API_ROUTES.sessions.release);
    await new Promise((resolve) => setTimeout(resolve, RESET_MS / 3));
    const meanwhile = await session(b, bob, API_ROUTES.sessions.requestAllocate);
    const answeredAt = performance.now();
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(front.resetsDone).toHaveLength(1);
    expect(answeredAt).toBeGreaterThan(front.resetsDone[0] ?? Infinity);
    expect((await released).statusCode).toBe(200);
    await releaseAndAwaitReset(b, bob);
  });

  /** What a copy that died in the middle of a reset leaves behind: the reset's row, which it will never remove. */
  async function abandonReset(leaseEndsAt: number): Promise<void> {
    const handle = openDatabase(a.config.database);
    try {
      await handle.db
        .insertInto('engine_resets')
        .values({
          engine_id: 'engine-0',
          reset_id: 'reset-of-a-vanished-copy',
          started_at: new Date(leaseEndsAt - RESET_LEASE_MS).toISOString(),
          expires_at: new Date(leaseEndsAt).toISOString(),
        })
        .execute();
    } finally {
      await handle.close();
    }
  }

  async function resetsUnderWay(): Promise<number> {
    const handle = openDatabase(a.config.database);
    try {
      return (await handle.db.selectFrom('engine_resets').select('engine_id').execute()).length;
    } finally {
      await handle.close();
    }
  }

  /** A release answers before its engine's reset is over; the next test starts once it is. */
  async function releaseAndAwaitReset(copy: TestApp, user: LoginResponse): Promise<void> {
    expect((await session(copy, user, API_ROUTES.sessions.release)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await resetsUnderWay()).toBe(0), { timeout: RESET_MS * 4, interval: 50 });
  }

  it('is not kept out for ever by a reset whose copy vanished: after its lease, it is reset again and lent', async () => {
    const leaseEndsAt = Date.now() + LEASE_LEFT_MS;
    await abandonReset(leaseEndsAt);
    const resetsBefore = front.resetsDone.length;
    const answer = await session(b, carol, API_ROUTES.sessions.requestAllocate);
    expect(answer.statusCode, answer.body).toBe(200);
    // Not before the lease ran out: the vanished copy's reset might still have reached the engine until then.
    expect(Date.now()).toBeGreaterThanOrEqual(leaseEndsAt);
    // Lent only after a reset of its own: the one abandoned may never have reached the engine.
    expect(front.resetsDone).toHaveLength(resetsBefore + 1);
    expect(await resetsUnderWay()).toBe(0);
    await releaseAndAwaitReset(a, carol);
  });

  it('is reset again by the sweep of any copy once an abandoned reset runs out, with nobody asking', async () => {
    await abandonReset(Date.now() - 1);
    const resetsBefore = front.resetsDone.length;
    expect(await a.app.engineSessions.resetAbandoned()).toBe(true);
    expect(front.resetsDone).toHaveLength(resetsBefore + 1);
    expect(await resetsUnderWay()).toBe(0);
    // The other copy finds nothing left to take over, and lends the engine at once.
    expect(await b.app.engineSessions.resetAbandoned()).toBe(false);
    const started = Date.now();
    expect((await session(b, ada, API_ROUTES.sessions.requestAllocate)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(RESET_MS);
    await releaseAndAwaitReset(b, ada);
  });
});
