import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, STATE_MESSAGES } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { ApiError, apiRequest } from './api-client';

const ORIGIN = 'http://server.test';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `fetch` answering each call in turn, recording what the client sent. */
function serverAnswering(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn<typeof fetch>(() => {
    const next = answers.shift();
    if (!next) throw new Error('an unexpected request');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  vi.stubGlobal('fetch', fetchMock);
  const sent = (index: number) => {
    const [url, init] = fetchMock.mock.calls[index] ?? [];
    // The client always calls fetch with a string URL.
    return { url: url as string, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
  };
  return { fetchMock, sent };
}

describe('the API client', () => {
  afterEach(() => pointApiClientAt(''));

  it('sends the bearer token and JSON, and returns the parsed answer', async () => {
    const { sent } = serverAnswering(json(201, { username: 'admin' }));
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'the-access-token' });
    const user = await apiRequest<{ username: string }>('/users', { method: 'POST', body: { username: 'admin' } });
    expect(user.username).toBe('admin');
    const request = sent(0);
    expect(request.url).toBe(`${ORIGIN}${API_BASE}/users`);
    expect(request.init.method).toBe('POST');
    expect(request.init.body).toBe(JSON.stringify({ username: 'admin' }));
    expect(request.headers).toMatchObject({
      authorization: 'Bearer the-access-token',
      'content-type': 'application/json',
    });
  });

  it('turns an error body into an ApiError with the server message', async () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: STATE_MESSAGES.loginFailedCheckCredentials };
    serverAnswering(json(401, body));
    pointApiClientAt(ORIGIN);
    const failure = apiRequest('/auth/login', {
      method: 'POST',
      body: { username: 'admin', password: 'nope-nope' },
      handleUnauthorized: true,
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: STATE_MESSAGES.loginFailedCheckCredentials });
  });

  it('refreshes once and retries when a call outside /auth/ answers 401', async () => {
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'expired' };
    const { fetchMock, sent } = serverAnswering(json(401, unauthorized), json(201, { username: 'refreshed-user' }));
    const refreshAccessToken = vi.fn(() => Promise.resolve('a-fresh-token'));
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'expired.token.value', refreshAccessToken });
    const created = await apiRequest<{ username: string }>('/users', {
      method: 'POST',
      body: { username: 'refreshed-user', password: 'refreshed-password' },
    });
    expect(created.username).toBe('refreshed-user');
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(1).headers.authorization).toBe('Bearer a-fresh-token');
  });

  it('sends the browser to /login when an auth call answers 401', async () => {
    serverAnswering(json(401, { statusCode: 401, error: 'Unauthorized', message: 'bad token' }));
    const redirectToLogin = vi.fn();
    const refreshAccessToken = vi.fn(() => Promise.resolve(null));
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'bad.token.value', redirectToLogin, refreshAccessToken });
    await expect(apiRequest('/auth/verify')).rejects.toMatchObject({ status: 401 });
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('reports an unreachable server clearly', async () => {
    serverAnswering(new TypeError('fetch failed'));
    pointApiClientAt(ORIGIN);
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 0, message: /could not be reached/ });
  });
});
