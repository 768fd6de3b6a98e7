import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ENGINE_CONTROL_ROUTES, ENGINE_FETCH_REFUSED } from '@autostudio/protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadToEnd } from '../test/downloads.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';
import { TINY_PNG } from '../test/test-renderer.js';

/**
 * What an engine fetches for Download File and the image imports, asked through its Remote Control API as any
 * caller could: the server's signed file links and allow-listed hosts, nothing on loopback, the private network or
 * the cloud metadata address, whichever way the address is reached (a name, a redirect).
 */
const LINK = '/api/asset-model-file/version-1.1999999999.signature';
/** A signed link to an uploaded image (a backplate, an HDRI, a composition guide). */
const UPLOAD_LINK = '/api/upload-file/upload-1.1999999999.signature/backplate.png';
const glb = Buffer.concat([Buffer.from('glTF'), Buffer.alloc(1024, 7)]);

/** A local server counting the requests it was sent, so a test can tell that nothing reached it. */
async function serve(
  handler: (url: string, reply: (status: number, body?: Buffer, location?: string) => void) => void,
) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req.url ?? '', (status, body, location) =>
      res.writeHead(status, location ? { location } : { 'content-length': body?.length ?? 0 }).end(body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, hits, port: (server.address() as AddressInfo).port };
}

let files: Awaited<ReturnType<typeof serve>>;
let internal: Awaited<ReturnType<typeof serve>>;
let cdn: Awaited<ReturnType<typeof serve>>;
let filesBase: string;
beforeAll(async () => {
  // The Autostudio server: its signed links, and a route engines have no business reading.
  files = await serve((url, reply) => {
    if (url === `${LINK}/car.glb`) return reply(200, glb);
    if (url === UPLOAD_LINK) return reply(200, TINY_PNG);
    return reply(200, Buffer.from('admin'));
  });
  // Some other service on the engine's machine.
  internal = await serve((_url, reply) => reply(200, Buffer.from('internal secret')));
  // An allow-listed host: images, a model, and redirects.
  cdn = await serve((url, reply) => {
    if (url === '/car.glb') return reply(200, glb);
    if (url === '/image.png') return reply(200, TINY_PNG);
    if (url === '/to-loopback') return reply(302, undefined, `http://127.0.0.1:${internal.port}/x.png`);
    if (url === '/to-metadata') return reply(302, undefined, 'http://169.254.169.254/latest/meta-data/');
    if (url === '/loop') return reply(302, undefined, '/loop');
    return reply(404);
  });
  filesBase = `http://127.0.0.1:${files.port}`;
});
afterAll(async () => {
  for (const { server } of [files, internal, cdn]) await new Promise((resolve) => server.close(resolve));
});

let t: TestEngine;
beforeEach(async () => {
  t = await startTestEngine({
    fetchPolicy: {
      filesUrls: [filesBase],
      // cdn.example.test is vouched for by name; the rest of example.test only where it resolves to public addresses.
      allow: ['cdn.example.test', '*.example.test'],
      // A DNS outside the project, as an attacker's domain would answer: every example.test name is loopback.
      resolve: (hostname) =>
        hostname.endsWith('.example.test')
          ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
          : Promise.reject(new Error('ENOTFOUND')),
    },
  });
  internal.hits.length = 0;
  files.hits.length = 0;
});
afterEach(async () => {
  await t.close();
});

interface Status {
  Status: string;
  Error: string;
  Path: string;
  BytesReceived: number;
  TotalBytes: number;
}

const download = (Url: string) => downloadToEnd<Status>(t, Url);

const IMPORTS = ['ImportandUpdateBackplate', 'ImportandApplyCubemap', 'ImportandUpdateCompositionGuide'] as const;

describe('what an engine fetches', () => {
  const refused = () => [
    ['another service on loopback', `http://127.0.0.1:${internal.port}/x.png`],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a name that resolves to loopback', `http://rebind.example.test:${internal.port}/x.png`],
    ['an allowed host redirecting to loopback', `http://cdn.example.test:${cdn.port}/to-loopback`],
    ['an allowed host redirecting to the metadata address', `http://cdn.example.test:${cdn.port}/to-metadata`],
    ['a redirect loop', `http://cdn.example.test:${cdn.port}/loop`],
    ['the server, off its signed file links', `${filesBase}/api/users`],
  ];

  it('refuses every address off its list with one plain message, for Download File and each import', async () => {
    for (const [what, Url = ''] of refused()) {
      expect(await download(Url), what).toEqual({
        Status: 'Failed',
        Error: ENGINE_FETCH_REFUSED,
        Percentage: 0,
        BytesReceived: 0,
        TotalBytes: 0,
        Path: '',
      });
      for (const name of IMPORTS) {
        expect(await t.call('car', name, { Url }), `${name}: ${what}`).toEqual({
          status: 400,
          body: { errorMessage: ENGINE_FETCH_REFUSED },
        });
      }
    }
    // Nothing reached the other service or the server's other routes, and the scene took no image.
    expect(internal.hits).toEqual([]);
    expect(files.hits).toEqual([]);
    const state = t.renderer.lastState();
    expect(state?.environment.backplate.imageUrl).toBeNull();
    expect(state?.environment.hdri.imageUrl).toBeNull();
    expect(state?.camera.compositionImageUrl).toBeNull();
  });

  it("fetches the server's signed file links and allow-listed hosts, and clears what it fetched on reset", async () => {
    const link = await download(`${filesBase}${LINK}/car.glb`);
    expect(link).toMatchObject({ Status: 'Completed', Error: '', BytesReceived: glb.length });
    const allowed = await download(`http://cdn.example.test:${cdn.port}/car.glb`);
    expect(allowed).toMatchObject({ Status: 'Completed', Error: '' });
    expect(await t.call('car', 'LoadCarByPath', { Path: allowed.Path })).toEqual({ status: 200, body: {} });

    for (const name of IMPORTS) {
      expect(await t.call('car', name, { Url: `http://cdn.example.test:${cdn.port}/image.png` }), name).toEqual({
        status: 200,
        body: {},
      });
    }
    const image = t.renderer.lastState()?.environment.backplate.imageUrl ?? '';
    expect(image).toMatch(/^images\/[0-9a-f]{32}\.png$/);
    expect(t.renderer.lastState()?.environment.hdri.imageUrl).toBe(image);
    expect(existsSync(path.join(t.dataDir, image))).toBe(true);

    for (const name of IMPORTS) {
      expect(await t.call('car', name, { Url: `${filesBase}${UPLOAD_LINK}` }), name).toEqual({ status: 200, body: {} });
    }
    expect(t.renderer.lastState()?.camera.compositionImageUrl).toMatch(/^images\/[0-9a-f]{32}\.png$/);
    expect(t.renderer.lastState()?.camera.compositionImageUrl).not.toBe(image);

    expect((await t.request('POST', ENGINE_CONTROL_ROUTES.reset)).status).toBe(200);
    expect(existsSync(path.join(t.dataDir, 'images'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'models'))).toBe(false);
    expect(t.renderer.lastState()?.environment.backplate.imageUrl).toBeNull();
  });

  it('fetches nothing at all without a files URL or an allow-list', async () => {
    const bare = await startTestEngine();
    try {
      expect(await bare.call('car', 'ImportandUpdateBackplate', { Url: `${filesBase}${LINK}/car.glb` })).toEqual({
        status: 400,
        body: { errorMessage: ENGINE_FETCH_REFUSED },
      });
      expect(files.hits).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
