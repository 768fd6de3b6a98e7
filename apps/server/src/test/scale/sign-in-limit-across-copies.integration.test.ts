import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES, PRODUCT_MESSAGES } from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../test-app.js';
import { joining, testDatabases, type TestDatabase } from '../test-databases.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 4;
const database = testDatabases.at(-1) as TestDatabase;

/**
 * Sign-in attempts are counted across server copies in their shared Redis: a round-robin balancer spreading one
 * client's guesses over the copies must not multiply the limit by their number.
 */
describe('the sign-in limit of two server copies', () => {
  let a: TestApp;
  let b: TestApp;
  let origins: string[];

  beforeAll(async () => {
    const shared = {
      authSecret: 'sign-in-limit-copies-share-this-secret!!',
      loginRateLimitPerMinute: LIMIT,
      redis: { url: REDIS_URL, prefix: `test-${randomUUID()}` },
    };
    a = await startTestApp(database, shared);
    b = await startTestApp(joining(a.config.database), shared);
    origins = [await a.app.listen({ host: '127.0.0.1', port: 0 }), await b.app.listen({ host: '127.0.0.1', port: 0 })];
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('refuses the attempt past the limit though each copy saw only half of them', async () => {
    const attempt = async (origin: string) => {
      const response = await fetch(`${origin}${API_BASE}${API_ROUTES.auth.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'a wrong guess' }),
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    };
    for (let index = 0; index < LIMIT; index++) expect((await attempt(origins[index % 2] ?? '')).status).toBe(401);
    for (const origin of origins) {
      const refused = await attempt(origin);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(PRODUCT_MESSAGES.tooManyLoginAttempts);
    }
  });
});
