import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES, type SessionResponse } from '@autostudio/protocol';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import type { AppConfig } from '../../config.js';

/**
 * Without PUBLIC_URL (HOST=0.0.0.0 on a fresh clone), the signalling address a session hands out and the policy that
 * lets the page open it follow the address the browser used, so that a user on another machine gets the car.
 */
describe.each([
  { publicUrl: undefined, trustProxy: false },
  { publicUrl: undefined, trustProxy: true },
  { publicUrl: 'https://studio.example.com', trustProxy: true },
])('the stream address with PUBLIC_URL=$publicUrl, TRUST_PROXY=$trustProxy', ({ publicUrl, trustProxy }) => {
  let engine: TestEngine;
  let t: TestApp;
  beforeAll(async () => {
    engine = await startTestEngine();
    // PUBLIC_URL as loadConfig reads it from the environment: unset unless the case sets it.
    const overrides: Partial<AppConfig> = {
      engines: staticEngines([engine]),
      trustProxy,
      ...(publicUrl ? { publicUrl } : {}),
    };
    t = await startTestApp(testDatabases[0]!, overrides);
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const instanceUrl = async (user: string, headers: Record<string, string>) => {
    const { accessToken } = await t.createUser(user);
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_ROUTES.sessions.allocate}`,
      headers: { authorization: `Bearer ${accessToken}`, ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json<SessionResponse>().sessionDetails?.instanceUrl ?? '';
    // Released at once: the suite has one engine.
    await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.sessions.release}`,
      headers: { authorization: `Bearer ${accessToken}` },
      payload: {},
    });
    return url;
  };

  it('hands out the signalling address at the host the browser came to', async () => {
    const url = await instanceUrl('remote', { host: '192.168.1.20:8080' });
    expect(url).toBe(
      publicUrl
        ? 'wss://studio.example.com/signalling?streamerId=engine-0'
        : 'ws://192.168.1.20:8080/signalling?streamerId=engine-0',
    );
  });

  it(`${trustProxy ? 'follows' : 'ignores'} the host and scheme a proxy forwards`, async () => {
    const url = await instanceUrl('proxied', {
      host: '10.0.0.5:8080',
      'x-forwarded-host': 'studio.example.org',
      'x-forwarded-proto': 'https',
    });
    const expected = publicUrl
      ? 'wss://studio.example.com'
      : trustProxy
        ? 'wss://studio.example.org'
        : 'ws://10.0.0.5:8080';
    expect(url).toBe(`${expected}/signalling?streamerId=engine-0`);
  });

  it('lets the page open that socket, and no other host', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}${API_ROUTES.health}` });
    const connectSrc = /connect-src ([^;]+)/.exec(response.headers['content-security-policy'] as string)?.[1];
    // 'self' is the page's own host, over ws: and wss: too.
    expect(connectSrc).toBe(publicUrl ? "'self' wss://studio.example.com" : "'self'");
  });
});
