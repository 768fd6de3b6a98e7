import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@autostudio/protocol';
import { multipartBody, PNG_1X1 } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('uploads on $name', (database) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    owner = (await t.createUser('uma')).accessToken;
    stranger = (await t.createUser('sid')).accessToken;
  });
  afterAll(() => t.close());

  const upload = async (
    token: string,
    fields: Record<string, string>,
    file?: { name: string; content: Buffer | string },
  ) => {
    const body = await multipartBody(fields, file ? { file } : {});
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
  const storedFiles = () => {
    const root = path.join(t.config.dataDir, 'storage', 'uploads');
    return fs.existsSync(root) ? fs.readdirSync(root) : [];
  };

  it('stores an image and answers id, url and filename', async () => {
    const response = await upload(owner, { filename: 'Backplate One.png' }, { name: 'bp.png', content: PNG_1X1 });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Upload>();
    expect(body).toMatchObject({
      filename: 'Backplate One.png',
      contentType: 'image/png',
      size: PNG_1X1.length,
    });
    expect(body.url).toMatch(new RegExp(`^/api/media/uploads/${body.id}/`));
    expect((await get(owner, `/upload/id/${body.id}`)).json<Upload>()).toEqual(body);
    const group = await get(owner, `/upload/group/${body.groupId}`);
    expect(group.json<Upload[]>().map((item) => item.id)).toEqual([body.id]);
  });

  it('judges a file by its content, not its name', async () => {
    const before = storedFiles().length;
    const response = await upload(owner, {}, { name: 'innocent.png', content: 'MZ this is not an image at all' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/not a PNG, JPEG, WebP, GIF, HDR or EXR file/);
    expect(storedFiles()).toHaveLength(before);
  });

  it('sanitises the stored name', async () => {
    const response = await upload(owner, {}, { name: '../../etc/pass wd.png', content: PNG_1X1 });
    expect(response.statusCode).toBe(201);
    const { url } = response.json<Upload>();
    expect(url).not.toContain('..');
    expect(decodeURIComponent(url)).toMatch(/\/pass wd\.png$/);
  });

  it('asks for the file when it is missing', async () => {
    const response = await upload(owner, { filename: 'x.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/file/);
  });

  it('refuses a second file part with 400 and stores neither file', async () => {
    const before = storedFiles().length;
    const form = new FormData();
    for (const name of ['one.png', 'two.png']) form.append('file', new Blob([new Uint8Array(PNG_1X1)]), name);
    const encoded = new Response(form);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${owner}`, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('file: only one file is accepted in this field');
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a body that is not multipart, and a malformed one', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${owner}` },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('keeps uploads from strangers: 404 to read, and no deleting', async () => {
    const created = (await upload(owner, {}, { name: 'mine.png', content: PNG_1X1 })).json<Upload>();
    expect((await get(stranger, `/upload/id/${created.id}`)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/id/${created.id}`,
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(del.statusCode).toBe(404);
    expect((await get(stranger, `/upload/group/${created.groupId}`)).statusCode).toBe(404);
  });

  it('deletes the record and the stored file', async () => {
    const created = (await upload(owner, {}, { name: 'bye.png', content: PNG_1X1 })).json<Upload>();
    expect(storedFiles()).toContain(created.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/id/${created.id}`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(del.statusCode).toBe(204);
    expect(storedFiles()).not.toContain(created.id);
    expect((await get(owner, `/upload/id/${created.id}`)).statusCode).toBe(404);
  });
});
