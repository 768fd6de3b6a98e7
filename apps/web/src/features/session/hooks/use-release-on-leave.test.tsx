import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES, type SessionResponse } from '@autostudio/protocol';
import { paths } from '@/config/paths';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { useSessionStore } from '../stores/session-store';
import { useReleaseOnLeave } from './use-release-on-leave';

function Studio() {
  useReleaseOnLeave();
  return null;
}

const released: SessionResponse = { success: true, message: 'Session released', sessionDetails: null };

describe('leaving the studio', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
    fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(released))));
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({
      status: 'Connected',
      sessionDetails: { sessionId: 'session-1', instanceId: 'localhost:1', instanceUrl: 'ws://x' },
    });
    window.history.pushState(null, '', paths.home);
  });
  afterEach(() => useSessionStore.getState().clear());

  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: url as string,
      body: init?.body,
      keepalive: init?.keepalive,
      authorization: (init?.headers as Record<string, string> | undefined)?.authorization,
    }));

  it('releases the session at once when the user goes to another page of the app', async () => {
    const studio = render(<Studio />);
    window.history.pushState(null, '', paths.landing);
    studio.unmount();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(calls()[0]).toMatchObject({
      url: expect.stringContaining(API_ROUTES.sessions.sessionRelease) as string,
      body: JSON.stringify({ sessionId: 'session-1' }),
    });
    expect(useSessionStore.getState().sessionDetails).toBeNull();
  });

  it('keeps it when /home only unmounts for a moment (the sign-in re-check, StrictMode)', async () => {
    const studio = render(<Studio />);
    studio.unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSessionStore.getState().sessionDetails?.sessionId).toBe('session-1');
  });

  it('asks for a release after the grace period when the page goes away, with the token, outliving the page', () => {
    render(<Studio />);
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls()[0]).toMatchObject({
      url: expect.stringContaining(API_ROUTES.sessions.release) as string,
      body: JSON.stringify({ sessionId: 'session-1', pageClosed: true }),
      keepalive: true,
      authorization: 'Bearer a-token',
    });
    // The page may be coming back (a reload): the session and the tab's memory of it stay.
    expect(useSessionStore.getState().sessionDetails?.sessionId).toBe('session-1');
  });
});
