import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderElement, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES, SESSION, STATE_MESSAGES, type SessionResponse } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { SessionStatusIndicator } from '../components/session-status';
import { useSessionStore } from '../stores/session-store';
import { useSessionHeartbeat } from './use-session-heartbeat';

function Studio() {
  useSessionHeartbeat();
  return <SessionStatusIndicator />;
}

/** The studio under the app's query cache. */
const render = (element: ReactElement) =>
  renderElement(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);

/** The server's answer to a heartbeat for a session it no longer knows (as after an expiry). */
const unknownSession: SessionResponse = { success: false, message: '', sessionDetails: null };

describe('the session heartbeat', () => {
  beforeEach(() => {
    // Only the clock the hook schedules with is fake: the answer's promise chain runs as it would.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSessionStore.getState().clear();
  });

  it('starts 2 s after connecting and turns the session to Error when the server no longer knows it', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(JSON.stringify(unknownSession), { status: 404 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({
      status: 'Connected',
      sessionDetails: { sessionId: 'a-session-that-ended', instanceId: 'localhost:1', instanceUrl: 'ws://x' },
    });
    render(<Studio />);
    expect(screen.getByRole('status', { name: 'Session' })).toHaveTextContent('Connected');

    await act(() => vi.advanceTimersByTimeAsync(SESSION.heartbeatStartDelayMs - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0] as string).toContain(API_ROUTES.sessions.sessionHeartbeat);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ sessionId: 'a-session-that-ended' }));

    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'Session' })).toHaveTextContent('Error'));
    expect(useSessionStore.getState().message).toBe(STATE_MESSAGES.sessionExpired);
  });

  it('beats every 30 s while the server keeps the session and the session is Connected', async () => {
    const alive: SessionResponse = { success: true, message: '', sessionDetails: null };
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(alive))));
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({
      status: 'Connected',
      sessionDetails: { sessionId: 'a-live-session', instanceId: 'localhost:1', instanceUrl: 'ws://x' },
    });
    render(<Studio />);
    // Each step in its own act, so that React renders what each timer changed before the next.
    await act(() => vi.advanceTimersByTimeAsync(SESSION.heartbeatStartDelayMs));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(SESSION.heartbeatMs - 1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(SESSION.heartbeatMs));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('status', { name: 'Session' })).toHaveTextContent('Connected');

    // A session that is no longer Connected is not kept alive.
    act(() => useSessionStore.setState({ status: 'Disconnected' }));
    await act(() => vi.advanceTimersByTimeAsync(2 * SESSION.heartbeatMs));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
