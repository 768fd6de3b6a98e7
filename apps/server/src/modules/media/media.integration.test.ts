import http from 'node:http';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_COOKIE,
  mediaUrl,
  PRODUCT_MESSAGES,
  STATE_MESSAGES,
  type LoginResponse,
  type MediaCookieResponse,
  type User,
} from '@autostudio/protocol';
import type { StorageConfig } from '../../config.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { createBlobStore } from '../../storage/create-blob-store.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { ownerOrAdminMediaAccess } from './media-access.js';
import { testDatabases, type TestDatabase } from '../../test/test-databases.js';
import type { MediaAccess } from './media-access.js';

/** Every database with local storage, and S3 on one database: the routes do not care which store answers. */
const setups: { name: string; database: TestDatabase; storage: 'local' | 's3' }[] = [
  ...testDatabases.map((database) => ({
    name: `${database.name} with local storage`,
    database,
    storage: 'local' as const,
  })),
  { name: 'sqlite with S3 storage', database: testDatabases[0]!, storage: 's3' },
];

const PNG = 'not really a png, but ten times ten bytes'.padEnd(100, '.');

function cookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === MEDIA_COOKIE.name);
  if (!cookie) throw new Error(`no media cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

describe.each(setups)('media on $name', ({ database, storage }) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let store: BlobStore;
  let dana: LoginResponse;
  let eli: LoginResponse;
  let danaCookie: string;

  beforeAll(async () => {
    let storageConfig: StorageConfig | undefined;
    if (storage === 's3') {
      s3 = await startS3Server();
      storageConfig = { driver: 's3', ...s3.storeOptions() };
    }
    // The HTTP mechanics are tested with a simple policy; the product's rules have tests of their own.
    t = await startTestApp(database, storageConfig ? { storage: storageConfig } : {}, {
      mediaAccess: ownerOrAdminMediaAccess,
    });
    store = createBlobStore(t.config.storage);
    dana = await t.createUser('dana');
    eli = await t.createUser('eli');
    await store.put(`users/${dana.user.id}/backplate.png`, Readable.from([PNG]));
    await store.put(`users/${dana.user.id}/my car.glb`, Readable.from(['glTF']));
    await store.put(`users/${eli.user.id}/private.jpg`, Readable.from(['eli only']));
    danaCookie = cookieFrom(await getCookie(dana.accessToken));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await store.close();
    await t.close();
    await s3?.close();
  });

  const getCookie = (token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/aws-s3/auth-cookie',
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const fetchMedia = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { cookie: danaCookie, ...headers } });
  const backplate = () => mediaUrl(`users/${dana.user.id}/backplate.png`);
  /** A GET whose request line carries the path byte for byte. */
  const rawGet = async (rawPath: string, cookie: string) => {
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the test server is not listening');
    return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: address.port, path: rawPath, headers: { cookie } }, (response) => {
          text(response).then((body) => resolve({ statusCode: response.statusCode ?? 0, body }), reject);
        })
        .on('error', reject);
    });
  };

  describe('the media cookie', () => {
    it('is set for a signed-in user: signed, HttpOnly, SameSite=Lax, for media paths only, for an hour', async () => {
      const response = await getCookie(dana.accessToken);
      expect(response.statusCode).toBe(200);
      const body = response.json<MediaCookieResponse>();
      expect(body.expiresIn).toBe(3600);
      expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(3590 * 1000);
      const cookie = response.cookies.find((c) => c.name === MEDIA_COOKIE.name);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/media', maxAge: 3600 });
      expect(cookie).not.toHaveProperty('secure');
      // The value carries the user, the sign-in and the expiry, and a signature after them.
      expect(cookie!.value).toMatch(new RegExp(`^${dana.user.id}\\.[\\w-]+\\.\\d+\\.[\\w+/]+$`));
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('is refused without a Bearer token', async () => {
      const response = await getCookie();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: STATE_MESSAGES.authenticationFailed,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('is not marked Secure over plain HTTP, even when a client claims https without a trusted proxy', async () => {
      const response = await getCookie(dana.accessToken, { 'x-forwarded-proto': 'https' });
      expect(response.cookies.find((c) => c.name === MEDIA_COOKIE.name)).not.toHaveProperty('secure');
    });
  });

  describe('reading media', () => {
    it('serves a blob to its owner with the cookie, with type, length, validators and caching', async () => {
      const response = await fetchMedia(backplate());
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(PNG);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': '100',
        'accept-ranges': 'bytes',
        'cache-control': 'private, max-age=300',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(response.headers.etag).toMatch(/^"[^"]+"$/);
      expect(Date.parse(String(response.headers['last-modified']))).not.toBeNaN();
    });

    it('serves a blob to an API client with a Bearer token and no cookie', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: backplate(),
        headers: { authorization: `Bearer ${dana.accessToken}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(PNG);
    });

    it('finds a key with a space in it and types it by extension', async () => {
      const response = await fetchMedia(mediaUrl(`users/${dana.user.id}/my car.glb`));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('model/gltf-binary');
      expect(response.body).toBe('glTF');
    });

    it.each([
      ['no credentials', {}],
      [
        'a cookie with a forged signature',
        { cookie: `${MEDIA_COOKIE.name}=${'x'.repeat(36)}.9999999999.c2lnbmF0dXJl` },
      ],
      ['a malformed cookie', { cookie: `${MEDIA_COOKIE.name}=garbage` }],
    ])('answers 401 to %s', async (_case, headers) => {
      const response = await t.app.inject({ method: 'GET', url: backplate(), headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: STATE_MESSAGES.authenticationFailed,
      });
    });

    it('answers 401 to a cookie whose value was changed to another user', async () => {
      const signature = danaCookie.slice(danaCookie.lastIndexOf('.'));
      const expiry = danaCookie.split('.')[1]!;
      const swapped = `${MEDIA_COOKIE.name}=${eli.user.id}.${expiry}${signature}`;
      const response = await t.app.inject({
        method: 'GET',
        url: mediaUrl(`users/${eli.user.id}/private.jpg`),
        headers: { cookie: swapped },
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers 401 to a properly signed cookie that has expired', async () => {
      const expired = t.app.signCookie(`${dana.user.id}.${Math.floor(Date.now() / 1000) - 1}`);
      const response = await t.app.inject({
        method: 'GET',
        url: backplate(),
        headers: { cookie: `${MEDIA_COOKIE.name}=${encodeURIComponent(expired)}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it("answers 403 for another user's blob, before saying whether it exists", async () => {
      for (const key of [`users/${eli.user.id}/private.jpg`, `users/${eli.user.id}/no-such.jpg`, 'renders/x.png']) {
        const response = await fetchMedia(mediaUrl(key));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: PRODUCT_MESSAGES.forbidden });
      }
    });

    it("lets an administrator read anyone's blob", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: mediaUrl(`users/${eli.user.id}/private.jpg`),
        headers: { authorization: `Bearer ${await t.adminToken()}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('eli only');
      expect(response.headers['content-type']).toBe('image/jpeg');
    });

    it('answers 404 for a missing blob the user could read', async () => {
      const response = await fetchMedia(mediaUrl(`users/${dana.user.id}/gone.png`));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: PRODUCT_MESSAGES.notFound });
    });

    // Sent as they are over a real socket: an HTTP client library would resolve the dot segments first.
    it.each([
      (id: string) => `/api/media/users/${id}/../../users/${id}/backplate.png`,
      (id: string) => `/api/media/users/${id}/%2e%2e/%2e%2e/users/${id}/backplate.png`,
      (id: string) => `/api/media/users/${id}/..%2F..%2Fsecret`,
      (id: string) => `/api/media/users/${id}//backplate.png`,
      (id: string) => `/api/media/users/${id}/a%5Cb.png`,
      () => '/api/media/',
    ])('refuses the path %s with 400', async (url) => {
      const response = await rawGet(url(dana.user.id), danaCookie);
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: PRODUCT_MESSAGES.invalidMediaKey,
      });
    });
  });

  describe('ranges', () => {
    it.each([
      ['bytes=10-19', 10, 19],
      ['bytes=90-', 90, 99],
      ['bytes=-5', 95, 99],
      ['bytes=95-1000', 95, 99],
      ['bytes=-1000', 0, 99],
    ])('answers %s with 206 and the bytes asked for', async (range, start, end) => {
      const response = await fetchMedia(backplate(), { range });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/100`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.body).toBe(PNG.slice(start, end + 1));
    });

    it.each(['bytes=100-', 'bytes=500-600', 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
      const response = await fetchMedia(backplate(), { range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */100');
      expect(response.json()).toEqual({
        statusCode: 416,
        error: 'Range Not Satisfiable',
        message: PRODUCT_MESSAGES.rangeNotSatisfiable(100),
      });
    });

    it.each(['bytes=0-1,5-6', 'items=0-5', 'bytes=5-2', 'bytes=x-y'])(
      'ignores the range %s and sends the whole blob',
      async (range) => {
        const response = await fetchMedia(backplate(), { range });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(PNG);
      },
    );

    it('honours If-Range only while the entity tag still matches', async () => {
      const { etag } = (await fetchMedia(backplate(), {}, 'HEAD')).headers;
      const matching = await fetchMedia(backplate(), { range: 'bytes=0-3', 'if-range': String(etag) });
      expect(matching.statusCode).toBe(206);
      const stale = await fetchMedia(backplate(), { range: 'bytes=0-3', 'if-range': '"some-older-version"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(PNG);
    });
  });

  describe('HEAD and revalidation', () => {
    it('answers HEAD with the headers of GET and no body', async () => {
      const response = await fetchMedia(backplate(), {}, 'HEAD');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe('100');
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers.etag).toBeDefined();
      expect(response.body).toBe('');
      const ranged = await fetchMedia(backplate(), { range: 'bytes=0-9' }, 'HEAD');
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe('bytes 0-9/100');
      expect(ranged.body).toBe('');
    });

    it('answers 304 without a body when the entity tag matches', async () => {
      const first = await fetchMedia(backplate());
      const etag = String(first.headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await fetchMedia(backplate(), { 'if-none-match': ifNoneMatch });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('private, max-age=300');
      }
      const changed = await fetchMedia(backplate(), { 'if-none-match': '"other"' });
      expect(changed.statusCode).toBe(200);
    });

    it('answers 304 when the blob has not changed since the given date', async () => {
      const { 'last-modified': lastModified } = (await fetchMedia(backplate(), {}, 'HEAD')).headers;
      expect((await fetchMedia(backplate(), { 'if-modified-since': String(lastModified) })).statusCode).toBe(304);
      const earlier = new Date(Date.parse(String(lastModified)) - 60_000).toUTCString();
      expect((await fetchMedia(backplate(), { 'if-modified-since': earlier })).statusCode).toBe(200);
    });
  });
});

describe('the media cookie behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases[0]!, { trustProxy: true }, { mediaAccess: ownerOrAdminMediaAccess });
  });
  afterAll(() => t.close());

  it('is marked Secure when the proxy says the request came over https', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/aws-s3/auth-cookie',
      headers: { authorization: `Bearer ${await t.adminToken()}`, 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === MEDIA_COOKIE.name)).toMatchObject({ secure: true });
  });
});

describe('the media access seam', () => {
  const asked: { user: User; key: string }[] = [];
  const sharedOnly: MediaAccess = {
    async canReadMedia(user, key) {
      asked.push({ user, key });
      return key.startsWith('shared/');
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases[0]!, {}, { mediaAccess: sharedOnly });
    const store = createBlobStore(t.config.storage);
    await store.put('shared/look.json', Readable.from(['{}']));
    await store.close();
  });
  afterAll(() => t.close());

  it('asks the injected rules with the caller and the key, and obeys them', async () => {
    const { accessToken, user } = await t.createUser('fay');
    const headers = { authorization: `Bearer ${accessToken}` };
    const allowed = await t.app.inject({ method: 'GET', url: '/api/media/shared/look.json', headers });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toBe('application/json');
    const own = await t.app.inject({ method: 'GET', url: `/api/media/users/${user.id}/a.png`, headers });
    expect(own.statusCode).toBe(403);
    expect(asked).toEqual([
      { user, key: 'shared/look.json' },
      { user, key: `users/${user.id}/a.png` },
    ]);
  });
});
