import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { STRICT_TRANSPORT_SECURITY } from './security-headers.js';

/** Strict-Transport-Security only when the browser came over https; the other headers always. */
describe.each([false, true])('security headers with TRUST_PROXY=%s', (trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases[0]!, { trustProxy });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends no Strict-Transport-Security over plain http, on answers and on errors', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/users/filtered']) {
      const response = await get(url);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it(`${trustProxy ? 'sends' : 'ignores'} it when a proxy says the request came over https`, async () => {
    const response = await get('/api/health', { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBe(trustProxy ? STRICT_TRANSPORT_SECURITY : undefined);
  });

  it('sends no Strict-Transport-Security when a proxy says the request came over http', async () => {
    const response = await get('/api/health', { 'x-forwarded-proto': 'http' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
