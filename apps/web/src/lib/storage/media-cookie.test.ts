import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_ROUTES, MEDIA_COOKIE_REQUEST_DELAY_MS } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { MediaCookieKeeper } from './media-cookie';

const ORIGIN = 'http://server.test';
const COOKIE_URL = `${ORIGIN}${API_BASE}${API_ROUTES.storage.authCookie}`;
const answer = (expiresIn: number) =>
  new Response(JSON.stringify({ expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(), expiresIn }), {
    headers: { 'content-type': 'application/json' },
  });

describe('keeping the media cookie', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answer(3600)));
    vi.stubGlobal('fetch', fetchMock);
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'the-access-token' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    pointApiClientAt('');
  });

  const cookieRequests = () => fetchMock.mock.calls.filter(([url]) => url === COOKIE_URL);

  it('asks for the cookie about 100 ms after starting, with the bearer token, then before it expires', async () => {
    const keeper = new MediaCookieKeeper();
    keeper.start();
    keeper.start();
    await vi.advanceTimersByTimeAsync(MEDIA_COOKIE_REQUEST_DELAY_MS - 1);
    expect(cookieRequests()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(cookieRequests()).toHaveLength(1);
    const headers = (cookieRequests()[0]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBe('Bearer the-access-token');

    // The cookie lasts an hour: asked again before the hour is up, not long before.
    await vi.advanceTimersByTimeAsync(40 * 60 * 1000);
    expect(cookieRequests()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000);
    expect(cookieRequests()).toHaveLength(2);
    keeper.stop();
  });

  it('stops asking on sign-out', async () => {
    const keeper = new MediaCookieKeeper();
    keeper.start();
    keeper.stop();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(cookieRequests()).toHaveLength(0);
  });

  it('only logs a failure, and tries again later', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    const log = vi.fn();
    const keeper = new MediaCookieKeeper({ log });
    keeper.start();
    await vi.advanceTimersByTimeAsync(MEDIA_COOKIE_REQUEST_DELAY_MS);
    expect(log).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cookieRequests()).toHaveLength(2);
    keeper.stop();
  });
});
