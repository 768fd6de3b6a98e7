import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { Messages } from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  ENGINE_SIGNALLING_KEY_ENV,
  SIGNALLING_CLOSE,
  SIGNALLING_PATH,
  type LoginResponse,
  type SessionResponse,
} from '@autostudio/protocol';
import type { AppConfig } from '../../config.js';
import { freePort } from '../../modules/engines/free-port.js';
import { ENGINE_CLI, START_TIMEOUT_MS } from '../../modules/engines/local-engine-provider.js';
import { RedisSignallingBus } from '../../modules/signalling/redis-signalling-bus.js';
import { PLAYER_RECHECK_MS } from '../../modules/signalling/signalling-server.js';
import { Peer } from '../signalling-peer.js';
import { StreamPlayer } from '../stream-player.js';
import { startTestApp, staticEngines, type TestApp } from '../test-app.js';
import { joining, testDatabases, type TestDatabase } from '../test-databases.js';

/** Every copy signs with one secret and knows one engine key, as docs/deploy.md asks. */
const AUTH_SECRET = 'signalling-copies-share-this-secret-of-32-chars';
const ENGINE_KEY = 'signalling-copies-engine-key';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** PostgreSQL when the run has it (what several copies share in a deployment), else SQLite. */
const database = testDatabases.at(-1) as TestDatabase;

/** Keys and channels of this run only: parallel runs on the one Redis do not hear each other. */
const redis = (): AppConfig['redis'] => ({ url: REDIS_URL, prefix: `test-${randomUUID()}` });

async function call(origin: string, token: string, method: 'GET' | 'POST', route: string, body?: object) {
  const response = await fetch(`${origin}${API_BASE}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as SessionResponse };
}

describe('a server copy whose Redis is not there', () => {
  it('does not start, and says which Redis it could not reach, without its password', async () => {
    const port = await freePort();
    const failure = await RedisSignallingBus.connect({
      url: `redis://user:secret@127.0.0.1:${port}`,
      prefix: 'nowhere',
      log: pino({ level: 'silent' }),
    }).then(
      () => new Error('connected'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toMatch(new RegExp(`^Redis at 127\\.0\\.0\\.1:${port} \\(REDIS_URL\\) is not reachable: `));
    expect(failure.message).not.toContain('secret');
  });
});

/**
 * Two server copies on one database and one Redis; the engine's streamer connects to copy A, the players to copy B,
 * as a load balancer without sticky sessions may send them. Each socket speaks Epic's protocol as with one server.
 */
