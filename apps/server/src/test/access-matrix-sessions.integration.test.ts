import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { Messages } from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  ENGINE_OBJECT_PATHS,
  RELAY_MESSAGES,
  REMOTE_SOCKET_PATH,
  SIGNALLING_CLOSE,
  SIGNALLING_PATH,
  SOCKET_MESSAGES,
  STATE_MESSAGES,
  type SessionResponse,
} from '@autostudio/protocol';
import { RelayClient } from './relay-client.js';
import { Peer } from './signalling-peer.js';
import { startTestApp, staticEngines, type TestApp } from './test-app.js';
import { testDatabases } from './test-databases.js';

const ENGINE_KEY = 'matrix-test-engine-signalling-key';

/**
 * The access matrix of engine sessions: the REST calls of both path families, the remote-control relay and the
 * Pixel Streaming signalling, each tried by every kind of caller on the owner's session. A session is its user's
 * alone: there is no sharing, and an administrator has no hold on anyone else's (spec §7: each call acts on the
 * caller's own session). A guest uses an engine of their own to look at what is shared with them, so guests are
 * refused the owner's session as anyone else is, not sessions as such.
 *
 * Someone else's session id is answered as a session that is over (404 "Session Expired"), as the API answers an
 * unknown one, and leaves both sessions as they were.
 */
type Actor = 'anonymous' | 'stranger' | 'guest' | 'admin' | 'owner';
const ACTORS: Actor[] = ['anonymous', 'stranger', 'guest', 'admin', 'owner'];
/** Who holds an engine of their own during the suite (the administrator holds none). */
const HOLDERS = ['owner', 'stranger', 'guest'] as const;

const ON_OWNERS_SESSION: Record<Actor, number> = { anonymous: 401, stranger: 404, guest: 404, admin: 404, owner: 200 };

interface Held {
  sessionId: string;
  instanceId: string;
  streamerId: string;
}

