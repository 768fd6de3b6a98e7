import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES, pathTo, STATE_MESSAGES, STORAGE_KEYS } from '@autostudio/protocol';
import { ADMIN, createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { hasValidToken, isNearExpiry, useAuthStore } from './auth-store';

describe('the auth store against the real server', () => {
  let account: { username: string; password: string };
  beforeAll(async () => {
    account = await createUser('casey');
  });
  beforeEach(() => {
    pointApiClientAt(serverOrigin());
    useAuthStore.setState(useAuthStore.getInitialState());
  });

  it('signs in with credentials and keeps the tokens in session storage', async () => {
    const before = Date.now();
    await useAuthStore.getState().loginWithCredentials(account);
    const state = useAuthStore.getState();
    expect(state.status).toBe('authenticated');
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.username).toBe(account.username);
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe(state.accessToken);
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(state.refreshToken);
    // Tokens expire at now plus expiresIn seconds (spec §4).
    expect(state.tokenExpiry).toBeGreaterThanOrEqual(before + 3600 * 1000);
    expect(state.tokenExpiry).toBeLessThanOrEqual(Date.now() + 3600 * 1000);
  });

  it('fails a wrong password with the server message and clears credentials', async () => {
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'stale');
    await expect(
      useAuthStore.getState().loginWithCredentials({ username: account.username, password: 'wrong-password' }),
    ).rejects.toThrow(STATE_MESSAGES.loginFailedCheckCredentials);
    const state = useAuthStore.getState();
    expect(state.status).toBe('failed');
    expect(state.error).toBe(STATE_MESSAGES.loginFailedCheckCredentials);
    expect(state.accessToken).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('fails the check with "No authentication token found" when nothing is stored', async () => {
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({ status: 'failed', error: STATE_MESSAGES.noAuthToken });
  });

  it('verifies a stored access token', async () => {
    const { accessToken, refreshToken } = await login(account.username, account.password);
    sessionStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    sessionStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    await useAuthStore.getState().checkAuth();
    const state = useAuthStore.getState();
    expect(state.status).toBe('authenticated');
    expect(state.accessToken).toBe(accessToken);
    expect(hasValidToken(state.tokenExpiry)).toBe(true);
  });

  it('falls back to the refresh token when verification fails, and rotates it', async () => {
    const { refreshToken } = await login(account.username, account.password);
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'not.a.token');
    sessionStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    await useAuthStore.getState().checkAuth();
    const state = useAuthStore.getState();
    expect(state.status).toBe('authenticated');
    expect(state.refreshToken).not.toBe(refreshToken);
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(state.refreshToken);
  });

  it('ends with "Authentication expired" when both tokens are refused', async () => {
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'not.a.token');
    sessionStorage.setItem(STORAGE_KEYS.refreshToken, 'not-a-refresh-token');
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({ status: 'failed', error: STATE_MESSAGES.authenticationExpired });
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('falls back to the refresh token when a token returned in the URL no longer verifies', async () => {
    const { refreshToken } = await login(account.username, account.password);
    await useAuthStore.getState().loginWithTokens('not.a.token', refreshToken);
    const state = useAuthStore.getState();
    expect(state.status).toBe('authenticated');
    expect(state.user?.username).toBe(account.username);
    expect(state.refreshToken).not.toBe(refreshToken);
  });

  it('ends a URL sign-in with "Authentication expired" when its refresh token is refused too', async () => {
    await expect(useAuthStore.getState().loginWithTokens('not.a.token', 'not-a-refresh-token')).rejects.toThrow(
      STATE_MESSAGES.authenticationExpired,
    );
    expect(useAuthStore.getState()).toMatchObject({ status: 'failed', error: STATE_MESSAGES.authenticationExpired });
  });

  it('signs out with "Session expired. Please login again." when a refresh is refused', async () => {
    const { accessToken, refreshToken } = await login(account.username, account.password);
    await useAuthStore.getState().loginWithTokens(accessToken, refreshToken);
    // Signed out elsewhere: the refresh token is revoked.
    await useAuthStore.getState().logout();
    useAuthStore.setState({ status: 'authenticated', isAuthenticated: true, refreshToken });
    expect(await useAuthStore.getState().refreshTokens()).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'failed', error: STATE_MESSAGES.sessionExpiredLoginAgain });
  });

  it('runs one check even when asked twice at once', async () => {
    const { accessToken } = await login(account.username, account.password);
    sessionStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    const first = useAuthStore.getState().checkAuth();
    const second = useAuthStore.getState().checkAuth();
    expect(second).toBe(first);
    await first;
  });

  it('logs out: clears everything and revokes the refresh token on the server', async () => {
    await useAuthStore.getState().loginWithCredentials(account);
    const { refreshToken } = useAuthStore.getState();
    sessionStorage.setItem(STORAGE_KEYS.currentConfigId, 'config-1');
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({ status: 'none', user: null, accessToken: null });
    expect(sessionStorage.getItem(STORAGE_KEYS.currentConfigId)).toBeNull();
    const replay = await fetch(`${serverOrigin()}/api/auth/refresh`, {
      headers: { authorization: `Bearer ${refreshToken ?? ''}` },
    });
    expect(replay.status).toBe(401);
  });
});