describe('signalling between two server copies through Redis', () => {
  let engine: TestEngine;
  let a: TestApp;
  let b: TestApp;
  let wsA: string;
  let wsB: string;
  let originA: string;
  let ada: LoginResponse;

  beforeAll(async () => {
    engine = await startTestEngine();
    const engines = staticEngines([engine], { signallingKey: ENGINE_KEY });
    const shared = { engines, authSecret: AUTH_SECRET, redis: redis() };
    a = await startTestApp(database, shared);
    b = await startTestApp(joining(a.config.database), shared);
    originA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    wsA = originA.replace('http', 'ws');
    wsB = (await b.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    ada = await a.createUser('ada');
    expect((await call(originA, ada.accessToken, 'POST', API_ROUTES.sessions.requestAllocate)).status).toBe(200);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await engine.close();
  });

  const streamer = async (ws: string, id = 'engine-0') => {
    const peer = await Peer.open(`${ws}${SIGNALLING_PATH}?key=${ENGINE_KEY}`);
    await peer.next('identify');
    peer.send(Messages.endpointId, { id });
    return peer;
  };
  /**
   * The engine's streamer on the copy at `ws`, once its id is free: the last streamer's copy releases the id in Redis
   * a moment after its socket closes, and a claim from another copy meanwhile is refused, as it must be.
   */
  const connectedStreamer = async (ws: string) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const peer = await streamer(ws);
      const confirmed = () => peer.received.some((message) => message.type === 'endpointIdConfirm');
      await expect.poll(() => peer.closeCode !== null || confirmed()).toBe(true);
      if (confirmed()) return peer;
      if (Date.now() > deadline) throw new Error(`engine-0 was not confirmed: ${peer.closeReason}`);
    }
  };
  const player = async (ws: string, token: string) => {
    const peer = await Peer.open(`${ws}${SIGNALLING_PATH}?token=${token}`);
    await peer.next('config');
    return peer;
  };

  it('routes offer, answer and ICE between a streamer on one copy and a player on the other', async () => {
    const engineSide = await connectedStreamer(wsA);
    const browser = await player(wsB, ada.accessToken);

    browser.send(Messages.listStreamers);
    expect((await browser.next('streamerList')).ids).toEqual(['engine-0']);
    browser.send(Messages.subscribe, { streamerId: 'engine-0' });
    const connected = await engineSide.next('playerConnected');
    const playerId = String(connected.playerId);
    expect(connected).toMatchObject({ dataChannel: true, sfu: false });

    engineSide.send(Messages.offer, { playerId, sdp: 'v=0 offer' });
    const offer = await browser.next('offer');
    expect(offer.sdp).toBe('v=0 offer');
    expect(offer.playerId).toBeUndefined();
    engineSide.send(Messages.iceCandidate, { playerId, candidate: { candidate: 'from-engine' } });
    expect((await browser.next('iceCandidate')).candidate).toMatchObject({ candidate: 'from-engine' });

    browser.send(Messages.answer, { sdp: 'v=0 answer' });
    expect(await engineSide.next('answer')).toMatchObject({ sdp: 'v=0 answer', playerId });
    browser.send(Messages.iceCandidate, { candidate: { candidate: 'from-player' } });
    expect(await engineSide.next('iceCandidate')).toMatchObject({ candidate: { candidate: 'from-player' }, playerId });

    // A streamer may speak only to its own players: an offer to a made-up player id goes nowhere.
    engineSide.send(Messages.offer, { playerId: 'Player-nobody', sdp: 'stray' });
    browser.socket.close();
    expect((await engineSide.next('playerDisconnected')).playerId).toBe(playerId);
    engineSide.socket.close();
  });

  it('turns away a second streamer taking a connected id on the other copy', async () => {
    const engineSide = await connectedStreamer(wsA);
    const intruder = await streamer(wsB);
    expect(await intruder.closed()).toBe(SIGNALLING_CLOSE.streamerIdTaken.code);
    expect(intruder.received.some((message) => message.type === 'endpointIdConfirm')).toBe(false);

    // The id is free again, for either copy, once its streamer has gone.
    engineSide.socket.close();
    (await connectedStreamer(wsB)).socket.close();
  });

  it('closes the player on one copy when the engine’s streamer leaves the other', async () => {
    const engineSide = await connectedStreamer(wsA);
    const browser = await player(wsB, ada.accessToken);
    browser.send(Messages.subscribe, { streamerId: 'engine-0' });
    await engineSide.next('playerConnected');
    engineSide.socket.close();
    expect(await browser.closed()).toBe(1001);
  });

  it('turns out the player on one copy when its sign-in ends on the other', async () => {
    const grace = await a.login('ada', 'ada-password');
    const engineSide = await connectedStreamer(wsA);
    const browser = await player(wsB, grace.accessToken);
    browser.send(Messages.subscribe, { streamerId: 'engine-0' });
    await engineSide.next('playerConnected');
    const started = performance.now();
    const out = await fetch(`${originA}${API_BASE}${API_ROUTES.auth.logout}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${grace.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: grace.refreshToken }),
    });
    expect(out.status).toBeLessThan(300);
    expect(await browser.closed()).toBe(SIGNALLING_CLOSE.unauthorized.code);
    // Told through Redis, not found on the next recheck.
    expect(performance.now() - started).toBeLessThan(PLAYER_RECHECK_MS);
    await engineSide.next('playerDisconnected');
    engineSide.socket.close();
  });

  // Ends the session, so it comes last.
  it('ends on the other copy the stream of a session released on one, and refuses it on both afterwards', async () => {
    const engineSide = await connectedStreamer(wsA);
    const browser = await player(wsB, ada.accessToken);
    browser.send(Messages.subscribe, { streamerId: 'engine-0' });
    const playerId = String((await engineSide.next('playerConnected')).playerId);

    const started = performance.now();
    const released = await call(originA, ada.accessToken, 'POST', API_ROUTES.sessions.release, {});
    expect(released.status).toBe(200);
    expect(await browser.closed()).toBe(SIGNALLING_CLOSE.sessionEnded.code);
    expect(performance.now() - started).toBeLessThan(PLAYER_RECHECK_MS);
    expect((await engineSide.next('playerDisconnected')).playerId).toBe(playerId);

    for (const ws of [wsA, wsB]) {
      const again = await player(ws, ada.accessToken);
      again.send(Messages.subscribe, { streamerId: 'engine-0' });
      expect((await again.next('subscribeFailed')).message).toMatch(/not allocated to your session/);
      again.socket.close();
    }
    expect(engineSide.received.some((message) => message.type === 'playerConnected')).toBe(false);
    engineSide.socket.close();
  });
});

/**
 * The whole path, all real: a reference engine (three.js in headless Chromium, the engine's own command line) on
 * "another host" registers with both copies and streams to copy A; the user allocates it through copy B and a
 * player in another Chromium, given copy B's signalling address, decodes its frames.
 */
describe('a stream through the other server copy', () => {
  let a: TestApp;
  let b: TestApp;
  let originA: string;
  let originB: string;
  let player: StreamPlayer;
  /** What the setup got as far as starting, undone in reverse whatever happened. */
  const cleanup: (() => Promise<void>)[] = [];
  let ada: LoginResponse;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    if (!fs.existsSync(ENGINE_CLI)) throw new Error(`${ENGINE_CLI} is missing: build first (tsc -b)`);
    const registrationKey = `registration-${randomUUID()}`;
    const [portA, portB, enginePort] = [await freePort(), await freePort(), await freePort()];
    const engines: AppConfig['engines'] = {
      provider: 'register',
      max: 0,
      warm: 0,
      instances: [],
      sessionTimeoutSeconds: 90,
      heartbeatTimeoutSeconds: 30,
      signallingKey: ENGINE_KEY,
      registrationKey,
    };
    const shared = { engines, authSecret: AUTH_SECRET, redis: redis() };
    a = await startTestApp(database, { ...shared, publicUrl: `http://127.0.0.1:${portA}` });
    cleanup.push(() => a.close());
    b = await startTestApp(joining(a.config.database), { ...shared, publicUrl: `http://127.0.0.1:${portB}` });
    cleanup.push(() => b.close());
    originA = await a.app.listen({ host: '127.0.0.1', port: portA });
    originB = await b.app.listen({ host: '127.0.0.1', port: portB });
    ada = await a.createUser('ada');

    const engineDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-scale-engine-'));
    cleanup.push(() => fs.promises.rm(engineDir, { recursive: true, force: true }));
    const started = performance.now();
    // As on a GPU host: it joins every copy's pool and streams to one of them (or to the load balancer).
    const engineProcess = spawn(
      process.execPath,
      [
        ENGINE_CLI,
        ...['--port', String(enginePort), '--data-dir', engineDir, '--width', '640', '--height', '360'],
        ...['--register', `${originA},${originB}`, '--streamer-id', 'gpu-host-1'],
        ...['--signalling-url', `${originA.replace('http', 'ws')}${SIGNALLING_PATH}`],
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          ENGINE_REGISTRATION_KEY: registrationKey,
          [ENGINE_SIGNALLING_KEY_ENV]: ENGINE_KEY,
        },
      },
    );
    // Its log (how far it got) for the failure message: a CI run shows no child's output.
    let engineSaid = '';
    const hear = (chunk: Buffer) => {
      engineSaid = (engineSaid + chunk.toString('utf8')).slice(-4000);
    };
    engineProcess.stdout.on('data', hear);
    engineProcess.stderr.on('data', hear);
    cleanup.push(async () => {
      if (engineProcess.exitCode !== null || engineProcess.signalCode !== null) return;
      const exited = new Promise((resolve) => engineProcess.once('exit', resolve));
      engineProcess.kill('SIGTERM');
      await exited;
    });
    // As long as the server gives an engine it starts itself: beside the other suites' Chromiums, a CI run once took
    // over 60 s here. An engine that exits fails the setup at once, with what it said.
    const exitedEarly = new Promise<never>((_resolve, reject) =>
      engineProcess.once('exit', (code) =>
        reject(new Error(`the engine exited (${code ?? 'by a signal'}) while starting: ${engineSaid}`)),
      ),
    );
    exitedEarly.catch(() => undefined);
    await Promise.race([
      exitedEarly,
      vi.waitFor(
        () =>
          expect(a.app.signalling.streamerIds(), `not streaming yet; the engine said: ${engineSaid}`).toContain(
            'gpu-host-1',
          ),
        { timeout: START_TIMEOUT_MS, interval: 250 },
      ),
    ]);
    await vi.waitFor(() => expect(b.app.engineProvider.engines()).toHaveLength(1), { timeout: 10_000, interval: 250 });
    figures.engineReadyMs = Math.round(performance.now() - started);
    player = await StreamPlayer.launch();
    cleanup.push(() => player.close());
  }, START_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    console.info('stream through the other copy', figures);
    for (const step of cleanup.reverse()) await step();
  });

  it('decodes frames in a player on copy B of an engine streaming to copy A', { timeout: 90_000 }, async () => {
    const allocated = await call(originB, ada.accessToken, 'GET', API_ROUTES.sessions.allocate);
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
    const instanceUrl = allocated.body.sessionDetails?.instanceUrl ?? '';
    expect(instanceUrl).toBe(`${originB.replace('http', 'ws')}${SIGNALLING_PATH}?streamerId=gpu-host-1`);
    // Nothing of the stream is on copy B but the player's socket.
    expect(b.app.signalling.streamerIds()).toEqual([]);

    const started = performance.now();
    await player.start(`${instanceUrl}&token=${encodeURIComponent(ada.accessToken)}`);
    await expect
      .poll(async () => (await player.stats()).framesDecoded, { timeout: 60_000, interval: 250 })
      .toBeGreaterThan(0);
    figures.firstFrameMs = Math.round(performance.now() - started);
    expect((await player.state()).errors).toEqual([]);
    // Chromium counts the first decoded frame a stats report before it reports the frame's size (0×0 in CI once).
    await expect.poll(async () => (await player.stats()).frameWidth, { timeout: 10_000, interval: 250 }).toBe(640);
    expect(await player.stats()).toMatchObject({ frameWidth: 640, frameHeight: 360 });

    // Released through copy A: the player on copy B is let go and no frame follows.
    const released = await call(originA, ada.accessToken, 'POST', API_ROUTES.sessions.release, {});
    expect(released.status).toBe(200);
    await expect
      .poll(async () => (await player.state()).closeCode, { timeout: 5000 })
      .toBe(SIGNALLING_CLOSE.sessionEnded.code);
  });
});
