import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  type EngineLineSummary,
  type LineStanding,
  type LoginResponse,
} from '@autostudio/protocol';
import { openDatabase } from '../../db/database.js';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { joining, testDatabases } from '../../test/test-databases.js';

/** Both copies sign with one secret, as the deployment guide asks (AUTH_SECRET). */
const AUTH_SECRET = 'engine-line-copies-share-this-secret-32-chars';
/** How long a place lasts without its page asking, here: short, so that a page that goes away is seen to. */
const STALE_MS = 1500;

/**
 * One engine, two server copies on one database: the waiting line is the database's, so a user waiting through one
 * copy and a user asking the other are served in the order they came, and nobody who just arrived is lent the engine
 * ahead of those waiting.
 */
describe.each(testDatabases)(
  'the waiting line for engines, across two server copies on one $name database',
  (database) => {
    let engine: TestEngine;
    let a: TestApp;
    let b: TestApp;
    let ada: LoginResponse;
    let bob: LoginResponse;
    let carol: LoginResponse;
    let adminToken: string;

    beforeAll(async () => {
      engine = await startTestEngine();
      const engines = staticEngines([engine], { lineStaleMs: STALE_MS });
      a = await startTestApp(database, { engines, authSecret: AUTH_SECRET });
      b = await startTestApp(joining(a.config.database), { engines, authSecret: AUTH_SECRET });
      ada = await a.createUser('ada');
      bob = await a.createUser('bob');
      carol = await a.createUser('carol');
      adminToken = await a.adminToken();
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await engine.close();
    });

    const call = (copy: TestApp, token: string, method: 'GET' | 'POST' | 'DELETE', route: string) =>
      copy.app.inject({
        method,
        url: `${API_BASE}${route}`,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
    const allocate = (copy: TestApp, user: LoginResponse) =>
      call(copy, user.accessToken, 'POST', API_ROUTES.sessions.requestAllocate);
    const release = (copy: TestApp, user: LoginResponse) =>
      call(copy, user.accessToken, 'POST', API_ROUTES.sessions.release);
    const standing = async (copy: TestApp, user: LoginResponse): Promise<LineStanding> => {
      const response = await call(copy, user.accessToken, 'POST', API_ROUTES.sessions.line);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LineStanding>();
    };
    const summary = async (copy: TestApp): Promise<EngineLineSummary> => {
      const response = await call(copy, adminToken, 'GET', API_ROUTES.sessions.lineSummary);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<EngineLineSummary>();
    };
    const leave = async (copy: TestApp, user: LoginResponse) =>
      expect((await call(copy, user.accessToken, 'DELETE', API_ROUTES.sessions.line)).statusCode).toBe(204);
    /** A release answers before its engine's reset is over; the next test starts once the engine is free. */
    async function awaitResets(): Promise<void> {
      const handle = openDatabase(a.config.database);
      try {
        await vi.waitFor(
          async () => expect(await handle.db.selectFrom('engine_resets').select('engine_id').execute()).toEqual([]),
          { timeout: 10_000, interval: 50 },
        );
      } finally {
        await handle.close();
      }
    }

    it('takes those who wait in the order they came, whichever copy they ask, ahead of anyone new', async () => {
      expect((await allocate(a, ada)).statusCode).toBe(200);
      expect((await allocate(b, bob)).statusCode).toBe(503);
      expect(await standing(b, bob)).toMatchObject({ place: 1, length: 1, yourTurn: false });
      expect(await standing(a, carol)).toMatchObject({ place: 2, length: 2, yourTurn: false });
      expect(await summary(a)).toMatchObject({
        engines: { capacity: 1, inUse: 1 },
        waiting: [
          { username: 'bob', place: 1 },
          { username: 'carol', place: 2 },
        ],
      });

      expect((await release(a, ada)).statusCode).toBe(200);
      // The engine is free, but bob came first: carol, and ada asking again, are refused and keep waiting.
      expect((await allocate(a, carol)).statusCode).toBe(503);
      expect((await allocate(a, ada)).statusCode).toBe(503);
      expect(await standing(a, carol)).toMatchObject({ place: 2, yourTurn: false });
      expect(await standing(b, bob)).toMatchObject({ place: 1, yourTurn: true, estimatedWaitMs: 0 });
      const lent = await allocate(b, bob);
      expect(lent.statusCode, lent.body).toBe(200);
      // Lent an engine, bob has left the line; carol moved up.
      expect(await standing(a, carol)).toMatchObject({ place: 1, length: 1, yourTurn: false });
      expect(await standing(b, bob)).toMatchObject({ place: 0, yourTurn: true });

      await leave(a, carol);
      expect((await summary(b)).waiting).toEqual([]);
      expect((await release(b, bob)).statusCode).toBe(200);
      await awaitResets();
    });

    it('estimates the wait from how long the latest sessions lasted', async () => {
      // ada's and bob's sessions above have ended: the line knows how long sessions last here.
      expect((await allocate(a, ada)).statusCode).toBe(200);
      const bobs = await standing(a, bob);
      const carols = await standing(b, carol);
      const typical = (await summary(a)).typicalSessionMs;
      expect(typical).not.toBeNull();
      // Sessions that short may end any moment: the first in line waits the least a session is given, the second
      // one more turn of the engine.
      expect(bobs.estimatedWaitMs).toBe(30_000);
      expect(carols.estimatedWaitMs).toBe(30_000 + (typical ?? 0));
      await leave(a, bob);
      await leave(b, carol);
      expect((await release(a, ada)).statusCode).toBe(200);
      await awaitResets();
    });

    it('gives up the place of a page that stopped asking for it: the next in line moves up', async () => {
      expect((await allocate(a, ada)).statusCode).toBe(200);
      expect(await standing(b, bob)).toMatchObject({ place: 1 });
      expect(await standing(a, carol)).toMatchObject({ place: 2 });
      // bob's page is gone; carol's keeps asking.
      await vi.waitFor(async () => expect(await standing(a, carol)).toMatchObject({ place: 1, length: 1 }), {
        timeout: STALE_MS * 4,
        interval: 200,
      });
      expect((await release(b, ada)).statusCode).toBe(200);
      expect((await allocate(b, carol)).statusCode).toBe(200);
      // Back after the place was given up, bob joins at the end like anyone else.
      expect(await standing(a, bob)).toMatchObject({ place: 1, length: 1, yourTurn: false });
      await leave(a, bob);
      expect((await release(a, carol)).statusCode).toBe(200);
      await awaitResets();
    });

    it('is shown to administrators only', async () => {
      expect((await call(a, ada.accessToken, 'GET', API_ROUTES.sessions.lineSummary)).statusCode).toBe(403);
      expect(
        (await a.app.inject({ method: 'GET', url: `${API_BASE}${API_ROUTES.sessions.lineSummary}` })).statusCode,
      ).toBe(401);
    });
  },
);