describe.each(testDatabases)('the access matrix of engine sessions on $name', (database) => {
  let engines: TestEngine[];
  let t: TestApp;
  let origin: string;
  const tokens: Partial<Record<Actor, string>> = {};
  const held: Partial<Record<(typeof HOLDERS)[number], Held>> = {};
  const streamers: Peer[] = [];

  const call = async (actor: Actor, method: 'GET' | 'POST', url: string, payload?: object) => {
    const token = tokens[actor];
    const response = await fetch(`${origin}${API_BASE}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return { status: response.status, body: (await response.json()) as SessionResponse & { message: string } };
  };
  const owners = () => held.owner ?? { sessionId: '', instanceId: '', streamerId: '' };
  /** Every holder still holds the very session they had: no refused call ended or moved one. */
  const sessionsUnchanged = async () => {
    for (const holder of HOLDERS) {
      const current = await call(holder, 'GET', API_ROUTES.sessions.current);
      expect(current.body.sessionDetails?.sessionId, holder).toBe(held[holder]?.sessionId);
    }
  };

  beforeAll(async () => {
    engines = [await startTestEngine(), await startTestEngine(), await startTestEngine()];
    t = await startTestApp(database, { engines: staticEngines(engines, { signallingKey: ENGINE_KEY }) });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    tokens.stranger = (await t.createUser('matrix-stranger')).accessToken;
    tokens.guest = (await t.createUser('matrix-guest', ['client'])).accessToken;
    tokens.owner = (await t.createUser('matrix-owner')).accessToken;
    tokens.admin = await t.adminToken();
    for (const holder of HOLDERS) {
      const allocated = await call(holder, 'GET', API_ROUTES.sessions.allocate);
      expect(allocated.status, holder).toBe(200);
      const details = allocated.body.sessionDetails;
      held[holder] = {
        sessionId: details?.sessionId ?? '',
        instanceId: details?.instanceId ?? '',
        streamerId: new URL(details?.instanceUrl ?? 'ws://x').searchParams.get('streamerId') ?? '',
      };
    }
    // Each engine streams to the signalling, as a real one does once started.
    for (const index of engines.keys()) {
      const peer = await Peer.open(`${origin.replace('http', 'ws')}${SIGNALLING_PATH}?key=${ENGINE_KEY}`);
      await peer.next('identify');
      peer.send(Messages.endpointId, { id: `engine-${index}` });
      await peer.next('endpointIdConfirm');
      streamers.push(peer);
    }
  });
  afterAll(async () => {
    for (const peer of streamers) peer.socket.close();
    await t.close();
    for (const engine of engines) await engine.close();
  });

  describe('REST', () => {
    it.each(ACTORS)('current: %s is told of their own session only', async (actor) => {
      const current = await call(actor, 'GET', API_ROUTES.sessions.current);
      if (actor === 'anonymous') return expect(current.status).toBe(401);
      if (actor === 'admin') {
        expect(current.status).toBe(404);
        return expect(current.body.message).toBe(STATE_MESSAGES.sessionExpired);
      }
      expect(current.status).toBe(200);
      expect(current.body.sessionDetails?.sessionId).toBe(held[actor]?.sessionId);
    });

    it.each(ACTORS)("heartbeat naming the owner's session, both path families: %s", async (actor) => {
      for (const url of [API_ROUTES.sessions.heartbeat, API_ROUTES.sessions.sessionHeartbeat]) {
        const beat = await call(actor, 'POST', url, { sessionId: owners().sessionId });
        expect(beat.status, url).toBe(ON_OWNERS_SESSION[actor]);
        if (beat.status === 404) expect(beat.body.message).toBe(STATE_MESSAGES.sessionExpired);
      }
      await sessionsUnchanged();
    });

    it.each(ACTORS.filter((actor) => actor !== 'owner'))(
      "release naming the owner's session, both path families and after a page close: %s is refused",
      async (actor) => {
        const sessionId = owners().sessionId;
        for (const [url, payload] of [
          [API_ROUTES.sessions.release, { sessionId }],
          [API_ROUTES.sessions.release, { sessionId, pageClosed: true }],
          [API_ROUTES.sessions.sessionRelease, { sessionId }],
        ] as const) {
          expect((await call(actor, 'POST', url, payload)).status, `${url} ${JSON.stringify(payload)}`).toBe(
            ON_OWNERS_SESSION[actor],
          );
        }
        await sessionsUnchanged();
      },
    );
  });

  describe('the remote-control relay', () => {
    const relay = () => RelayClient.open(`${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`);
    const auth = (client: RelayClient, token: string, instanceId: string) =>
      client.request({ type: 'auth', requestId: 'auth', payload: { token, instanceId } }, 'auth');
    const info = (client: RelayClient, instanceId: string) =>
      client.request(
        { type: 'api_call', requestId: 'info', payload: { url: '/remote/info', method: 'GET', instanceId } },
        'info',
      );

    it.each(ACTORS)("authenticating for the owner's engine: %s", async (actor) => {
      const client = await relay();
      try {
        const answer = await auth(client, tokens[actor] ?? 'no-token', owners().instanceId);
        const refusal = {
          anonymous: SOCKET_MESSAGES.authenticationFailed,
          stranger: `${SOCKET_MESSAGES.authenticationFailed}: ${RELAY_MESSAGES.notYourInstance}`,
          guest: `${SOCKET_MESSAGES.authenticationFailed}: ${RELAY_MESSAGES.notYourInstance}`,
          admin: `${SOCKET_MESSAGES.authenticationFailed}: ${RELAY_MESSAGES.noSession}`,
          owner: null,
        }[actor];
        if (refusal === null) {
          expect(answer).toMatchObject({ type: 'auth_success', payload: { instanceId: owners().instanceId } });
          expect(await info(client, owners().instanceId)).toMatchObject({ type: 'api_call', payload: { status: 200 } });
        } else {
          expect(answer).toMatchObject({ type: 'auth_error', payload: { message: refusal } });
          expect(await info(client, owners().instanceId)).toMatchObject({ type: 'auth_required' });
        }
      } finally {
        client.close();
      }
    });

    it.each(['stranger', 'guest'] as const)(
      "calling the owner's engine on a socket authenticated for one's own: %s is refused",
      async (actor) => {
        const client = await relay();
        try {
          const own = held[actor]?.instanceId ?? '';
          expect(await auth(client, tokens[actor] ?? '', own)).toMatchObject({ type: 'auth_success' });
          expect(await info(client, owners().instanceId)).toMatchObject({
            type: 'error',
            payload: { message: RELAY_MESSAGES.notYourInstance },
          });
          // The socket still serves its own engine.
          expect(await info(client, own)).toMatchObject({ type: 'api_call', payload: { status: 200 } });
        } finally {
          client.close();
        }
      },
    );
    it.each(HOLDERS)("rendering on one's own engine through the relay: %s", async (actor) => {
      const client = await relay();
      try {
        const own = held[actor]?.instanceId ?? '';
        expect(await auth(client, tokens[actor] ?? '', own)).toMatchObject({ type: 'auth_success' });
        const still = (requestId: string, parameters: object) =>
          client.request(
            {
              type: 'api_call',
              requestId,
              payload: {
                instanceId: own,
                url: '/remote/object/call',
                method: 'PUT',
                body: { objectPath: ENGINE_OBJECT_PATHS.camera, functionName: 'RenderStill', parameters },
              },
            },
            requestId,
          );
        const small = await still('small', { Width: 64, Height: 36, Samples: 1 });
        const large = await still('large', { Width: 7680, Height: 4320, Samples: 1 });
        if (actor === 'guest') {
          // A guest starts no render, small or large.
          const refusal = { type: 'error', payload: { message: RELAY_MESSAGES.rendersNotForGuests('RenderStill') } };
          expect(small).toMatchObject(refusal);
          expect(large).toMatchObject(refusal);
        } else {
          expect(small).toMatchObject({ type: 'api_call', payload: { status: 200 } });
          expect(large).toMatchObject({
            type: 'error',
            payload: { message: expect.stringContaining('at most 3840×2160 pixels') as unknown },
          });
        }
      } finally {
        client.close();
      }
    });
  });

  describe('the Pixel Streaming signalling', () => {
    it.each(ACTORS)("watching the owner's engine: %s", async (actor) => {
      const token = tokens[actor];
      const player = await Peer.open(`${origin.replace('http', 'ws')}${SIGNALLING_PATH}?token=${token ?? ''}`);
      try {
        if (!token) return expect(await player.closed()).toBe(SIGNALLING_CLOSE.unauthorized.code);
        await player.next('config');
        // The list names the caller's own engine and nothing else.
        player.send(Messages.listStreamers);
        const own = actor === 'admin' || actor === 'anonymous' ? [] : [held[actor]?.streamerId];
        expect((await player.next('streamerList')).ids).toEqual(own);

        const owner = streamers[Number(owners().streamerId.replace('engine-', ''))];
        player.send(Messages.subscribe, { streamerId: owners().streamerId });
        if (actor === 'owner') {
          expect((await owner?.next('playerConnected'))?.playerId).toEqual(expect.any(String));
        } else {
          expect((await player.next('subscribeFailed')).message).toMatch(/not allocated to your session/);
          expect(owner?.received.some((message) => message.type === 'playerConnected')).toBe(false);
        }
      } finally {
        player.socket.close();
      }
    });
  });

  it("the owner, last, releases it: then nobody's call reaches it", async () => {
    const release = await call('owner', 'POST', API_ROUTES.sessions.release, { sessionId: owners().sessionId });
    expect(release.status).toBe(200);
    const beat = await call('owner', 'POST', API_ROUTES.sessions.heartbeat, { sessionId: owners().sessionId });
    expect(beat.status).toBe(404);
    const client = await RelayClient.open(`${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`);
    try {
      const answer = await client.request(
        { type: 'auth', requestId: 'late', payload: { token: tokens.owner, instanceId: owners().instanceId } },
        'late',
      );
      expect(answer).toMatchObject({ type: 'auth_error' });
    } finally {
      client.close();
    }
  });
});
