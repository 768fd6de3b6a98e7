import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ENGINE_OBJECT_PATHS,
  RELAY_MESSAGES,
  REMOTE_SOCKET_AUTH_DEADLINE_CLOSE_CODE,
  REMOTE_SOCKET_MAX_MESSAGE_BYTES,
  SOCKET_MESSAGES,
  type LoginResponse,
  type SessionResponse,
  API_BASE,
  API_ROUTES,
  REMOTE_SOCKET_PATH,
} from '@autostudio/protocol';
import { RelayClient } from '../../test/relay-client.js';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('sessions and the remote-control relay on $name', (database) => {
  let engines: TestEngine[];
  let t: TestApp;
  let relayUrl: string;
  let ada: LoginResponse;
  let bob: LoginResponse;
  let carl: LoginResponse;
  let origin: string;

  beforeAll(async () => {
    engines = [await startTestEngine(), await startTestEngine()];
    t = await startTestApp(database, { engines: staticEngines(engines) });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    relayUrl = `${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`;
    ada = await t.createUser('ada');
    bob = await t.createUser('bob');
    carl = await t.createUser('carl');
  });
  afterAll(async () => {
    await t.close();
    for (const engine of engines) await engine.close();
  });

  const session = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await fetch(`${origin}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return { status: response.status, body: (await response.json()) as SessionResponse };
  };

  it('lends each user one engine, the same one on asking again, and says so clearly when none is left', async () => {
    const first = await session(ada.accessToken, 'GET', API_ROUTES.sessions.allocate);
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.sessionDetails?.instanceUrl).toMatch(/^ws:\/\/.+\/signalling\?streamerId=engine-/);
    const again = await session(ada.accessToken, 'POST', API_ROUTES.sessions.requestAllocate);
    expect(again.body.sessionDetails).toEqual(first.body.sessionDetails);

    const second = await session(bob.accessToken, 'GET', API_ROUTES.sessions.allocate);
    expect(second.body.sessionDetails?.instanceId).not.toBe(first.body.sessionDetails?.instanceId);
    const none = await session(carl.accessToken, 'GET', API_ROUTES.sessions.allocate);
    expect(none.status).toBe(503);
    expect(none.body).toMatchObject({ success: false, sessionDetails: null });
    expect(none.body.message).toMatch(/^Failed to create new session: all 2 engines are in use/);
  });

  it('keeps a session alive with heartbeats and gives the engine back on release', async () => {
    const current = await session(bob.accessToken, 'GET', API_ROUTES.sessions.current);
    const sessionId = current.body.sessionDetails?.sessionId ?? '';
    expect((await session(bob.accessToken, 'POST', API_ROUTES.sessions.sessionHeartbeat, { sessionId })).status).toBe(
      200,
    );
    expect(
      (await session(bob.accessToken, 'POST', API_ROUTES.sessions.sessionRelease, { sessionId })).body.message,
    ).toBe('Session released');
    const gone = await session(bob.accessToken, 'GET', API_ROUTES.sessions.current);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Session Expired');
    // The freed engine goes to the next user.
    expect((await session(carl.accessToken, 'GET', API_ROUTES.sessions.allocate)).status).toBe(200);
    await session(carl.accessToken, 'POST', API_ROUTES.sessions.release, {});
  });

  it('answers an unknown session id with Session Expired', async () => {
    const response = await session(ada.accessToken, 'POST', API_ROUTES.sessions.sessionHeartbeat, {
      sessionId: 'no-such-session',
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Session Expired');
  });

  it('expires a session without heartbeats and frees its engine', async () => {
    const dan = await t.createUser('dan');
    expect((await session(dan.accessToken, 'GET', API_ROUTES.sessions.allocate)).status).toBe(200);
    // Time moves on: sweep as if three minutes had passed.
    const expiredCount = await t.app.engineSessions.expireStale(Date.now() + 180_000);
    expect(expiredCount).toBeGreaterThanOrEqual(1);
    expect((await session(dan.accessToken, 'GET', API_ROUTES.sessions.current)).body.message).toBe('Session Expired');
    // Ada's session expired in the same sweep; she gets an engine again by asking.
    expect((await session(ada.accessToken, 'GET', API_ROUTES.sessions.allocate)).status).toBe(200);
  });

  describe('the relay', () => {
    let client: RelayClient;
    let instanceId: string;
    beforeAll(async () => {
      instanceId =
        (await session(ada.accessToken, 'GET', API_ROUTES.sessions.allocate)).body.sessionDetails?.instanceId ?? '';
      client = await RelayClient.open(relayUrl);
    });
    afterAll(() => client.close());

    const call = (requestId: string, payload: Record<string, unknown>, type = 'api_call') =>
      client.request({ type, requestId, payload: { instanceId, ...payload } }, requestId);

    it('answers ping with pong', async () => {
      const pong = await client.request({ type: 'ping', requestId: 'p1', timestamp: 1 }, 'p1');
      expect(pong.type).toBe('pong');
    });

    it('asks for auth before any call', async () => {
      const answer = await call('c0', { url: '/remote/info', method: 'GET' });
      expect(answer).toMatchObject({ type: 'auth_required', requestId: 'c0' });
    });

    it('refuses a bad token and another user’s engine, and the connection stays usable', async () => {
      const bad = await client.request(
        { type: 'auth', requestId: 'a1', payload: { token: 'forged', instanceId } },
        'a1',
      );
      expect(bad).toMatchObject({ type: 'auth_error', payload: { message: SOCKET_MESSAGES.authenticationFailed } });
      const bobsEngine =
        engines.map((engine) => engine.base.replace('http://', '')).find((id) => id !== instanceId) ?? '';
      const foreign = await client.request(
        { type: 'auth', requestId: 'a2', payload: { token: ada.accessToken, instanceId: bobsEngine } },
        'a2',
      );
      expect(foreign.type).toBe('auth_error');
      const ok = await client.request(
        { type: 'auth', requestId: 'a3', payload: { token: ada.accessToken, instanceId } },
        'a3',
      );
      expect(ok).toMatchObject({ type: 'auth_success', payload: { instanceId } });
    });

    it('forwards a call to the caller’s engine and answers with its status and body', async () => {
      const answer = await call('c1', {
        url: '/remote/object/call',
        body: {
          objectPath: '/Game/Maps/Studio.Studio:PersistentLevel.BP_CarConfigurator_C_1',
          functionName: 'GetCarOptions',
          parameters: {},
        },
      });
      expect(answer.type).toBe('api_call');
      if (answer.type !== 'api_call') return;
      expect(answer.requestId).toBe('c1');
      expect([200, 400]).toContain(answer.payload.status);
      const info = await call('c2', { url: '/remote/info', method: 'GET' }, 'render_api_call');
      expect(info).toMatchObject({ type: 'render_api_call', requestId: 'c2', payload: { status: 200 } });
    });

    it('passes the engine’s errors through unchanged', async () => {
      const answer = await call('c3', {
        url: '/remote/object/call',
        body: { objectPath: '/Game/Nowhere.Nothing', functionName: 'Nope' },
      });
      expect(answer.type).toBe('api_call');
      if (answer.type === 'api_call') {
        expect(answer.payload.status).toBeGreaterThanOrEqual(400);
        expect(answer.payload.body).toHaveProperty('errorMessage');
      }
    });

    it.each([
      '/api/health',
      '/remote/../api/health',
      'http://127.0.0.1:1/remote/info',
      '//evil.example/remote/info',
      '/remote/%2e%2e/x',
    ])('refuses the URL %s', async (url) => {
      const answer = await call(`u-${url}`, { url, method: 'GET' });
      expect(answer).toMatchObject({
        type: 'error',
        payload: { message: expect.stringMatching(/Remote Control routes|not valid/) as unknown },
      });
    });

    it('refuses a call to an engine that is not the caller’s', async () => {
      const other = engines.map((engine) => engine.base.replace('http://', '')).find((id) => id !== instanceId) ?? '';
      const answer = await client.request(
        { type: 'api_call', requestId: 'f1', payload: { url: '/remote/info', method: 'GET', instanceId: other } },
        'f1',
      );
      expect(answer).toMatchObject({ type: 'error', payload: { message: RELAY_MESSAGES.notYourInstance } });
    });

    it('refuses malformed and oversized messages and keeps going', async () => {
      expect(await client.request('{not json', undefined)).toMatchObject({
        type: 'error',
        payload: { message: RELAY_MESSAGES.malformed },
      });
      const huge = JSON.stringify({
        type: 'api_call',
        requestId: 'big',
        payload: { instanceId, url: '/remote/info', body: 'x'.repeat(REMOTE_SOCKET_MAX_MESSAGE_BYTES) },
      });
      expect(await client.request(huge, 'big')).toMatchObject({
        type: 'error',
        payload: { message: RELAY_MESSAGES.tooLarge },
      });
      expect(await client.request({ type: 'teleport', requestId: 't1' }, 't1')).toMatchObject({ type: 'error' });
      const health = await client.request({ type: 'health_check', requestId: 'h1' }, 'h1');
      expect(health).toMatchObject({ type: 'health_check', payload: { authenticated: true, engineReachable: true } });
    });

    it('refuses a call whose body nests thousands of levels deep and keeps going', async () => {
      const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
      const message = `{"type":"api_call","requestId":"d1","payload":{"instanceId":"${instanceId}","url":"/remote/object/call","body":${deep}}}`;
      expect(await client.request(message, 'd1')).toMatchObject({
        type: 'error',
        requestId: 'd1',
        payload: { message: RELAY_MESSAGES.tooDeep },
      });
      const health = await client.request({ type: 'health_check', requestId: 'h2' }, 'h2');
      expect(health).toMatchObject({ type: 'health_check', payload: { authenticated: true, engineReachable: true } });
    });

    it('stops forwarding once the session is released', async () => {
      await session(ada.accessToken, 'POST', API_ROUTES.sessions.release, {});
      const answer = await call('r1', { url: '/remote/info', method: 'GET' });
      expect(answer).toMatchObject({ type: 'error', payload: { message: RELAY_MESSAGES.notYourInstance } });
    });
  });
});

describe.each(testDatabases)('the relay’s sign-in deadline on $name', (database) => {
  const DEADLINE_MS = 300;
  let engine: TestEngine;
  let t: TestApp;
  let relayUrl: string;
  let origin: string;

  beforeAll(async () => {
    engine = await startTestEngine();
    t = await startTestApp(database, { engines: staticEngines([engine]) }, { relayAuthDeadlineMs: DEADLINE_MS });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    relayUrl = `${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`;
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const closed = (client: RelayClient) =>
    new Promise<{ code: number; reason: string; afterMs: number }>((resolve) => {
      const opened = performance.now();
      client.socket.once('close', (code: number, reason: Buffer) =>
        resolve({ code, reason: reason.toString('utf8'), afterMs: performance.now() - opened }),
      );
    });

  it('closes a socket that never sends auth, saying why', async () => {
    const client = await RelayClient.open(relayUrl);
    const end = await closed(client);
    expect(end).toMatchObject({ code: REMOTE_SOCKET_AUTH_DEADLINE_CLOSE_CODE, reason: RELAY_MESSAGES.authDeadline });
    expect(end.afterMs).toBeLessThan(5000);
  });

  it('closes a socket whose auth failed, and one that only pings', async () => {
    const forged = await RelayClient.open(relayUrl);
    const answer = await forged.request(
      { type: 'auth', requestId: 'a1', payload: { token: 'forged', instanceId: 'x:1' } },
      'a1',
    );
    expect(answer.type).toBe('auth_error');
    const pinger = await RelayClient.open(relayUrl);
    const pinging = setInterval(() => pinger.socket.send(JSON.stringify({ type: 'ping' })), 50);
    const [forgedEnd, pingerEnd] = await Promise.all([closed(forged), closed(pinger)]);
    clearInterval(pinging);
    expect(forgedEnd.code).toBe(REMOTE_SOCKET_AUTH_DEADLINE_CLOSE_CODE);
    expect(pingerEnd.code).toBe(REMOTE_SOCKET_AUTH_DEADLINE_CLOSE_CODE);
  });

  it('keeps an authenticated socket open past the deadline', async () => {
    const ada = await t.createUser('ada');
    const allocated = await fetch(`${origin}${API_BASE}${API_ROUTES.sessions.allocate}`, {
      headers: { authorization: `Bearer ${ada.accessToken}` },
    });
    const { sessionDetails } = (await allocated.json()) as SessionResponse;
    const instanceId = sessionDetails?.instanceId ?? '';
    const client = await RelayClient.open(relayUrl);
    const ok = await client.request(
      { type: 'auth', requestId: 'a2', payload: { token: ada.accessToken, instanceId } },
      'a2',
    );
    expect(ok.type).toBe('auth_success');
    // Real time on purpose: the relay's deadline timer runs against a real socket, and only letting it pass shows
    // that it spares an authenticated one.
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 3));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(await client.request({ type: 'ping', requestId: 'p1' }, 'p1')).toMatchObject({ type: 'pong' });
    client.close();
  });
});

describe.each(testDatabases)('the relay keeps the render service’s limits on $name', (database) => {
  let engines: TestEngine[];
  let t: TestApp;
  let origin: string;
  const clients: RelayClient[] = [];

  beforeAll(async () => {
    engines = [await startTestEngine(), await startTestEngine()];
    t = await startTestApp(database, { engines: staticEngines(engines) });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
    for (const engine of engines) await engine.close();
  });

  /** A user with an engine and a relay socket signed in to it; `call` sends one function call through the relay. */
  const signedIn = async (username: string, roles?: Parameters<TestApp['createUser']>[1]) => {
    const { accessToken } = await t.createUser(username, roles);
    const allocated = await fetch(`${origin}${API_BASE}${API_ROUTES.sessions.allocate}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const instanceId = ((await allocated.json()) as SessionResponse).sessionDetails?.instanceId ?? '';
    const engine = engines.find((candidate) => candidate.base === `http://${instanceId}`);
    if (!engine) throw new Error(`no engine at ${instanceId}`);
    const client = await RelayClient.open(`${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`);
    clients.push(client);
    const auth = await client.request(
      { type: 'auth', requestId: 'auth', payload: { token: accessToken, instanceId } },
      'auth',
    );
    expect(auth.type).toBe('auth_success');
    let next = 0;
    const send = (url: string, body: unknown) => {
      const requestId = `r${next++}`;
      return client.request(
        { type: 'api_call', requestId, payload: { instanceId, url, method: 'PUT', body } },
        requestId,
      );
    };
    const call = (functionName: string, parameters: unknown) =>
      send('/remote/object/call', { objectPath: ENGINE_OBJECT_PATHS.camera, functionName, parameters });
    /** The same call as the one request of a batch, spelled as Unreal's batch spells it. */
    const batched = (functionName: string, parameters: unknown) =>
      send('/remote/batch', {
        Requests: [
          {
            RequestId: 1,
            URL: '/remote/object/call',
            Verb: 'PUT',
            Body: { ObjectPath: ENGINE_OBJECT_PATHS.camera, FunctionName: functionName, Parameters: parameters },
          },
        ],
      });
    const renders = () => engine.renderer.calls.filter((rendered) => rendered.kind === 'still').length;
    return { call, batched, renders };
  };
  const refused = (message: string) => ({ type: 'error', payload: { message } });

  it('refuses a guest every function that renders, however it is spelled or wrapped, and forwards the rest', async () => {
    const gus = await signedIn('gus', ['client']);
    const small = { Width: 320, Height: 180, Samples: 1 };
    expect(await gus.call('RenderStill', small)).toMatchObject(
      refused(RELAY_MESSAGES.rendersNotForGuests('RenderStill')),
    );
    expect(await gus.call('renderSTILL', small)).toMatchObject(
      refused(RELAY_MESSAGES.rendersNotForGuests('RenderStill')),
    );
    expect(await gus.call('Render MQ', {})).toMatchObject(refused(RELAY_MESSAGES.rendersNotForGuests('Render MQ')));
    const batch = await gus.batched('RenderStill', small);
    expect(batch).toMatchObject(refused(RELAY_MESSAGES.rendersNotForGuests('RenderStill')));
    expect(gus.renders()).toBe(0);
    // Looking around is what a guest is for.
    expect(await gus.call('GetCraneValues', {})).toMatchObject({ type: 'api_call', payload: { status: 200 } });
  });

  it('holds a user to the render API’s size and samples, leaves the queue’s functions to the render service, and forwards a render within them', async () => {
    const ada = await signedIn('ada');
    const stillLimit = RELAY_MESSAGES.renderTooLarge('RenderStill', 'at most 3840×2160 pixels and 64 samples');
    expect(await ada.call('RenderStill', { Width: 7680, Height: 4320, Samples: 1 })).toMatchObject(refused(stillLimit));
    // The engine takes the last spelling of a key: so does the check.
    expect(await ada.call('RenderStill', { Width: 320, Height: 180, samples: 1, SAMPLES: 256 })).toMatchObject(
      refused(stillLimit),
    );
    expect(await ada.call('Render MQ', { Width: 7680 })).toMatchObject(
      refused(RELAY_MESSAGES.renderTooLarge('Render MQ', 'at most 3840×2160 pixels')),
    );
    expect(ada.renders()).toBe(0);

    // StartRenderJob through the relay ran on the caller's engine outside the queue: no per-user limit, no fairness.
    const job = { Settings: { Width: 320, Height: 180 } };
    expect(await ada.call('StartRenderJob', job)).toMatchObject(
      refused(RELAY_MESSAGES.renderQueueOnly('StartRenderJob')),
    );
    expect(await ada.call('startrenderjob', job)).toMatchObject(
      refused(RELAY_MESSAGES.renderQueueOnly('StartRenderJob')),
    );
    expect(await ada.call('CancelRenderJob', { JobId: 'someone-elses' })).toMatchObject(
      refused(RELAY_MESSAGES.renderQueueOnly('CancelRenderJob')),
    );
    expect(await ada.call('ReadRenderOutput', { Path: 'job/still.png' })).toMatchObject(
      refused(RELAY_MESSAGES.renderQueueOnly('ReadRenderOutput')),
    );
    const batch = await ada.batched('StartRenderJob', job);
    expect(batch).toMatchObject(refused(RELAY_MESSAGES.renderQueueOnly('StartRenderJob')));

    const within = await ada.call('RenderStill', { Width: 320, Height: 180, Samples: 4 });
    expect(within).toMatchObject({ type: 'api_call', payload: { status: 200 } });
    expect(ada.renders()).toBe(1);
  });
});
