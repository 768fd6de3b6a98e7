import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LoginResponse, type Preset, type Upload, type UploadEngineLink } from '@autostudio/protocol';
import { FILE_LINK_MESSAGES, FILE_LINK_TTL_SECONDS } from '../../storage/signed-file-links.js';
import { multipartBody, PNG_1X1 } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/** A Radiance HDR header and one pixel: what the upload sniffing takes as an HDRI. */
const HDR_1X1 = Buffer.concat([
  Buffer.from('#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 1 +X 1\n', 'ascii'),
  Buffer.from([128, 128, 128, 129]),
]);

/**
 * Engines fetch backplates, HDRI backdrops and composition guides from plain URLs, without the user's cookie or
 * token. A signed-in user who may read an upload gets a short-lived link to its image that works without either;
 * nobody else gets one, and a link that expired, was forged or names another file opens nothing.
 */
describe.each(testDatabases)('engine links to uploads on $name', (database) => {
  let t: TestApp;
  let uma: LoginResponse;
  let sid: LoginResponse;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    uma = await t.createUser('uma-links');
    sid = await t.createUser('sid-links');
    admin = await t.adminToken();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const request = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const uploaded = async (token: string, file = { name: 'backplate.png', content: PNG_1X1 }, groupId?: string) => {
    const body = await multipartBody(groupId ? { groupId } : {}, { file });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Upload>();
  };
  const linkFor = (token: string, id: string) => request(token, 'POST', `/upload/${id}/engine-link`);
  const link = async (token: string, id: string) => {
    const response = await linkFor(token, id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UploadEngineLink>();
  };
  /** What an engine does: a plain GET of the URL, no token, no cookie. */
  const fetchAsEngine = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('gives the owner a link that opens the image without cookie or token, for a while', async () => {
    const image = await uploaded(uma.accessToken);
    const before = Date.now();
    const answer = await link(uma.accessToken, image.id);
    expect(answer.url).toMatch(/^http:\/\/.+\/api\/upload-file\/[\w-]+\.\d+\.[\w-]+\/backplate\.png$/);
    const expiresIn = Date.parse(answer.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan((FILE_LINK_TTL_SECONDS - 5) * 1000);
    expect(expiresIn).toBeLessThanOrEqual((FILE_LINK_TTL_SECONDS + 1) * 1000);
    const response = await fetchAsEngine(answer.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(response.rawPayload, PNG_1X1)).toBe(0);
    // The image's usual address still wants a sign-in.
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(401);
  });

  it("ends the link in the image's real extension, which engines pick their loader by", async () => {
    const hdri = await uploaded(uma.accessToken, { name: 'studio sky.png', content: HDR_1X1 });
    expect(hdri.contentType).toBe('image/vnd.radiance');
    const answer = await link(uma.accessToken, hdri.id);
    expect(new URL(answer.url).pathname).toMatch(/\/studio-sky\.hdr$/);
    const response = await fetchAsEngine(answer.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/vnd.radiance');
  });

  it('gives links to an administrator and to whoever sees a preset showing the upload, and to nobody else', async () => {
    const first = await uploaded(uma.accessToken);
    const groupId = first.groupId ?? '';
    expect((await linkFor(sid.accessToken, first.id)).statusCode).toBe(404);
    expect((await linkFor(admin, first.id)).statusCode).toBe(200);

    const preset = await request(uma.accessToken, 'POST', '/preset', { type: 'animation', name: 'Orbit', groupId });
    expect(preset.statusCode, preset.body).toBe(201);
    const share = (remove: boolean) =>
      request(uma.accessToken, 'PUT', `/preset/${preset.json<Preset>().id}/share/user`, {
        userIds: [sid.user.id],
        remove,
      });
    expect((await share(false)).statusCode).toBe(200);
    expect((await fetchAsEngine((await link(sid.accessToken, first.id)).url)).statusCode).toBe(200);
    expect((await share(true)).statusCode).toBe(200);
    expect((await linkFor(sid.accessToken, first.id)).statusCode).toBe(404);
  });

  it('keeps a long file name within what the router takes', async () => {
    const image = await uploaded(uma.accessToken, { name: `${'long name '.repeat(11)}.png`, content: PNG_1X1 });
    const answer = await link(uma.accessToken, image.id);
    expect(new URL(answer.url).pathname).toMatch(/\/long-name-[\w-]+\.png$/);
    expect((await fetchAsEngine(answer.url)).statusCode).toBe(200);
  });

  it('wants a signed-in user, and answers an unknown upload 404', async () => {
    const image = await uploaded(uma.accessToken);
    expect((await t.app.inject({ method: 'POST', url: `/api/upload/${image.id}/engine-link` })).statusCode).toBe(401);
    expect((await linkFor(uma.accessToken, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses a link that was tampered with or pointed at another upload or file', async () => {
    const mine = await uploaded(uma.accessToken);
    const theirs = await uploaded(sid.accessToken);
    const url = new URL((await link(uma.accessToken, mine.id)).url);
    const [, , , token = '', fileName = ''] = url.pathname.split('/');
    const [id = '', expires = '', mac = ''] = token.split('.');
    for (const pathname of [
      // Someone else's upload, a later expiry, a changed signature, another file name, no token at all.
      `/api/upload-file/${theirs.id}.${expires}.${mac}/${fileName}`,
      `/api/upload-file/${id}.${Number(expires) + 3600}.${mac}/${fileName}`,
      `/api/upload-file/${id}.${expires}.${mac.slice(0, -2)}xx/${fileName}`,
      `/api/upload-file/${token}/other.png`,
      `/api/upload-file/not-a-token/${fileName}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: pathname });
      expect(response.statusCode, pathname).toBe(403);
      expect(response.json()).toMatchObject({ message: FILE_LINK_MESSAGES.invalid });
    }
  });

  it("does not open an asset model's file with an upload's link, nor the other way round", async () => {
    const image = await uploaded(uma.accessToken);
    const { pathname } = new URL((await link(uma.accessToken, image.id)).url);
    const response = await t.app.inject({
      method: 'GET',
      url: pathname.replace('/upload-file/', '/asset-model-file/'),
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an expired link', async () => {
    const image = await uploaded(uma.accessToken);
    const answer = await link(uma.accessToken, image.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (FILE_LINK_TTL_SECONDS + 1) * 1000);
    const response = await fetchAsEngine(answer.url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: FILE_LINK_MESSAGES.expired });
  });

  it('opens nothing once the upload is deleted', async () => {
    const image = await uploaded(uma.accessToken);
    const answer = await link(uma.accessToken, image.id);
    expect((await request(uma.accessToken, 'DELETE', `/upload/id/${image.id}`)).statusCode).toBe(204);
    expect((await fetchAsEngine(answer.url)).statusCode).toBe(404);
  });
});