describe('the re-check every minute, against the real server', () => {
  beforeEach(() => {
    pointApiClientAt(serverOrigin());
    useAuthStore.setState(useAuthStore.getInitialState());
  });

  /** What the administrator does to a signed-in user meanwhile, through the API. */
  async function administer(method: 'PUT' | 'DELETE', userId: string, body?: object): Promise<void> {
    const admin = await login(ADMIN.username, ADMIN.password);
    const response = await fetch(`${serverOrigin()}${API_BASE}${pathTo(API_ROUTES.users.byId, { id: userId })}`, {
      method,
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.ok, await response.clone().text()).toBe(true);
  }

  it('reads the user again, so that a name an administrator changed shows', async () => {
    const account = await createUser('dana');
    await useAuthStore.getState().loginWithCredentials(account);
    await administer('PUT', useAuthStore.getState().user?.id ?? '', { name: 'Dana Quinn' });
    await useAuthStore.getState().recheck();
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { name: 'Dana Quinn' } });
  });

  it('signs out a user whose roles an administrator changed (the server ends their sign-in)', async () => {
    const account = await createUser('drew', ['user']);
    await useAuthStore.getState().loginWithCredentials(account);
    await administer('PUT', useAuthStore.getState().user?.id ?? '', { roles: ['user', 'client'] });
    await useAuthStore.getState().recheck();
    expect(useAuthStore.getState()).toMatchObject({ status: 'failed', error: STATE_MESSAGES.sessionExpiredLoginAgain });
  });

  it('signs out with "Session expired. Please login again." once the user is deleted', async () => {
    const account = await createUser('emery');
    await useAuthStore.getState().loginWithCredentials(account);
    await administer('DELETE', useAuthStore.getState().user?.id ?? '');
    await useAuthStore.getState().recheck();
    expect(useAuthStore.getState()).toMatchObject({
      status: 'failed',
      user: null,
      error: STATE_MESSAGES.sessionExpiredLoginAgain,
    });
  });

  it('stays signed in when the server cannot be reached: a network blip is not a refusal', async () => {
    const account = await createUser('frankie');
    await useAuthStore.getState().loginWithCredentials(account);
    const before = useAuthStore.getState().user;
    // A port nothing listens on.
    pointApiClientAt('http://127.0.0.1:9');
    await useAuthStore.getState().recheck();
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: before });
  });
});

describe('token timing rules', () => {
  const now = 1_000_000;
  it('calls a token near expiry when less than five minutes remain', () => {
    expect(isNearExpiry(now + 4 * 60_000, now)).toBe(true);
    expect(isNearExpiry(now + 6 * 60_000, now)).toBe(false);
  });
  it('keeps a ten second margin for validity', () => {
    expect(hasValidToken(now + 9_000, now)).toBe(false);
    expect(hasValidToken(now + 11_000, now)).toBe(true);
    expect(hasValidToken(null, now)).toBe(false);
  });
});
