import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  PUBLIC_VIEWER_PATH,
  TOKEN_PATH_ROUTES,
  SIGNALLING_PATH,
  type AssetModel,
  type ModelDownloadLink,
} from '@autostudio/protocol';
import { loadConfig } from '../../config.js';
import { multipartBody, tinyGlb } from '../../test/multipart.js';
import { Peer } from '../../test/signalling-peer.js';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { redactSecrets } from './log-redaction.js';

describe('secrets in URLs', () => {
  it('hide the tokens that single sign-on returns to /login', () => {
    expect(redactSecrets('/login?token=eyJ.a.b&refresh_token=r3fr3sh')).toBe(
      '/login?token=redacted&refresh_token=redacted',
    );
  });

  it("hide the provider's code and state on the callback but keep the rest", () => {
    expect(redactSecrets('/api/auth/sso/callback?code=abc&state=xyz&iss=https%3A%2F%2Fid.example.com')).toBe(
      '/api/auth/sso/callback?code=redacted&state=redacted&iss=https%3A%2F%2Fid.example.com',
    );
  });

  it("hide an engine's key and a player's token on /signalling, also percent-encoded or inside another URL", () => {
    expect(redactSecrets('/signalling?key=s3cret')).toBe('/signalling?key=redacted');
    expect(redactSecrets('ws://127.0.0.1:9/signalling?streamerId=e-1&token=eyJ.x.y')).toBe(
      'ws://127.0.0.1:9/signalling?streamerId=e-1&token=redacted',
    );
    expect(redactSecrets('/signalling?%6Bey=s3cret')).toBe('/signalling?%6Bey=redacted');
    expect(redactSecrets('/login?next=%2Fsignalling%3Fkey%3Ds3cret%26x%3D1')).toBe(
      '/login?next=%2Fsignalling%3Fkey%3Dredacted%26x%3D1',
    );
  });

  it('hide the token of every signed file and share link route, in a path, a whole URL or a JSON log line', () => {
    for (const route of TOKEN_PATH_ROUTES) {
      const path = `${API_BASE}${route.replace(':token', 'id.1764000000.mac_mac-mac').replace(':fileName', 'car.glb')}`;
      const redacted = `${API_BASE}${route.replace(':token', 'redacted').replace(':fileName', 'car.glb')}`;
      expect(redactSecrets(path)).toBe(redacted);
      expect(redactSecrets(`{"msg":"could not load http://127.0.0.1:8080${path}: 404"}`)).toBe(
        `{"msg":"could not load http://127.0.0.1:8080${redacted}: 404"}`,
      );
    }
  });

  it('know every route whose path carries a token as a signed route', () => {
    const routes = (tree: object): string[] =>
      Object.values(tree).flatMap((value: unknown) =>
        typeof value === 'string' ? [value] : typeof value === 'object' && value ? routes(value) : [],
      );
    const withToken = routes(API_ROUTES).filter((route) => route.includes(':token'));
    // Every API route with a token in its path, and the web app's viewer page beside them.
    expect([...withToken, `${PUBLIC_VIEWER_PATH}/:token`].sort()).toEqual([...TOKEN_PATH_ROUTES].sort());
  });

  it('leave other text exactly as it was', () => {
    expect(redactSecrets('/api/users?search=a%20b&page=2')).toBe('/api/users?search=a%20b&page=2');
    expect(redactSecrets('/login')).toBe('/login');
    expect(redactSecrets('{"reqId":"8d1","res":{"statusCode":200}}')).toBe('{"reqId":"8d1","res":{"statusCode":200}}');
  });
});

