import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../multipart.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { testDatabases } from '../test-databases.js';

/**
 * Bad input for every endpoint: each answers with a 4xx and the standard error body, never a 500, and a
 * message that names what is wrong where there is a field to name. One file per area of the API uses this.
 */
export interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  json?: unknown;
  raw?: { contentType: string; body: string };
  multipart?: { fields: Record<string, string>; files?: Record<string, { name: string; content: Buffer | string }> };
  status: number;
  message?: RegExp;
}

export const HUGE = 'x'.repeat(100_000);
/** JSON nested 5,000 levels deep: enough to overflow the stack of anything that walks it by recursion. */
export const DEEP = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
export const TOO_DEEP = /must not nest deeper than 100 levels/;
export const UNKNOWN = '00000000-0000-0000-0000-000000000000';

/** A bell and a terminal escape sequence; bidirectional overrides and C1 controls are refused alike. */
export const CONTROL = 'Ann\u0007\u001b[2J';
export const named = (field: string) => new RegExp(`body\\.${field}: must not contain control characters`);

/** The server and administrator a suite's own extra tests use. */
export interface BadInputContext {
  t: TestApp;
  admin: string;
}

/**
 * Sends every case, as the administrator, to a fresh server on each test database. `more` adds tests of the area's
 * own that need the same server.
 */
export function describeBadInput(area: string, cases: Case[], more?: (context: () => BadInputContext) => void): void {
  describe.each(testDatabases)(`bad input to ${area} on $name`, (database) => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await startTestApp(database);
      admin = await t.adminToken();
    });
    afterAll(() => t.close());

    it.each(cases)('$name → $status', async (testCase) => {
      const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
      let payload: string | Buffer | object | undefined;
      if (testCase.multipart) {
        const body = await multipartBody(testCase.multipart.fields, testCase.multipart.files);
        Object.assign(headers, body.headers);
        payload = body.payload;
      } else if (testCase.raw) {
        headers['content-type'] = testCase.raw.contentType;
        payload = testCase.raw.body;
      } else if (testCase.json !== undefined) {
        payload = testCase.json as object;
      }
      const response = await t.app.inject({
        method: testCase.method,
        url: testCase.url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(testCase.status);
      const body = response.json<{ statusCode: number; error: string; message: string }>();
      expect(body.statusCode).toBe(testCase.status);
      expect(typeof body.error).toBe('string');
      if (testCase.message) expect(body.message).toMatch(testCase.message);
    });

    more?.(() => ({ t, admin }));
  });
}
