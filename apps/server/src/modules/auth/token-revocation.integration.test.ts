import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  API_ROUTES,
  MEDIA_COOKIE,
  pathTo,
  RELAY_CLOSE,
  SIGNALLING_CLOSE,
  SOCKET_MESSAGES,
  type LoginResponse,
  type RemoteServerMessage,
  API_BASE,
  REMOTE_SOCKET_PATH,
  SIGNALLING_PATH,
} from '@autostudio/protocol';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import type { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { TokenRevocation } from './token-revocation.js';
import { testDatabases } from '../../test/test-databases.js';

/** A socket's first message and how it closed, whichever the test waits for. */
class SocketProbe {
  readonly messages: RemoteServerMessage[] = [];
  close: { code: number; reason: string } | null = null;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) =>
      this.messages.push(JSON.parse(data.toString('utf8')) as RemoteServerMessage),
    );
    socket.on('close', (code, reason) => {
      this.close = { code, reason: reason.toString('utf8') };
    });
  }

  static async open(url: string): Promise<SocketProbe> {
    const socket = new WebSocket(url);
    const probe = new SocketProbe(socket);
    await new Promise<void>((resolve) => {
      socket.once('open', () => resolve());
      socket.once('close', () => resolve());
    });
    return probe;
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  async closed(): Promise<{ code: number; reason: string }> {
    await expect.poll(() => this.close, { timeout: 5000 }).not.toBeNull();
    return this.close ?? { code: 0, reason: '' };
  }
}

