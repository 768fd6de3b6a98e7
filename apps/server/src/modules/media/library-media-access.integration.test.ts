import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetModel, Config, LoginResponse, Preset, Upload } from '@autostudio/protocol';
import { createBlobStore } from '../../storage/create-blob-store.js';
import { multipartBody, PNG_1X1, tinyGlb } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/** The product's media rule: a stored file is readable by whoever may see the item it belongs to. */
describe.each(testDatabases)('media access by item on $name', (database) => {
  let t: TestApp;
  let owner: LoginResponse;
  let stranger: LoginResponse;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    owner = await t.createUser('mona');
    stranger = await t.createUser('stan');
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const media = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const post = async <T>(
    token: string,
    url: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; content: Buffer }>,
  ) => {
    const body = await multipartBody(fields, files);
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<T>();
  };
  const put = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });

  it('an upload: its owner reads it; a stranger only once an animation using its group is shared', async () => {
    const upload = await post<Upload>(
      owner.accessToken,
      '/api/upload',
      {},
      { file: { name: 'f1.png', content: PNG_1X1 } },
    );
    const read = await media(upload.url, owner.accessToken);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG_1X1)).toBe(true);
    expect((await media(upload.url, stranger.accessToken)).statusCode).toBe(403);

    const preset = await t.app.inject({
      method: 'POST',
      url: '/api/preset',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { name: 'Orbit', type: 'animation', groupId: upload.groupId },
    });
    const { id, previewImageMapping } = preset.json<Preset>();
    expect(previewImageMapping).toEqual({ [upload.id]: upload.url });
    await put(owner.accessToken, `/api/preset/${id}/share/user`, { userIds: [stranger.user.id] });
    expect((await media(upload.url, stranger.accessToken)).statusCode).toBe(200);
  });

  it('a configuration preview follows the configuration’s shares', async () => {
    const config = await post<Config>(
      owner.accessToken,
      '/api/config',
      { name: 'Look', settings: '{}' },
      { imageFile: { name: 'p.png', content: PNG_1X1 } },
    );
    const url = config.imageUrl ?? '';
    expect((await media(url, owner.accessToken)).statusCode).toBe(200);
    expect((await media(url, stranger.accessToken)).statusCode).toBe(403);
    await put(owner.accessToken, `/api/config/${config.id}/share/user`, { userIds: [stranger.user.id] });
    expect((await media(url, stranger.accessToken)).statusCode).toBe(200);
  });

  it('an asset model file follows the model’s shares, across versions', async () => {
    const model = await post<AssetModel>(
      admin,
      '/api/asset-model',
      { name: 'Terra' },
      { file: { name: 'terra.glb', content: tinyGlb() } },
    );
    const url = model.modelUrl ?? '';
    expect((await media(url, admin)).statusCode).toBe(200);
    expect((await media(url, stranger.accessToken)).statusCode).toBe(403);
    await put(admin, `/api/asset-model/${model.id}/share/user`, { userIds: [stranger.user.id] });
    const read = await media(url, stranger.accessToken);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('model/gltf-binary');
  });

  it('a render’s files follow the render’s shares', async () => {
    const store = createBlobStore(t.config.storage);
    await store.put('renders/r1/front.png', Readable.from([PNG_1X1]));
    const asset = await t.app.renderedAssets.record(owner.user, {
      name: 'Front',
      items: [
        {
          kind: 'Color ID',
          key: 'renders/r1/front.png',
          fileName: 'front.png',
          contentType: 'image/png',
          size: PNG_1X1.length,
        },
      ],
    });
    const url = asset.thumbnailUrl ?? '';
    expect((await media(url, owner.accessToken)).statusCode).toBe(200);
    expect((await media(url, stranger.accessToken)).statusCode).toBe(403);
    await put(owner.accessToken, `/api/asset-rendered/${asset.id}/share/user`, { userIds: [stranger.user.id] });
    expect((await media(url, stranger.accessToken)).statusCode).toBe(200);
    await store.close();
  });

  it('the files a render job wrote follow the shares of the render they became', async () => {
    // The render worker records a job's outputs where it wrote them, under render-jobs/<jobId>/.
    const store = createBlobStore(t.config.storage);
    await store.put('render-jobs/j1/dusk.png', Readable.from([PNG_1X1]));
    const asset = await t.app.renderedAssets.record(owner.user, {
      name: 'Dusk',
      items: [
        { kind: 'Beauty', key: 'render-jobs/j1/dusk.png', fileName: 'dusk.png', contentType: 'image/png', size: 1 },
      ],
    });
    const url = asset.thumbnailUrl ?? '';
    expect((await media(url, owner.accessToken)).statusCode).toBe(200);
    expect((await media(url, stranger.accessToken)).statusCode).toBe(403);
    await put(owner.accessToken, `/api/asset-rendered/${asset.id}/share/user`, { userIds: [stranger.user.id] });
    expect((await media(url, stranger.accessToken)).statusCode).toBe(200);
    await store.close();
  });

  it('a deleted item takes its files with it', async () => {
    const config = await post<Config>(
      owner.accessToken,
      '/api/config',
      { name: 'Gone', settings: '{}' },
      { imageFile: { name: 'p.png', content: PNG_1X1 } },
    );
    await put(owner.accessToken, `/api/config/${config.id}/delete`, {});
    expect((await media(config.imageUrl ?? '', owner.accessToken)).statusCode).toBe(403);
  });
});
