import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_MESSAGES, REMOTE_SOCKET_PATH } from '@autostudio/protocol';
import { allocateSession, createUser, login, releaseSession, serverOrigin } from '@/test/real-server';
import { RemoteApi } from './remote-api';
import { RemoteControlClient, RemoteControlError, type ConnectionState } from './remote-control-client';

/** The client against the real relay, which forwards to a real engine (spec §4 and §9 rules). */
describe('the remote-control client', () => {
  let token: string;
  let instanceId: string;
  const clients: RemoteControlClient[] = [];
  const relayUrl = () => `${serverOrigin().replace('http', 'ws')}${REMOTE_SOCKET_PATH}`;

  beforeAll(async () => {
    const account = await createUser('rc');
    token = (await login(account.username, account.password)).accessToken;
    const session = await allocateSession(token);
    instanceId = session.sessionDetails?.instanceId ?? '';
    expect(instanceId).not.toBe('');
    return () => releaseSession(token, session.sessionDetails?.sessionId ?? '');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  const connect = (overrides: Partial<ConstructorParameters<typeof RemoteControlClient>[0]> = {}) => {
    const states: ConnectionState[] = [];
    const client = new RemoteControlClient({
      url: relayUrl(),
      instanceId,
      getToken: () => token,
      onStateChange: (state) => states.push(state),
      ...overrides,
    });
    clients.push(client);
    return { client, states };
  };

  it('connects, authenticates and calls the engine', async () => {
    const { client, states } = connect();
    await client.connect();
    expect(states).toEqual(['connecting', 'connected']);
    expect(client.isAuthenticated).toBe(true);
    const api = new RemoteApi(client);
    const options = await api.call('GetCarOptions');
    expect(options.options).toContain('Terra Limited');
    expect(typeof options.curentIndex).toBe('number');
  });

  it('returns the first returned value of a preset function, and runs batches in parallel', async () => {
    const { client } = connect();
    await client.connect();
    const api = new RemoteApi(client);
    const [car, camera] = await api.batch([
      { type: 'object', name: 'GetCarOptions' },
      { type: 'function', name: 'CameraInteriorYaw', parameters: { Value: 10 } },
    ]);
    expect(car).toHaveProperty('options');
    expect(camera === undefined || typeof camera === 'object').toBe(true);
    // @ts-expect-error an operation the API does not know
    await expect(api.batch([{ type: 'teleport' }])).rejects.toThrow(SOCKET_MESSAGES.unknownOperationType);
  });

  it('tells its listeners of the controls the engine confirmed, and of no read, job or refused call', async () => {
    const { client } = connect();
    await client.connect();
    const api = new RemoteApi(client);
    const answered: { sentAt: number; answeredAt: number }[] = [];
    const stop = client.onControlAnswered((control) => answered.push(control));
    await api.call('GetCarOptions');
    await api.readProperty('CameraExteriorYaw');
    await api.call('Get Download Status');
    await expect(api.call('Update Car Material', { MaterialToSet: 'no such paint' })).rejects.toThrow();
    expect(answered).toEqual([]);

    const before = performance.now();
    await api.call('Set Time Of the Day', { Value: 'Morning' });
    await api.setPresetProperty('CameraExteriorYaw', 30);
    await api.callPresetFunction('CameraInteriorYaw', { Value: 5 });
    expect(answered).toHaveLength(3);
    for (const control of answered) {
      expect(control.sentAt).toBeGreaterThanOrEqual(before);
      expect(control.answeredAt).toBeGreaterThan(control.sentAt);
    }
    stop();
    await api.call('Set Sun Azimuth Angle', { Value: 90 });
    expect(answered).toHaveLength(3);
  });

  it('reports an engine error with its message and status', async () => {
    const { client } = connect();
    await client.connect();
    const failure = client.call('/remote/object/call', { objectPath: '/Game/Nowhere.Nothing', functionName: 'Nope' });
    await expect(failure).rejects.toBeInstanceOf(RemoteControlError);
    await expect(failure).rejects.toMatchObject({ status: expect.any(Number) as unknown });
  });

  it('refuses to authenticate for an engine that is not the session’s', async () => {
    const { client } = connect({ instanceId: '127.0.0.1:1', timings: { reconnectAttempts: 0 } });
    await expect(client.connect()).rejects.toThrow(/Authentication failed/);
  });

  it('stops for good on a manual disconnect', async () => {
    const { client, states } = connect();
    await client.connect();
    const socket = (client as unknown as { socket: WebSocket }).socket;
    // Listened to after the client's own handler, which would start a reconnection at once if it meant to.
    const socketClosed = new Promise((resolve) => socket.addEventListener('close', resolve));
    client.disconnect();
    expect(client.state).toBe('disconnected');
    expect(client.isAuthenticated).toBe(false);
    await expect(client.call('/remote/info', undefined, 'GET')).rejects.toThrow(SOCKET_MESSAGES.notConnected);
    await socketClosed;
    expect(states.at(-1)).toBe('disconnected');
  });

  it('reconnects and authenticates again when the connection drops', async () => {
    const { client, states } = connect({ timings: { reconnectDelayMs: 20 } });
    await client.connect();
    // Drop the socket from underneath, as a network failure would.
    (client as unknown as { socket: WebSocket }).socket.close();
    await expect.poll(() => states.includes('reconnecting')).toBe(true);
    await client.waitUntilReady(5000);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(await new RemoteApi(client).call('GetCarOptions')).toHaveProperty('options');
  });

  it('fails after its attempts when the relay keeps refusing to authenticate a reconnection', async () => {
    let currentToken = token;
    const { client, states } = connect({
      getToken: () => currentToken,
      timings: { reconnectAttempts: 2, reconnectDelayMs: 10 },
    });
    await client.connect();
    // Signed out elsewhere: every reconnection opens a socket and is refused at `auth`.
    currentToken = 'not-a-token';
    (client as unknown as { socket: WebSocket }).socket.close();
    await expect.poll(() => client.state, { timeout: 5000 }).toBe('failed');
    expect(states).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'connected',
      'reconnecting',
      'connected',
      'failed',
    ]);
    await expect(client.call('/remote/info', undefined, 'GET')).rejects.toThrow(SOCKET_MESSAGES.notConnected);
  });

  it('fails after its reconnection attempts and says why', async () => {
    const { client, states } = connect({
      url: 'ws://127.0.0.1:1/api/remote',
      timings: { reconnectAttempts: 2, reconnectDelayMs: 10 },
    });
    await expect(client.connect()).rejects.toThrow(SOCKET_MESSAGES.connectionFailed);
    expect(states).toEqual(['connecting', 'reconnecting', 'failed']);
    await expect(client.waitUntilReady(200)).rejects.toThrow('Failed to become ready within 200ms');
  });

  it('retries a failing operation twice before giving up', async () => {
    const { client } = connect();
    let tries = 0;
    await expect(
      client.withRetry(
        () => {
          tries += 1;
          return Promise.reject(new Error('flaky'));
        },
        2,
        5,
      ),
    ).rejects.toThrow('flaky');
    expect(tries).toBe(3);
  });
});