describe.each(testDatabases)('signing out means signed out, on $name', (database) => {
  let t: TestApp;
  let engine: TestEngine;
  let origin: string;

  beforeAll(async () => {
    engine = await startTestEngine();
    t = await startTestApp(database, { engines: staticEngines([engine]) });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const verify = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${accessToken}` } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: { authorization: `Bearer ${refreshToken}` } });
  const logout = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
  const asAdmin = async (method: 'PUT' | 'DELETE', userId: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${pathTo(API_ROUTES.users.byId, { id: userId })}`,
      headers: { authorization: `Bearer ${await t.adminToken()}` },
      ...(payload ? { payload } : {}),
    });

  it('ends the access token of a sign-in that signs out, and only that sign-in', async () => {
    const laptop = await t.createUser('signs-out');
    const phone = await t.login('signs-out', 'signs-out-password');
    expect((await verify(laptop.accessToken)).statusCode).toBe(200);

    expect((await logout(laptop.refreshToken)).statusCode).toBe(204);
    expect((await verify(laptop.accessToken)).statusCode).toBe(401);
    expect((await verify(phone.accessToken)).statusCode).toBe(200);
  });

  it('ends every access token of a family whose spent refresh token is presented again', async () => {
    const stolen = await t.createUser('reused');
    const rotated = (await refresh(stolen.refreshToken)).json<LoginResponse>();
    expect((await verify(rotated.accessToken)).statusCode).toBe(200);

    expect((await refresh(stolen.refreshToken)).statusCode).toBe(401);
    expect((await verify(stolen.accessToken)).statusCode).toBe(401);
    expect((await verify(rotated.accessToken)).statusCode).toBe(401);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('ends every sign-in of a user whose password an administrator changes: access and refresh tokens', async () => {
    const one = await t.createUser('new-password');
    const two = await t.login('new-password', 'new-password-password');
    expect((await asAdmin('PUT', one.user.id, { password: 'a-brand-new-password' })).statusCode).toBe(200);

    for (const tokens of [one, two]) {
      expect((await verify(tokens.accessToken)).statusCode).toBe(401);
      expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    }
    expect((await t.login('new-password', 'a-brand-new-password')).user.username).toBe('new-password');
  });

  it('ends the sign-ins of a user whose roles change or who is deleted', async () => {
    const demoted = await t.createUser('demoted', ['moderator']);
    expect((await asAdmin('PUT', demoted.user.id, { roles: ['user'] })).statusCode).toBe(200);
    expect((await verify(demoted.accessToken)).statusCode).toBe(401);

    const removed = await t.createUser('removed');
    expect((await asAdmin('DELETE', removed.user.id)).statusCode).toBe(204);
    expect((await verify(removed.accessToken)).statusCode).toBe(401);
  });

  it('keeps the sign-ins of a user whose name alone changes', async () => {
    const renamed = await t.createUser('renamed');
    expect((await asAdmin('PUT', renamed.user.id, { name: 'Another Name' })).statusCode).toBe(200);
    expect((await verify(renamed.accessToken)).statusCode).toBe(200);
  });

  it('turns the media cookie of a signed-out sign-in away', async () => {
    const viewer = await t.createUser('cookie-holder');
    const issued = await t.app.inject({
      method: 'GET',
      url: `/api${API_ROUTES.storage.authCookie}`,
      headers: { authorization: `Bearer ${viewer.accessToken}` },
    });
    expect(issued.statusCode).toBe(200);
    const cookie = issued.cookies.find((candidate) => candidate.name === MEDIA_COOKIE.name);
    if (!cookie) throw new Error('no media cookie');
    const media = () =>
      t.app.inject({
        method: 'GET',
        url: `/api${API_ROUTES.media}/uploads/not-there.png`,
        cookies: { [MEDIA_COOKIE.name]: cookie.value },
      });
    // Signed in, the cookie is accepted: the key is simply nothing this user may see.
    expect((await media()).statusCode).toBe(403);
    await logout(viewer.refreshToken);
    expect((await media()).statusCode).toBe(401);
  });

  it('closes the relay socket of a sign-in that signs out, and refuses its token afterwards', async () => {
    const driver = await t.createUser('relay-driver');
    const allocated = await fetch(`${origin}${API_BASE}${API_ROUTES.sessions.allocate}`, {
      headers: { authorization: `Bearer ${driver.accessToken}` },
    });
    const instanceId = ((await allocated.json()) as { sessionDetails: { instanceId: string } }).sessionDetails
      .instanceId;
    const relayUrl = `${origin.replace('http', 'ws')}${REMOTE_SOCKET_PATH}`;
    const relay = await SocketProbe.open(relayUrl);
    relay.send({ type: 'auth', requestId: 'a', payload: { token: driver.accessToken, instanceId } });
    await expect.poll(() => relay.messages.at(-1)?.type).toBe('auth_success');

    await logout(driver.refreshToken);
    expect((await relay.closed()).code).toBe(RELAY_CLOSE.signedOut);

    const again = await SocketProbe.open(relayUrl);
    again.send({ type: 'auth', requestId: 'b', payload: { token: driver.accessToken, instanceId } });
    await expect
      .poll(() => again.messages.at(-1))
      .toMatchObject({
        type: 'auth_error',
        payload: { message: SOCKET_MESSAGES.authenticationFailed },
      });
    again.socket.close();
    await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.sessions.release}`,
      headers: { authorization: `Bearer ${(await t.login('relay-driver', 'relay-driver-password')).accessToken}` },
      payload: {},
    });
  });

  it('closes the signalling socket of a sign-in that signs out, and refuses its token afterwards', async () => {
    const watcher = await t.createUser('watcher');
    const signalling = `${origin.replace('http', 'ws')}${SIGNALLING_PATH}?token=`;
    const player = await SocketProbe.open(`${signalling}${watcher.accessToken}`);
    expect(player.close).toBeNull();

    await logout(watcher.refreshToken);
    expect(await player.closed()).toEqual(SIGNALLING_CLOSE.unauthorized);
    expect((await (await SocketProbe.open(`${signalling}${watcher.accessToken}`)).closed()).code).toBe(
      SIGNALLING_CLOSE.unauthorized.code,
    );
  });
});

describe('the revocation cache', () => {
  it('keeps a family revoked when a read that began before the sign-out answers "live" after it', async () => {
    // The database read is held open so that the sign-out lands while it is in flight, as a player's token check
    // and a sign-out do on a busy server; the repository is the one seam that lets a test order the two.
    let answerRead: (live: boolean) => void = () => undefined;
    const repository = {
      familyIsLive: () => new Promise<boolean>((resolve) => (answerRead = resolve)),
      revokeFamily: () => Promise.resolve(),
    } as unknown as RefreshTokensRepository;
    const revocation = new TokenRevocation(repository);
    const before = revocation.isLive('family-1');
    await revocation.revokeFamily('user-1', 'family-1');
    answerRead(true);
    expect(await before).toBe(false);
    expect(await revocation.isLive('family-1')).toBe(false);
  });
});
