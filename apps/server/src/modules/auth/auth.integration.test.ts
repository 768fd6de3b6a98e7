import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_MESSAGES, type LoginResponse, type User } from '@autostudio/protocol';
import { openDatabase } from '../../db/database.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('auth on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } });

  it('signs the administrator in with tokens, expiry and roles', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.expiresIn).toBe(3600);
    expect(body.user).toMatchObject({ username: 'admin', roles: ['admin'] });
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
  });

  it('accepts the username in any case', async () => {
    const body = await t.login('  ADMIN ', ADMIN_PASSWORD);
    expect(body.user.username).toBe('admin');
  });

  it.each([
    ['a wrong password', 'admin', 'wrong-password'],
    ['an unknown user', 'nobody', ADMIN_PASSWORD],
  ])('refuses %s with the spec message', async (_case, username, password) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: STATE_MESSAGES.loginFailedCheckCredentials,
    });
  });

  it('names the missing field when the body is incomplete', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/password/);
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('verifies an access token and returns the user', async () => {
    const { accessToken, user } = await t.login('admin', ADMIN_PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toEqual(user);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer not-a-jwt'],
    ['a token signed with another key', `Bearer ${forgedToken()}`],
  ])('refuses verification with %s', async (_case, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(STATE_MESSAGES.authenticationFailed);
  });

  it('rotates the refresh token on every use', async () => {
    const first = await t.login('admin', ADMIN_PASSWORD);
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const rotated = second.json<LoginResponse>();
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    expect(rotated.user.username).toBe('admin');
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const first = await t.login('admin', ADMIN_PASSWORD);
    const rotated = (await refresh(first.refreshToken)).json<LoginResponse>();
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toBe(STATE_MESSAGES.sessionExpiredLoginAgain);
    // The thief's replay also locks out the token that was issued in its place.
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('does not let an access token stand in for a refresh token', async () => {
    const { accessToken } = await t.login('admin', ADMIN_PASSWORD);
    expect((await refresh(accessToken)).statusCode).toBe(401);
  });

  it('asks for a refresh token when none is sent', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/refresh' });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(STATE_MESSAGES.noRefreshToken);
  });

  it('revokes the refresh token on logout', async () => {
    const { refreshToken } = await t.login('admin', ADMIN_PASSWORD);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
    expect(response.statusCode).toBe(204);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const { refreshToken } = await t.login('admin', ADMIN_PASSWORD);
    const handle = openDatabase(t.config.database);
    try {
      const stored = await handle.db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.map((row) => row.token_hash)).not.toContain(refreshToken);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabases)('login rate limit on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { loginRateLimitPerMinute: 3 });
  });
  afterAll(() => t.close());

  it('locks a client out with 429 and a clear message after too many attempts', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'wrong-one' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const locked = await attempt();
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toMatch(/Too many sign-in attempts/);
  });
});

function forgedToken(): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: 'x', iss: 'autostudio', aud: 'autostudio-api' })).toString(
    'base64url',
  );
  return `${header}.${payload}.c2lnbmF0dXJl`;
}
