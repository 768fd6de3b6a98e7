import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINE_CONTROL_KEY_ENV,
  ENGINE_CONTROL_ROUTES,
  ENGINE_FETCH_REFUSED,
  ENGINE_SIGNALLING_URL_ENV,
  ENGINE_OBJECT_PATHS,
  type AssetModel,
  type ListResult,
  type LoginResponse,
  type ModelDownloadLink,
  type SessionResponse,
  API_ROUTES,
} from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { LocalEngineProvider } from './local-engine-provider.js';

// The engine's command line over its recording renderer, built by tsc -b like the real one.
const TEST_ENGINE_CLI = path.resolve(import.meta.dirname, '../../../../engine/dist/test/test-engine-cli.js');
const SIGNALLING_KEY = 'local-engine-test-signalling-key';

describe('reference engines as child processes', () => {
  let t: TestApp;
  let user: LoginResponse;
  let provider: LocalEngineProvider;
  let origin: string;

  beforeAll(async () => {
    if (!fs.existsSync(TEST_ENGINE_CLI)) throw new Error(`${TEST_ENGINE_CLI} is missing: build first (tsc -b)`);
    // A product whose model the engines download through the server's signed link.
    const modelFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-local-model-')), 'terra.glb');
    fs.writeFileSync(modelFile, Buffer.concat([Buffer.from('glTF'), Buffer.alloc(2048, 1)]));
    t = await startTestApp(
      testDatabases[0]!,
      {
        builtInModelFile: modelFile,
        engines: {
          provider: 'local',
          max: 1,
          warm: 0,
          instances: [],
          sessionTimeoutSeconds: 90,
          heartbeatTimeoutSeconds: 30,
          signallingKey: SIGNALLING_KEY,
        },
      },
      { engineCli: TEST_ENGINE_CLI },
    );
    if (!(t.app.engineProvider instanceof LocalEngineProvider)) throw new Error('expected the local provider');
    provider = t.app.engineProvider;
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.createUser('lia');
  });
  afterAll(() => t.close());

  const call = async (url: string, method = 'GET') => {
    const response = await fetch(`${origin}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    return { status: response.status, body: (await response.json()) as SessionResponse };
  };

  it('starts an engine on demand, and replaces one that dies mid-session', async () => {
    const first = await call(API_ROUTES.sessions.allocate);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const instanceId = first.body.sessionDetails?.instanceId ?? '';
    expect((await fetch(`http://${instanceId}/remote/info`)).status).toBe(200);

    // The engine process dies as a crashed browser would take it down.
    const engine = provider.engines().find((candidate) => candidate.instanceId === instanceId);
    // Up since it answered, which was before it was lent.
    expect(Date.parse(engine?.upSince ?? '')).toBeLessThanOrEqual(Date.now());
    expect(provider.starting()).toBe(0);
    const pid = provider.processId(engine?.id ?? '');
    expect(pid).toBeGreaterThan(0);
    process.kill(pid ?? Number.NaN, 'SIGKILL');
    await expect
      .poll(async () => (await call(API_ROUTES.sessions.current)).body.message, { timeout: 10_000 })
      .toMatch(/Session Expired: the engine stopped/);

    const second = await call(API_ROUTES.sessions.allocate);
    expect(second.status).toBe(200);
    expect(second.body.sessionDetails?.instanceId).not.toBe(instanceId);
    await call(API_ROUTES.sessions.release, 'POST');
  });

  it('starts engines with no key on their command line, which every local user can read', async () => {
    const allocated = await call(API_ROUTES.sessions.allocate);
    const instanceId = allocated.body.sessionDetails?.instanceId ?? '';
    const engine = provider.engines().find((candidate) => candidate.instanceId === instanceId);
    const pid = provider.processId(engine?.id ?? '') ?? Number.NaN;
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    const environment = new Map(
      fs
        .readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .map((entry): [string, string] => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
    const controlKey = environment.get(ENGINE_CONTROL_KEY_ENV) ?? '';
    expect(controlKey.length).toBeGreaterThanOrEqual(16);
    expect(argv).toContain(`--streamer-id ${engine?.id ?? ''}`);
    expect(argv).not.toContain(SIGNALLING_KEY);
    expect(argv).not.toContain(controlKey);
    expect(argv).not.toMatch(/key=/);
    // The keys reach the engine through its environment, which only its owner can read.
    expect(environment.get(ENGINE_SIGNALLING_URL_ENV)).toContain(`key=${SIGNALLING_KEY}`);
    await call(API_ROUTES.sessions.release, 'POST');
  });

  it("lets its engines download this server's signed model links, and nothing else of this machine", async () => {
    const allocated = await call(API_ROUTES.sessions.allocate);
    const instanceId = allocated.body.sessionDetails?.instanceId ?? '';
    const api = async <T>(url: string, method = 'GET') =>
      (await (
        await fetch(`${origin}/api${url}`, { method, headers: { authorization: `Bearer ${user.accessToken}` } })
      ).json()) as T;
    const engineCall = async (functionName: string, parameters: object = {}) =>
      (await (
        await fetch(`http://${instanceId}/remote/object/call`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ objectPath: ENGINE_OBJECT_PATHS.car, functionName, parameters }),
        })
      ).json()) as Record<string, unknown>;
    const download = async (Url: string) => {
      await engineCall('Download File', { Url });
      await expect
        .poll(async () => (await engineCall('Get Download Status')).Status, { timeout: 10_000 })
        .toMatch(/Completed|Failed/);
      return engineCall('Get Download Status');
    };
    const [product] = (await api<ListResult<AssetModel>>('/asset-model/filtered')).items;
    const link = await api<ModelDownloadLink>(`/asset-model/${product?.id ?? ''}/download-link`, 'POST');
    expect(await download(link.url)).toMatchObject({ Status: 'Completed', Error: '' });
    // The server's other routes, and the server by another of its addresses, are not files.
    expect(await download(`${origin}/api/health`)).toMatchObject({ Status: 'Failed', Error: ENGINE_FETCH_REFUSED });
    expect(await download(link.url.replace('127.0.0.1', 'localhost'))).toMatchObject({
      Status: 'Failed',
      Error: ENGINE_FETCH_REFUSED,
    });
    await call(API_ROUTES.sessions.release, 'POST');
  });

  it('puts a released engine back to the default scene in the same process', async () => {
    const allocated = await call(API_ROUTES.sessions.allocate);
    const instanceId = allocated.body.sessionDetails?.instanceId ?? '';
    const engineCall = async (functionName: string, parameters: object) => {
      const response = await fetch(`http://${instanceId}/remote/object/call`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ objectPath: ENGINE_OBJECT_PATHS.car, functionName, parameters }),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const defaults = await engineCall('Get Material Options', {});
    await engineCall('Update Car Material', { MaterialToSet: 'rallye red' });
    expect(await engineCall('Get Material Options', {})).toMatchObject({ Current: 'rallye red' });
    const engine = provider.engines().find((candidate) => candidate.instanceId === instanceId);
    const pid = provider.processId(engine?.id ?? '');

    expect((await call(API_ROUTES.sessions.release, 'POST')).status).toBe(200);
    expect(provider.processId(engine?.id ?? '')).toBe(pid);
    expect(await engineCall('Get Material Options', {})).toEqual(defaults);
    // Only the server, with the key it handed the engine, may reset it; another local process may not.
    expect((await fetch(`http://${instanceId}${ENGINE_CONTROL_ROUTES.reset}`, { method: 'POST' })).status).toBe(401);
  });
});
