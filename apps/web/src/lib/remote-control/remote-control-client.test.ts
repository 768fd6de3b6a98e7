import { describe, expect, it } from 'vitest';
import { SOCKET_MESSAGES } from '@autostudio/protocol';
import { RemoteControlClient, type ConnectionState } from './remote-control-client';

/**
 * A socket whose connection is refused with a close alone, no error first: what a proxy or a test harness that
 * closes the connection before the handshake shows the page.
 */
function closedBeforeOpen(): WebSocket {
  const socket = new EventTarget() as WebSocket;
  Object.assign(socket, { close: () => undefined, readyState: 3 });
  setTimeout(() => socket.dispatchEvent(new CloseEvent('close', { code: 1011 })), 5);
  return socket;
}

describe('the remote-control client on a relay it cannot reach', () => {
  it('counts a socket that closes before it opens as a failed attempt, not one to wait out', async () => {
    const states: ConnectionState[] = [];
    const client = new RemoteControlClient({
      url: 'ws://relay.invalid/api/remote',
      instanceId: 'localhost:30010',
      getToken: () => 'token',
      onStateChange: (state) => states.push(state),
      createSocket: closedBeforeOpen,
      // A connect timeout beyond the test's own (15 s): only the close can end these attempts in time.
      timings: { reconnectAttempts: 2, reconnectDelayMs: 10, connectTimeoutMs: 60_000 },
    });
    await expect(client.connect()).rejects.toThrow(SOCKET_MESSAGES.connectionFailed);
    expect(states).toEqual(['connecting', 'reconnecting', 'failed']);
  });
});
