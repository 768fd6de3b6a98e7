import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STATE_MESSAGES, STORAGE_KEYS } from '@autostudio/protocol';
import { createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
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
