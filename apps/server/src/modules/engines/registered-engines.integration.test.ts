import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { Messages } from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ENGINE_REGISTRATION_MESSAGES,
  ENGINE_REGISTRATION_ROUTES,
  type LoginResponse,
  type SessionResponse,
  API_ROUTES,
  SIGNALLING_PATH,
} from '@autostudio/protocol';
import { Peer } from '../../test/signalling-peer.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { RegisteredEngineProvider } from './registered-engine-provider.js';

const KEY = 'registration-key-for-the-tests';
const SIGNALLING_KEY = 'signalling-key-for-the-tests';

describe.each(testDatabases)('self-registering engines on $name', (database) => {
  let engine: TestEngine;
  let t: TestApp;
  let provider: RegisteredEngineProvider;
  let ada: LoginResponse;
  let instanceId: string;
  let signalling: string;

  beforeAll(async () => {
    // The engine takes the registration key as its control key, as `--register` does.
    engine = await startTestEngine({ controlKey: KEY });
    instanceId = engine.base.replace('http://', '');
    t = await startTestApp(database, {
      engines: {
        provider: 'register',
        max: 0,
        warm: 0,
        instances: [],
        sessionTimeoutSeconds: 90,
        registrationKey: KEY,
        signallingKey: SIGNALLING_KEY,
        heartbeatTimeoutSeconds: 30,
      },
    });
    signalling = `${(await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws')}${SIGNALLING_PATH}`;
    if (!(t.app.engineProvider instanceof RegisteredEngineProvider)) throw new Error('expected the register provider');
    provider = t.app.engineProvider;
    ada = await t.createUser('ada');
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const engineCall = (route: string, payload: object, key: string | null = KEY) =>
    t.app.inject({
      method: 'POST',
      url: `/api${route}`,
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
      payload,
    });
  const session = async (method: 'GET' | 'POST', url: string) => {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${ada.accessToken}` },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    return { status: response.statusCode, body: response.json<SessionResponse>() };
  };
  const register = () => engineCall(ENGINE_REGISTRATION_ROUTES.register, { instanceId, streamerId: 'gpu-1' });

  it('refuses engines without the key, or with a wrong one, before reading the body', async () => {
    const missing = await engineCall(ENGINE_REGISTRATION_ROUTES.register, { instanceId, streamerId: 'x' }, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ message: ENGINE_REGISTRATION_MESSAGES.missingKey });
    const wrong = await engineCall(ENGINE_REGISTRATION_ROUTES.register, { nonsense: true }, 'not-the-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: ENGINE_REGISTRATION_MESSAGES.wrongKey });
    // A user's access token is not an engine key either.
    const user = await engineCall(ENGINE_REGISTRATION_ROUTES.heartbeat, { engineId: 'gpu-1' }, ada.accessToken);
    expect(user.statusCode).toBe(401);
    expect(provider.engines()).toEqual([]);
  });

  it('names the wrong field of a registration', async () => {
    const bad = await engineCall(ENGINE_REGISTRATION_ROUTES.register, { instanceId: 'http://x', streamerId: 'a b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/instanceId.*host:port/s);
  });

  it('lends a registered engine, resets it in place on release, and keeps it while heartbeats come', async () => {
    const none = await session('GET', API_ROUTES.sessions.allocate);
    expect(none.status).toBe(503);

    const registered = await register();
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ engineId: 'gpu-1', heartbeatSeconds: 10, expiresInSeconds: 30 });
    // The same engine again is a refresh, and keeps its first registration as its start; another address under the
    // same name is a conflict.
    const upSince = provider.engines()[0]?.upSince;
    expect(Date.parse(upSince ?? '')).toBeLessThanOrEqual(Date.now());
    expect((await register()).statusCode).toBe(200);
    expect(provider.engines()[0]?.upSince).toBe(upSince);
    const clash = await engineCall(ENGINE_REGISTRATION_ROUTES.register, {
      instanceId: '10.0.0.9:30010',
      streamerId: 'gpu-1',
    });
    expect(clash.statusCode).toBe(409);

    const allocated = await session('GET', API_ROUTES.sessions.allocate);
    expect(allocated.status).toBe(200);
    expect(allocated.body.sessionDetails).toMatchObject({ instanceId });
    expect(allocated.body.sessionDetails?.instanceUrl).toMatch(/streamerId=gpu-1$/);

    // The user changes the scene; on release the engine is back to its first state, in the same process.
    const initial = structuredClone(engine.engine.scene.state);
    expect((await engine.call('car', 'Update Car Material', { MaterialToSet: 'rallye red' })).status).toBe(200);
    expect((await engine.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: 40 })).status).toBe(
      200,
    );
    expect(engine.engine.scene.state).not.toEqual(initial);
    const scene = engine.engine.scene;
    expect((await session('POST', API_ROUTES.sessions.release)).status).toBe(200);
    // The release answers before the reset is over.
    await vi.waitFor(() => expect(engine.engine.scene.state).toEqual(initial));
    expect(engine.engine.scene).toBe(scene);

    const heartbeat = await engineCall(ENGINE_REGISTRATION_ROUTES.heartbeat, { engineId: 'gpu-1' });
    expect(heartbeat.statusCode).toBe(200);
    expect(provider.sweep(Date.now() + 20_000)).toEqual([]);
  });

  it('takes out an engine whose heartbeats stop, and its session turns to Error', async () => {
    expect((await register()).statusCode).toBe(200);
    expect((await session('GET', API_ROUTES.sessions.allocate)).status).toBe(200);

    const lost = async () =>
      (await t.app.metrics.registry.getSingleMetric('autostudio_engines_lost_total')?.get())?.values[0]?.value ?? 0;
    const before = await lost();
    expect(provider.sweep(Date.now() + 31_000)).toEqual(['gpu-1']);
    // Counted for Prometheus: an engine lost, not one put away.
    expect(await lost()).toBe(before + 1);
    await expect
      .poll(async () => (await session('GET', API_ROUTES.sessions.current)).body.message)
      .toBe('Session Expired: the engine stopped sending heartbeats');
    expect(provider.engines()).toEqual([]);
    const heartbeat = await engineCall(ENGINE_REGISTRATION_ROUTES.heartbeat, { engineId: 'gpu-1' });
    expect(heartbeat.statusCode).toBe(404);
    expect(heartbeat.json()).toMatchObject({ message: ENGINE_REGISTRATION_MESSAGES.unknownEngine });
  });

  /** The engine's streamer, connected to the server's signalling under its streamer id. */
  const streamer = async (id: string) => {
    const peer = await Peer.open(`${signalling}?key=${SIGNALLING_KEY}`);
    await peer.next('config');
    peer.send(Messages.endpointId, { id });
    expect((await peer.next('endpointIdConfirm')).committedId).toBe(id);
    return peer;
  };

  it('takes out an engine at once when its stream closes and it no longer answers, long before its heartbeats', async () => {
    const doomed = await startTestEngine({ controlKey: KEY });
    const registered = await engineCall(ENGINE_REGISTRATION_ROUTES.register, {
      instanceId: doomed.base.replace('http://', ''),
      streamerId: 'gpu-2',
    });
    expect(registered.statusCode).toBe(200);
    const held = await session('GET', API_ROUTES.sessions.allocate);
    expect(held.body.sessionDetails?.instanceUrl).toMatch(/streamerId=gpu-2$/);
    const stream = await streamer('gpu-2');
    // A live engine beside it, which must stay.
    expect((await register()).statusCode).toBe(200);

    // The engine's host goes; its stream's socket closes with it.
    await doomed.close();
    stream.socket.close();
    await expect
      .poll(async () => (await session('GET', API_ROUTES.sessions.current)).body.message)
      .toBe('Session Expired: the engine stopped answering when its stream closed');
    expect(provider.engines().map(({ id }) => id)).toEqual(['gpu-1']);
  });

  it('keeps an engine whose stream closes while it still answers: its streamer comes back', async () => {
    expect((await register()).statusCode).toBe(200);
    expect((await session('GET', API_ROUTES.sessions.allocate)).status).toBe(200);
    const stream = await streamer('gpu-1');
    stream.socket.close();
    // Long enough for the engine to be asked: it answers, so the session stays.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = await session('GET', API_ROUTES.sessions.current);
    expect(current.body.sessionDetails?.instanceUrl).toMatch(/streamerId=gpu-1$/);
    expect(provider.engines().map(({ id }) => id)).toEqual(['gpu-1']);
    expect((await session('POST', API_ROUTES.sessions.release)).status).toBe(200);
  });

  it('lets an engine leave at once', async () => {
    expect((await register()).statusCode).toBe(200);
    expect((await session('GET', API_ROUTES.sessions.allocate)).status).toBe(200);
    expect((await engineCall(ENGINE_REGISTRATION_ROUTES.deregister, { engineId: 'gpu-1' })).statusCode).toBe(200);
    await expect
      .poll(async () => (await session('GET', API_ROUTES.sessions.current)).body.message)
      .toBe('Session Expired: the engine left the pool');
  });
});

describe('registration routes on a server without self-registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases[0]!);
  });
  afterAll(() => t.close());

  it('answer 404 and say how to turn it on', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${ENGINE_REGISTRATION_ROUTES.register}`,
      headers: { authorization: `Bearer ${KEY}` },
      payload: { instanceId: '127.0.0.1:1', streamerId: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: ENGINE_REGISTRATION_MESSAGES.notEnabled });
  });
});
