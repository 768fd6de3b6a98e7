import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES } from '@autostudio/protocol';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/** No cache keeps an API answer: tokens and private data, nor what a refusal or an error says. */
describe('API answers are not cached', () => {
  let t: TestApp;
  let userToken: string;
  beforeAll(async () => {
    t = await startTestApp(testDatabases[0]!);
    userToken = (await t.createUser('nadia')).accessToken;
  });
  afterAll(() => t.close());

  const api = async (method: 'GET' | 'POST', route: string, token?: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: `${API_BASE}${route}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, cacheControl: response.headers['cache-control'] };
  };

  it('sends no-store with the sign-in tokens and a refreshed token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.auth.login}`,
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const { refreshToken } = login.json<{ refreshToken: string }>();
    // A GET that answers with new tokens: the answer a cache would most like to keep.
    expect(await api('GET', API_ROUTES.auth.refresh, refreshToken)).toEqual({
      status: 200,
      cacheControl: 'no-store',
    });
  });

  it('sends no-store with lists and items', async () => {
    const admin = await t.adminToken();
    expect(await api('GET', API_ROUTES.users.filtered, admin)).toEqual({ status: 200, cacheControl: 'no-store' });
    expect(await api('GET', API_ROUTES.configs.filtered, userToken)).toEqual({ status: 200, cacheControl: 'no-store' });
    expect(await api('GET', API_ROUTES.auth.verify, userToken)).toMatchObject({ cacheControl: 'no-store' });
  });

  it('sends no-store with refusals and errors', async () => {
    // Not signed in, not allowed, not found, not valid, no such route.
    expect(await api('GET', API_ROUTES.configs.filtered)).toEqual({ status: 401, cacheControl: 'no-store' });
    const newUser = { username: 'mallory', password: 'mallory-password' };
    expect(await api('POST', API_ROUTES.users.create, userToken, newUser)).toEqual({
      status: 403,
      cacheControl: 'no-store',
    });
    expect(await api('GET', '/config/id/no-such-config', userToken)).toEqual({ status: 404, cacheControl: 'no-store' });
    expect(await api('POST', API_ROUTES.auth.login, undefined, { username: 'admin' })).toEqual({
      status: 400,
      cacheControl: 'no-store',
    });
    expect(await api('GET', '/no-such-route', userToken)).toEqual({ status: 404, cacheControl: 'no-store' });
  });
});
