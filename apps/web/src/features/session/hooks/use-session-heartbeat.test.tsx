import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION, STATE_MESSAGES } from '@autostudio/protocol';
import { createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { SessionStatusIndicator } from '../components/session-status';
import { useSessionStore } from '../stores/session-store';
import { useSessionHeartbeat } from './use-session-heartbeat';

function Studio() {
  useSessionHeartbeat();
  return <SessionStatusIndicator />;
}

describe('the session heartbeat', () => {
  afterEach(() => useSessionStore.getState().clear());

  it('starts 2 s after connecting and turns the session to Error when the server no longer knows it', async () => {
    const account = await createUser('beat');
    const tokens = await login(account.username, account.password);
    pointApiClientAt(serverOrigin(), { getAccessToken: () => tokens.accessToken });
    // A session that is over on the server (as after an expiry): the next heartbeat finds out.
    useSessionStore.setState({
      status: 'Connected',
      sessionDetails: { sessionId: 'a-session-that-ended', instanceId: 'localhost:1', instanceUrl: 'ws://x' },
    });
    const started = Date.now();
    render(<Studio />);
    expect(screen.getByRole('status', { name: 'Session' })).toHaveTextContent('Connected');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Session' })).toHaveTextContent('Error'), {
      timeout: SESSION.heartbeatStartDelayMs + 3000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SESSION.heartbeatStartDelayMs - 50);
    expect(useSessionStore.getState().message).toBe(STATE_MESSAGES.sessionExpired);
  });
});
