import fs from 'node:fs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  ENGINE_OBJECT_PATHS,
  pathTo,
  type EngineObjectKey,
  type LoginResponse,
  type SessionResponse,
  type Upload,
  type UploadEngineLink,
} from '@autostudio/protocol';
import { multipartBody } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { ENGINE_CLI } from '../engines/local-engine-provider.js';

/** A solid colour no studio backdrop has. */
const MAGENTA = [255, 0, 255] as const;

function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i += 1) png.data.set([r, g, b, 255], i * 4);
  return PNG.sync.write(png);
}

/** A tiny equirectangular Radiance HDR, flat (uncompressed) scanlines of a warm sky: what an HDRI upload is. */
function flatHdr(width: number, height: number): Buffer {
  const header = Buffer.from(`#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y ${height} +X ${width}\n`, 'ascii');
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) pixels.set([200, 120, 60, 129], i * 4);
  return Buffer.concat([header, pixels]);
}

/** The mean colour of the picture's top band, where the backdrop shows above the car. */
function topBand(image: Buffer): { r: number; g: number; b: number } {
  const png = PNG.sync.read(image);
  const rows = Math.max(1, Math.floor(png.height / 6));
  const sum = { r: 0, g: 0, b: 0 };
  for (let i = 0; i < png.width * rows; i += 1) {
    sum.r += png.data[i * 4] ?? 0;
    sum.g += png.data[i * 4 + 1] ?? 0;
    sum.b += png.data[i * 4 + 2] ?? 0;
  }
  const count = png.width * rows;
  return { r: sum.r / count, g: sum.g / count, b: sum.b / count };
}

/**
 * All real: a user uploads images to the server, gets signed links for them, and a reference engine (three.js in
 * headless Chromium, started by the server's local provider) fetches them for ImportandUpdateBackplate,
 * ImportandApplyCubemap and ImportandUpdateCompositionGuide, as the web app's panels will ask it to. The engine's
 * fetch policy lets only the server's signed links through, so this is the path the product depends on. Run under
 * `flock /tmp/chromium.lock`.
 */
describe('uploaded images reach a reference engine through signed links', () => {
  let t: TestApp;
  let user: LoginResponse;
  let origin: string;
  let instanceId: string;

  beforeAll(async () => {
    if (!fs.existsSync(ENGINE_CLI)) throw new Error(`${ENGINE_CLI} is missing: build first (tsc -b)`);
    t = await startTestApp(testDatabases[0]!, {
      engines: {
        provider: 'local',
        max: 1,
        warm: 0,
        instances: [],
        sessionTimeoutSeconds: 90,
        heartbeatTimeoutSeconds: 30,
      },
    });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.createUser('ursula-uploads');
    const response = await fetch(`${origin}${API_BASE}${API_ROUTES.sessions.allocate}`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    const session = (await response.json()) as SessionResponse;
    expect(response.status, JSON.stringify(session)).toBe(200);
    instanceId = session.sessionDetails?.instanceId ?? '';
  }, 120_000);
  afterAll(() => t.close());

  const api = async <T>(route: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${origin}${API_BASE}${route}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${user.accessToken}` },
    });
    const body = (await response.json()) as T;
    expect(response.ok, JSON.stringify(body)).toBe(true);
    return body;
  };
  /** As the web app does: upload the file, then ask for the link an engine can fetch. */
  const engineLinkFor = async (name: string, content: Buffer): Promise<string> => {
    const form = await multipartBody({}, { file: { name, content } });
    const upload = await api<Upload>(API_ROUTES.uploads.create, {
      method: 'POST',
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    const link = await api<UploadEngineLink>(pathTo(API_ROUTES.uploads.engineLink, { id: upload.id }), {
      method: 'POST',
    });
    return link.url;
  };
  const engineCall = async (object: EngineObjectKey, functionName: string, parameters: object = {}) => {
    const response = await fetch(`http://${instanceId}/remote/object/call`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ objectPath: ENGINE_OBJECT_PATHS[object], functionName, parameters }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const still = async () => {
    const { status, body } = await engineCall('camera', 'RenderStill', { Width: 96, Height: 54, Samples: 1 });
    expect(status, JSON.stringify(body)).toBe(200);
    return topBand(Buffer.from(String(body.Image), 'base64'));
  };

  it('shows an uploaded backplate behind the car', { timeout: 120_000 }, async () => {
    const before = await still();
    const url = await engineLinkFor('magenta backplate.png', solidPng(32, 18, MAGENTA));
    expect(await engineCall('car', 'ImportandUpdateBackplate', { Url: url })).toEqual({ status: 200, body: {} });
    const after = await still();
    // The studio's grey gives way to the magenta plate: strong red and blue, little green.
    expect(after.r - after.g).toBeGreaterThan(100);
    expect(after.b - after.g).toBeGreaterThan(100);
    expect(Math.abs(before.r - before.g)).toBeLessThan(40);
    // And it goes when the backplate is switched off.
    expect((await engineCall('car', 'ToggleBackplateSwitch', { Value: false })).status).toBe(200);
    const off = await still();
    expect(Math.abs(off.r - off.g)).toBeLessThan(40);
  });

  it(
    'lights the scene with an uploaded HDRI and takes an uploaded composition guide',
    { timeout: 120_000 },
    async () => {
      // The HDRI backdrop shows its neutral overcast sky until an image is applied.
      expect((await engineCall('car', 'LoadEnvironmentbyPath', { Path: 'HDRIBackdrop' })).status).toBe(200);
      const before = await still();
      const hdri = await engineLinkFor('warm sky.hdr', flatHdr(16, 8));
      expect(new URL(hdri).pathname).toMatch(/\.hdr$/);
      expect(await engineCall('car', 'ImportandApplyCubemap', { Url: hdri })).toEqual({ status: 200, body: {} });
      const after = await still();
      expect(
        Math.abs(after.r - before.r) + Math.abs(after.g - before.g) + Math.abs(after.b - before.b),
      ).toBeGreaterThan(20);

      const guide = await engineLinkFor('guide.png', solidPng(64, 36, [255, 255, 255]));
      expect(await engineCall('car', 'ImportandUpdateCompositionGuide', { Url: guide })).toEqual({
        status: 200,
        body: {},
      });
    },
  );

  it('fetches nothing of the server but signed links: the image behind its cookie-guarded address is refused', async () => {
    const url = await engineLinkFor('plain.png', solidPng(4, 4, MAGENTA));
    const { pathname } = new URL(url);
    const [, , , , fileName = ''] = pathname.split('/');
    const media = `${origin}${API_BASE}${API_ROUTES.media}/uploads/x/${fileName}`;
    expect((await engineCall('car', 'ImportandUpdateBackplate', { Url: media })).status).toBe(400);
  });
});
