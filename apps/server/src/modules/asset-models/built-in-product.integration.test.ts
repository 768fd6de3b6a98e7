import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BUILT_IN_PRODUCT,
  type AssetModel,
  type ListResult,
  type LoginResponse,
  type ModelDownloadLink,
} from '@autostudio/protocol';
import { openDatabase } from '../../db/database.js';
import { createBlobStore } from '../../storage/create-blob-store.js';
import { multipartBody, tinyGlb } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { FILE_LINK_MESSAGES, FILE_LINK_TTL_SECONDS } from '../../storage/signed-file-links.js';
import { seedBuiltInProduct } from './seed-built-in-product.js';

describe.each(testDatabases)('the built-in car and signed model links on $name', (database) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-built-in-'));
  const modelFile = path.join(folder, 'terra.glb');
  const glb = tinyGlb();
  let t: TestApp;
  let ada: LoginResponse;
  let bob: LoginResponse;
  let terra: AssetModel;

  beforeAll(async () => {
    fs.writeFileSync(modelFile, glb);
    t = await startTestApp(database, { builtInModelFile: modelFile });
    ada = await t.createUser('ada');
    bob = await t.createUser('bob');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const as = (user: LoginResponse, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${user.accessToken}` } });
  const linkFor = async (user: LoginResponse, id: string) => {
    const response = await as(user, 'POST', `/asset-model/${id}/download-link`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ModelDownloadLink>();
  };
  /** What an engine does: a plain GET of the URL, no token, no cookie. */
  const download = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('is seeded once, public, with the trims as its configuration', async () => {
    const list = await as(ada, 'GET', '/asset-model/filtered');
    const items = list.json<ListResult<AssetModel>>().items;
    expect(items).toHaveLength(1);
    terra = items[0]!;
    expect(terra).toMatchObject({
      name: BUILT_IN_PRODUCT.name,
      modelId: BUILT_IN_PRODUCT.modelId,
      isPublic: true,
      fileName: 'terra.glb',
      fileSize: glb.length,
      settings: { configOptions: { trims: [...BUILT_IN_PRODUCT.trims] } },
    });
    // A second start (or a second server copy) finds it and adds nothing.
    const database = openDatabase(t.config.database);
    const storage = createBlobStore(t.config.storage);
    try {
      expect(await seedBuiltInProduct({ db: database.db, storage, modelFile, log: t.app.log })).toBe('exists');
    } finally {
      await storage.close();
      await database.close();
    }
    expect((await as(bob, 'GET', '/asset-model/filtered')).json<ListResult<AssetModel>>().total).toBe(1);
  });

  it('is skipped with a clear outcome when the model file is missing', async () => {
    const fresh = await startTestApp(testDatabases[0]!, { builtInModelFile: path.join(folder, 'absent.glb') });
    try {
      const admin = await fresh.adminToken();
      const list = await fresh.app.inject({
        method: 'GET',
        url: '/api/asset-model/filtered',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(list.json<ListResult<AssetModel>>().total).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('gives an engine a link to the file that works without a cookie or token', async () => {
    const link = await linkFor(ada, terra.id);
    expect(link.url).toMatch(/^http:\/\/.+\/api\/asset-model-file\/[\w-]+\.\d+\.[\w-]+\/terra\.glb$/);
    const response = await download(link.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(glb.length));
    expect(Buffer.compare(response.rawPayload, glb)).toBe(0);
  });

  it('refuses a link that was tampered with or pointed at another file', async () => {
    const link = await linkFor(ada, terra.id);
    const url = new URL(link.url);
    const [, , , token = '', fileName = ''] = url.pathname.split('/');
    const [id = '', expires = '', mac = ''] = token.split('.');
    for (const pathname of [
      // Another model's id, a later expiry, a changed signature, another file name, no token at all.
      `/api/asset-model-file/00000000-0000-4000-8000-000000000000.${expires}.${mac}/${fileName}`,
      `/api/asset-model-file/${id}.${Number(expires) + 3600}.${mac}/${fileName}`,
      `/api/asset-model-file/${id}.${expires}.${mac.slice(0, -2)}xx/${fileName}`,
      `/api/asset-model-file/${token}/other.glb`,
      `/api/asset-model-file/not-a-token/${fileName}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: pathname });
      expect(response.statusCode, pathname).toBe(403);
      expect(response.json()).toMatchObject({ message: FILE_LINK_MESSAGES.invalid });
    }
  });

  it('refuses an expired link', async () => {
    const link = await linkFor(ada, terra.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (FILE_LINK_TTL_SECONDS + 1) * 1000);
    const response = await download(link.url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: FILE_LINK_MESSAGES.expired });
  });

  it('gives links only to those who may see the model, and none to a deleted one', async () => {
    const body = await multipartBody({ name: 'Prototype' }, { file: { name: 'proto.glb', content: tinyGlb() } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/asset-model',
      headers: { ...body.headers, authorization: `Bearer ${await t.adminToken()}` },
      payload: body.payload,
    });
    const prototype = created.json<AssetModel>();
    expect(prototype.isPublic).toBe(false);
    expect((await as(ada, 'POST', `/asset-model/${prototype.id}/download-link`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/asset-model/${prototype.id}/download-link` })).statusCode,
    ).toBe(401);

    const admin = { accessToken: await t.adminToken() } as LoginResponse;
    const link = await linkFor(admin, prototype.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/asset-model/${prototype.id}/delete`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect((await download(link.url)).statusCode).toBe(404);
  });
});
