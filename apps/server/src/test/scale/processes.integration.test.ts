import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_ROUTES, ENGINE_SIGNALLING_KEY_ENV, SIGNALLING_PATH } from '@autostudio/protocol';
import { freePort } from '../../modules/engines/free-port.js';
import { ENGINE_CLI } from '../../modules/engines/local-engine-provider.js';
import { tinyGlb } from '../multipart.js';
import { relayOnce } from '../relay-once.js';
import { RoundRobinBalancer } from '../round-robin-balancer.js';
import { startS3Server, TEST_BUCKET } from '../s3-server.js';
import { StreamPlayer } from '../stream-player.js';
import { databaseUrl, onPostgres } from '../test-databases.js';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../../dist/main.js');
const WORKER_MAIN = path.resolve(import.meta.dirname, '../../../dist/worker.js');
/** The engine's command line over the recording renderer: a render engine without a browser. */
const TEST_ENGINE_CLI = path.resolve(import.meta.dirname, '../../../../engine/dist/test/test-engine-cli.js');
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_PASSWORD = 'processes-admin-password';

/** One request on a connection of its own, so that the balancer picks the next copy for each. */
function request(
  origin: string,
  method: string,
  route: string,
  options: { token?: string; body?: object } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = options.body ? JSON.stringify(options.body) : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${origin}${API_BASE}${route}`,
      {
        method,
        agent: false,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** A process of ours that the test stops at the end, whatever happened. */
function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function answers(origin: string): Promise<boolean> {
  return fetch(`${origin}${API_BASE}${API_ROUTES.health}`).then(
    (response) => response.ok,
    () => false,
  );
}

/**
 * The deployment of docs/deploy.md on one machine: two server processes (the built `main.js`, as in production) on
 * one PostgreSQL database and one Redis, behind a round-robin balancer; a reference engine process on "a GPU host" that registers with both copies and streams through the
 * balancer. The user signs in, allocates, calls the engine through the relay and watches its stream, each step
 * through the balancer, and steps land on different copies.
 */
describe.skipIf(!DATABASE_URL)('server processes behind a load balancer', () => {
  const databaseName = `scale_${randomUUID().replaceAll('-', '')}`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-processes-'));
  const processes: ChildProcess[] = [];
  /** The two server copies, by index, and their addresses: the last test kills one. */
  const servers: ChildProcess[] = [];
  let copies: string[] = [];
  /** The first test's users: the administrator, and ada, who holds the engine when it ends. */
  const tokens = { admin: '', ada: '' };
  let balancer: RoundRobinBalancer;
  /** What the setup got as far as starting, for the cleanup whatever happened. */
  const cleanup: { balancer?: () => Promise<void>; s3?: () => Promise<void> } = {};
  let origin: string;
  let player: StreamPlayer | undefined;
  const figures: Record<string, number> = {};

  const admin = (statement: string) => onPostgres(DATABASE_URL ?? '', statement);

  beforeAll(async () => {
    for (const file of [SERVER_MAIN, WORKER_MAIN, ENGINE_CLI, TEST_ENGINE_CLI]) {
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: build first (tsc -b)`);
    }
    const started = performance.now();
    await admin(`CREATE DATABASE ${databaseName}`);
    const ports = [await freePort(), await freePort()];
    balancer = await new RoundRobinBalancer(ports.map((port) => ({ host: '127.0.0.1', port }))).start();
    cleanup.balancer = () => balancer.close();
    origin = `http://127.0.0.1:${balancer.port}`;
    const shared = {
      DATABASE_URL: databaseUrl(DATABASE_URL ?? '', databaseName),
      REDIS_URL,
      REDIS_PREFIX: `test-${randomUUID()}`,
      AUTH_SECRET: `processes-${randomUUID()}-shared-secret`,
      SIGNALLING_KEY: `signalling-${randomUUID()}`,
      ENGINE_REGISTRATION_KEY: `registration-${randomUUID()}`,
      AUTOSTUDIO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    };
    const s3 = await startS3Server();
    cleanup.s3 = () => s3.close();
    const storage = {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    // The built-in car: the first copy seeds it and queues its preview, which only the worker process renders.
    const builtInModelFile = path.join(root, 'terra.glb');
    fs.writeFileSync(builtInModelFile, tinyGlb());
    copies = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const [index, port] of ports.entries()) {
      const dataDir = path.join(root, `copy-${index}`);
      servers[index] = start([SERVER_MAIN], {
        ...shared,
        ...storage,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: origin,
        ENGINE_PROVIDER: 'register',
        RENDER_WORKERS: '0',
        WEB_DIST: path.join(dataDir, 'no-web-app'),
        BUILT_IN_MODEL_FILE: builtInModelFile,
      });
      processes.push(servers[index]);
      // The first copy alone migrates the new database and creates the administrator, as docs/deploy.md says.
      await vi.waitFor(async () => expect(await answers(copies[index] ?? '')).toBe(true), {
        timeout: 30_000,
        interval: 200,
      });
      if (index > 0) continue;
      // While the second copy starts: the engine (it registers with each copy as it comes up, and streams through
      // the balancer to the first), the render engine and the worker.
      const enginePort = await freePort();
      processes.push(
        start(
          [
            ENGINE_CLI,
            ...[
              '--port',
              String(enginePort),
              '--data-dir',
              path.join(root, 'engine'),
              '--width',
              '640',
              '--height',
              '360',
            ],
            ...['--register', copies.join(','), '--streamer-id', 'gpu-host-1'],
            ...['--signalling-url', `ws://127.0.0.1:${balancer.port}${SIGNALLING_PATH}`],
          ],
          {
            LOG_LEVEL: 'warn',
            ENGINE_REGISTRATION_KEY: shared.ENGINE_REGISTRATION_KEY,
            [ENGINE_SIGNALLING_KEY_ENV]: shared.SIGNALLING_KEY,
          },
        ),
      );
      // A render worker process on the same database and bucket, rendering on a render engine of its own.
      const renderPort = await freePort();
      processes.push(
        start([TEST_ENGINE_CLI, '--port', String(renderPort), '--data-dir', path.join(root, 'render-engine')], {
          ENGINE_REGISTRATION_KEY: shared.ENGINE_REGISTRATION_KEY,
          ENGINE_FILES_URL: copies[0],
        }),
        start([WORKER_MAIN], {
          ...shared,
          ...storage,
          DATA_DIR: path.join(root, 'worker'),
          RENDER_WORKERS: '1',
          RENDER_POLL_MS: '200',
          RENDER_ENGINE_INSTANCES: `127.0.0.1:${renderPort}`,
          // Straight to a copy, not through the balancer: the test counts the balancer's connections.
          ENGINE_FILES_URL: copies[0],
        }),
      );
    }
    figures.serversReadyMs = Math.round(performance.now() - started);
    // The engine's streamer is the balancer's first connection: nothing else has used it yet.
    await vi.waitFor(() => expect(balancer.served.length).toBeGreaterThan(0), { timeout: 60_000, interval: 200 });
    figures.engineStreamingMs = Math.round(performance.now() - started);
  }, 120_000);

  afterAll(async () => {
    console.info('server processes behind a balancer', figures);
    await player?.close();
    for (const child of [...processes].reverse()) await stop(child);
    await cleanup.balancer?.();
    await cleanup.s3?.();
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'signs in, allocates, relays a call and streams, with consecutive steps on different copies',
    { timeout: 90_000 },
    async () => {
      const started = performance.now();
      /** The copy that took the next request, and the request's answer. */
      const step = async (...args: Parameters<typeof request>) => {
        const index = balancer.served.length;
        const answer = await request(...args);
        return { copy: balancer.served[index], ...answer };
      };

      const signedIn = await step(origin, 'POST', API_ROUTES.auth.login, {
        body: { username: 'admin', password: ADMIN_PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      const adminToken = String(signedIn.body.accessToken);
      tokens.admin = adminToken;
      const created = await step(origin, 'POST', API_ROUTES.users.create, {
        token: adminToken,
        body: { username: 'ada', password: 'ada-password', roles: ['user'] },
      });
      expect(created.status).toBe(201);
      expect(created.copy).not.toBe(signedIn.copy);
      const ada = await step(origin, 'POST', API_ROUTES.auth.login, {
        body: { username: 'ada', password: 'ada-password' },
      });
      const token = String(ada.body.accessToken);
      tokens.ada = token;

      // Allocation works once the engine has registered with the copy that takes the request.
      let allocated = await step(origin, 'POST', API_ROUTES.sessions.requestAllocate, { token });
      for (const deadline = Date.now() + 20_000; allocated.status === 503 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        allocated = await step(origin, 'POST', API_ROUTES.sessions.requestAllocate, { token });
      }
      expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
      figures.allocatedMs = Math.round(performance.now() - started);
      const details = allocated.body.sessionDetails as { sessionId: string; instanceId: string; instanceUrl: string };
      const beat = await step(origin, 'POST', API_ROUTES.sessions.sessionHeartbeat, {
        token,
        body: { sessionId: details.sessionId },
      });
      expect(beat.status).toBe(200);
      expect(beat.copy).not.toBe(allocated.copy);

      // The relay, on a socket through the balancer.
      const relayCopy = balancer.served.length;
      const [auth, call] = await relayOnce(`http://127.0.0.1:${balancer.port}`, token, details.instanceId);
      expect(auth?.type).toBe('auth_success');
      expect(call).toMatchObject({ type: 'api_call', payload: { status: 200 } });
      expect(balancer.served[relayCopy]).not.toBe(beat.copy);

      // The worker process rendered the built-in car's preview into the bucket; either copy serves it.
      let preview = '';
      await expect
        .poll(
          async () => {
            const list = await step(origin, 'GET', API_ROUTES.assetModels.filtered, { token });
            const items = (list.body.items ?? []) as { previewUrl: string | null }[];
            preview = items.find((item) => item.previewUrl)?.previewUrl ?? '';
            return preview;
          },
          { timeout: 20_000, interval: 500 },
        )
        .not.toBe('');
      figures.previewMs = Math.round(performance.now() - started);
      const url = new URL(preview, origin);
      for (let copy = 0; copy < 2; copy++) {
        const image = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, resolve).on('error', reject),
        );
        image.resume();
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
      }

      // The stream: the player's signalling socket goes to the copy the engine's streamer did not.
      expect(details.instanceUrl).toBe(`ws://127.0.0.1:${balancer.port}${SIGNALLING_PATH}?streamerId=gpu-host-1`);
      const streamerCopy = balancer.served[0];
      while (balancer.served.length % 2 === streamerCopy) {
        const count = balancer.served.length;
        net.connect(balancer.port, '127.0.0.1').end();
        await expect.poll(() => balancer.served.length).toBeGreaterThan(count);
      }
      player = await StreamPlayer.launch();
      const playerCopy = balancer.served.length % 2;
      await player.start(`${details.instanceUrl}&token=${encodeURIComponent(token)}`);
      await expect
        .poll(async () => (await player?.stats())?.framesDecoded ?? 0, { timeout: 45_000, interval: 250 })
        .toBeGreaterThan(0);
      figures.firstFrameMs = Math.round(performance.now() - started);
      expect(playerCopy).not.toBe(streamerCopy);
      expect((await player.state()).errors).toEqual([]);
      figures.stepsMs = Math.round(performance.now() - started);
    },
  );

  it('keeps a place in the waiting line when the copy it waited on is killed', { timeout: 60_000 }, async () => {
    const [first = '', second = ''] = copies;
    // ada holds the one engine since the test above.
    const created = await request(first, 'POST', API_ROUTES.users.create, {
      token: tokens.admin,
      body: { username: 'bob', password: 'bob-password', roles: ['user'] },
    });
    expect(created.status).toBe(201);
    const bob = String(
      (await request(second, 'POST', API_ROUTES.auth.login, { body: { username: 'bob', password: 'bob-password' } }))
        .body.accessToken,
    );
    expect((await request(second, 'POST', API_ROUTES.sessions.requestAllocate, { token: bob })).status).toBe(503);
    const joined = await request(second, 'POST', API_ROUTES.sessions.line, { token: bob });
    expect(joined.body).toMatchObject({ place: 1, yourTurn: false });
    const joinedAt = await lineEntry(first, 'bob');

    servers[1]?.kill('SIGKILL');
    await vi.waitFor(async () => expect(await answers(second)).toBe(false), { timeout: 10_000, interval: 100 });
    // bob's page asks the copy left (a balancer's next choice): the place is the one taken on the dead copy.
    expect((await request(first, 'POST', API_ROUTES.sessions.line, { token: bob })).body).toMatchObject({
      place: 1,
      yourTurn: false,
    });
    expect(await lineEntry(first, 'bob')).toBe(joinedAt);

    expect((await request(first, 'POST', API_ROUTES.sessions.release, { token: tokens.ada, body: {} })).status).toBe(
      200,
    );
    expect((await request(first, 'POST', API_ROUTES.sessions.line, { token: bob })).body).toMatchObject({
      yourTurn: true,
    });
    const lent = await request(first, 'POST', API_ROUTES.sessions.requestAllocate, { token: bob });
    expect(lent.status, JSON.stringify(lent.body)).toBe(200);
    expect(await lineEntry(first, 'bob')).toBeUndefined();
  });

  /** When the user joined the line, as the administrators' view of it says. */
  async function lineEntry(copy: string, username: string): Promise<string | undefined> {
    const summary = await request(copy, 'GET', API_ROUTES.sessions.lineSummary, { token: tokens.admin });
    expect(summary.status).toBe(200);
    const waiting = summary.body.waiting as { username: string; joinedAt: string }[];
    return waiting.find((entry) => entry.username === username)?.joinedAt;
  }
});
