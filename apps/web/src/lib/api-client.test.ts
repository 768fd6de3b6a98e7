import { describe, expect, it, vi } from 'vitest';
import { STATE_MESSAGES } from '@autostudio/protocol';
import { ADMIN, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { ApiError, apiRequest } from './api-client';

describe('the API client against the real server', () => {
  it('sends the bearer token and JSON, and returns the parsed answer', async () => {
    const { accessToken } = await login(ADMIN.username, ADMIN.password);
    pointApiClientAt(serverOrigin(), { getAccessToken: () => accessToken });
    const user = await apiRequest<{ username: string }>('/auth/verify');
    expect(user.username).toBe('admin');
  });

  it('turns an error body into an ApiError with the server message', async () => {
    pointApiClientAt(serverOrigin());
    const failure = apiRequest('/auth/login', {
      method: 'POST',
      body: { username: 'admin', password: 'nope-nope' },
      handleUnauthorized: true,
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: STATE_MESSAGES.loginFailedCheckCredentials });
  });

  it('refreshes once and retries when a call outside /auth/ answers 401', async () => {
    const { accessToken } = await login(ADMIN.username, ADMIN.password);
    const refreshAccessToken = vi.fn(() => Promise.resolve(accessToken));
    pointApiClientAt(serverOrigin(), { getAccessToken: () => 'expired.token.value', refreshAccessToken });
    const created = await apiRequest<{ username: string }>('/users', {
      method: 'POST',
      body: { username: `refreshed-${Date.now()}`, password: 'refreshed-password' },
    });
    expect(created.username).toMatch(/^refreshed-/);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('sends the browser to /login when an auth call answers 401', async () => {
    const redirectToLogin = vi.fn();
    pointApiClientAt(serverOrigin(), { getAccessToken: () => 'bad.token.value', redirectToLogin });
    await expect(apiRequest('/auth/verify')).rejects.toMatchObject({ status: 401 });
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server clearly', async () => {
    pointApiClientAt('http://127.0.0.1:1');
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 0, message: /could not be reached/ });
  });
});