/** The server's own log, read as an operator would, while an engine connects and a model is fetched. */
describe('the server log', () => {
  const ENGINE_KEY = 'engine-key-that-must-not-be-logged';
  const lines: string[] = [];
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    const config = loadConfig({});
    t = await startTestApp(
      testDatabases[0]!,
      {
        logLevel: 'info',
        engines: staticEngines([], { signallingKey: ENGINE_KEY }),
        // No render engine starts: the model's preview job stays queued.
        render: { ...config.render, workers: 0 },
      },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('shows the requests but none of the secrets their URLs carry', async () => {
    const admin = await t.adminToken();
    const ws = origin.replace('http', 'ws');
    const engine = await Peer.open(`${ws}${SIGNALLING_PATH}?key=${ENGINE_KEY}`);
    await engine.next('identify');
    const player = await Peer.open(`${ws}${SIGNALLING_PATH}?streamerId=none&token=${admin}`);
    await player.next('config');

    const body = await multipartBody({ name: 'Logged' }, { file: { name: 'car.glb', content: tinyGlb() } });
    const model = (
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${API_ROUTES.assetModels.create}`,
        headers: { ...body.headers, authorization: `Bearer ${admin}` },
        payload: body.payload,
      })
    ).json<AssetModel>();
    const link = (
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/asset-model/${model.id}/download-link`,
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json<ModelDownloadLink>();
    const url = new URL(link.url);
    // Each answer is read to its end, so that no connection is left busy when the server closes.
    const file = await fetch(`${origin}${url.pathname}`);
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    // The same link with another file name: refused, and the refusal logged.
    const refused = await fetch(`${origin}${url.pathname.replace(/car\.glb$/, 'other.glb')}`);
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
    const token = url.pathname.split('/').at(-2) ?? '';
    // An error logged with the link in its message, as a render engine's failed download is.
    t.app.log.error({ err: new Error(`car download failed: ${link.url}`) }, 'render job failed');
    engine.socket.close();
    player.socket.close();
    // Both close handshakes finish here, not inside the server's close.
    await engine.closed();
    await player.closed();

    // The error line is the last one written; pino writes in order.
    await expect.poll(() => lines.join('').includes('render job failed'), { timeout: 5000 }).toBe(true);
    const log = lines.join('');
    expect(log).toContain(`${SIGNALLING_PATH}?key=redacted`);
    expect(log).toContain(`${SIGNALLING_PATH}?streamerId=none&token=redacted`);
    expect(log).toContain(`/asset-model-file/redacted/car.glb`);
    expect(token.length).toBeGreaterThan(40);
    for (const secret of [ENGINE_KEY, admin, token, token.split('.').at(-1) ?? '']) {
      expect(log).not.toContain(secret);
    }
  });

  it('says an upload the client gave up on was closed by the client, not that the database is down', async () => {
    const admin = await t.adminToken();
    const name = 'Cancelled upload';
    const body = await multipartBody(
      { name },
      {
        file: {
          name: 'car.glb',
          content: tinyGlb({ asset: { version: '2.0' }, extras: { padding: 'x'.repeat(200_000) } }),
        },
      },
    );
    const { port } = new URL(origin);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const head = [
      `POST ${API_BASE}${API_ROUTES.assetModels.create} HTTP/1.1`,
      'host: 127.0.0.1',
      `authorization: Bearer ${admin}`,
      `content-type: ${body.headers['content-type']}`,
      `content-length: ${body.payload.length}`,
    ].join('\r\n');
    // Half the body, then the connection drops, as when a browser's upload is cancelled.
    socket.write(`${head}\r\n\r\n`);
    socket.write(body.payload.subarray(0, body.payload.length / 2));
    await expect.poll(() => lines.join('').includes('"url":"/api/asset-model"'), { timeout: 5000 }).toBe(true);
    socket.destroy();

    await expect.poll(() => lines.join('').includes('closed the connection'), { timeout: 5000 }).toBe(true);
    expect(lines.join('')).not.toContain('the database is unavailable');
    const found = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_ROUTES.assetModels.filtered}?search=${encodeURIComponent(name)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(found.json<{ total: number }>().total).toBe(0);
  });
});
