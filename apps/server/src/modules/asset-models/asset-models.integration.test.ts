import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetModel, ListResult } from '@autostudio/protocol';
import { openDatabase } from '../../db/database.js';
import { multipartBody, PNG_1X1, tinyGlb } from '../../test/multipart.js';
import { RenderCache } from '../render/cache/render-cache.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('asset models on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; content: Buffer }> = {},
  ) => {
    const body = await multipartBody(fields, files);
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
  };
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${admin}` } });
  const glb = { name: 'terra.glb', content: tinyGlb() };

  it('creates a product with its model file, preview and engine settings', async () => {
    const settings = { unrealParams: { LevelPath: '/Game/Terra' }, configOptions: { trims: 3 } };
    const response = await send(
      'POST',
      '/asset-model',
      {
        name: 'Terra',
        category: 'SUV',
        type: 'Car',
        brand: 'Autostudio',
        region: 'europe',
        settings: JSON.stringify(settings),
      },
      { file: glb, previewFile: { name: 'terra.png', content: PNG_1X1 } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const model = response.json<AssetModel>();
    expect(model).toMatchObject({
      name: 'Terra',
      version: 1,
      fileName: 'terra.glb',
      fileSize: glb.content.length,
      settings,
    });
    expect(model.modelUrl).toMatch(/^\/api\/media\/asset-models\/.+\/terra\.glb$/);
    expect(model.previewUrl).toMatch(/terra\.png$/);
  });

  it('keeps versions: a new file makes version 2, and only the newest is listed by default', async () => {
    const first = (
      await send('POST', '/asset-model', { name: 'Versioned', brand: 'Lumen' }, { file: glb })
    ).json<AssetModel>();
    const second = (
      await send('PUT', `/asset-model/${first.id}`, { description: 'New wheels' }, { file: glb })
    ).json<AssetModel>();
    expect(second).toMatchObject({ modelId: first.modelId, version: 2, description: 'New wheels', name: 'Versioned' });

    const latest = (await get('/asset-model/filtered?search=versioned')).json<ListResult<AssetModel>>();
    expect(latest.items.map((model) => model.version)).toEqual([2]);
    const all = (await get('/asset-model/filtered?search=versioned&latestVersion=false')).json<
      ListResult<AssetModel>
    >();
    expect(all.items.map((model) => model.version)).toEqual([2, 1]);
    // Version 1 stays readable by id.
    expect((await get(`/asset-model/id/${first.id}`)).json<AssetModel>().version).toBe(1);
  });

  it('changes metadata in place when no file is sent', async () => {
    const model = (await send('POST', '/asset-model', { name: 'Meta' }, { file: glb })).json<AssetModel>();
    const updated = (await send('PUT', `/asset-model/${model.id}`, { region: 'asia' })).json<AssetModel>();
    expect(updated).toMatchObject({ id: model.id, version: 1, region: 'asia' });
  });

  it('keeps the metadata an update or a new version does not name', async () => {
    const metadata = {
      description: 'Seven seats',
      category: 'SUV',
      type: 'Car',
      brand: 'Lumen',
      region: 'europe',
    };
    const settings = { unrealParams: { LevelPath: '/Game/Kept' }, configOptions: {} };
    const model = (
      await send(
        'POST',
        '/asset-model',
        { name: 'Kept', ...metadata, settings: JSON.stringify(settings) },
        { file: glb },
      )
    ).json<AssetModel>();
    const renamed = await send('PUT', `/asset-model/${model.id}`, { name: 'Kept II' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(`/asset-model/id/${model.id}`)).json<AssetModel>()).toMatchObject({
      name: 'Kept II',
      ...metadata,
      settings,
    });
    const version = await send('PUT', `/asset-model/${model.id}`, {}, { file: glb });
    expect(version.statusCode, version.body).toBe(200);
    expect(version.json<AssetModel>()).toMatchObject({ name: 'Kept II', version: 2, ...metadata, settings });
  });

  it('filters by category, brand and region, and offers the options in use', async () => {
    const options = (await get('/asset-model/filter-options')).json<{
      categories: string[];
      regions: string[];
      brands: string[];
      types: string[];
    }>();
    expect(options.categories).toEqual(['SUV']);
    expect(options.brands).toEqual(['Autostudio', 'Lumen']);
    expect(options.regions).toEqual(expect.arrayContaining(['asia', 'europe']));
    const suv = (await get('/asset-model/filtered?category=SUV&brand=Autostudio&region=europe')).json<
      ListResult<AssetModel>
    >();
    expect(suv.items.map((model) => model.name)).toEqual(['Terra']);
  });

  it('deletes every version at once', async () => {
    const first = (await send('POST', '/asset-model', { name: 'Gone' }, { file: glb })).json<AssetModel>();
    const second = (await send('PUT', `/asset-model/${first.id}`, {}, { file: glb })).json<AssetModel>();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/asset-model/${second.id}/delete`,
          headers: { authorization: `Bearer ${admin}` },
        })
      ).statusCode,
    ).toBe(204);
    expect((await get(`/asset-model/id/${first.id}`)).statusCode).toBe(404);
    const all = (await get('/asset-model/filtered?search=gone&latestVersion=false')).json<ListResult<AssetModel>>();
    expect(all.total).toBe(0);
  });

  it('drops the renders kept of a model when its engine settings change or it is deleted, and no one else’s', async () => {
    const handle = openDatabase(t.config.database);
    try {
      const cache = new RenderCache(handle.db, t.app.renderQueue.storage);
      const file = { name: 'still.jpg', kind: 'Beauty', contentType: 'image/jpeg', body: Buffer.from('jpeg') };
      const first = (await send('POST', '/asset-model', { name: 'Cached' }, { file: glb })).json<AssetModel>();
      const second = (await send('PUT', `/asset-model/${first.id}`, {}, { file: glb })).json<AssetModel>();
      const other = (await send('POST', '/asset-model', { name: 'Other' }, { file: glb })).json<AssetModel>();
      const keep = (hash: string, id: string) => cache.keep(hash, id, [file]);
      await keep('a'.repeat(64), first.id);
      await keep('b'.repeat(64), second.id);
      await keep('c'.repeat(64), other.id);

      // A new name draws nothing new; new engine settings do.
      await send('PUT', `/asset-model/${second.id}`, { name: 'Cached again' });
      expect(await cache.find('b'.repeat(64))).toBeDefined();
      await send('PUT', `/asset-model/${second.id}`, { settings: JSON.stringify({ configOptions: { trims: 2 } }) });
      expect(await cache.find('b'.repeat(64))).toBeUndefined();
      expect(await cache.find('a'.repeat(64))).toBeDefined();

      // Deleted, every version's renders go, files and all.
      const [kept] = (await cache.find('a'.repeat(64))) ?? [];
      await t.app.inject({
        method: 'PUT',
        url: `/api/asset-model/${first.id}/delete`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(await cache.find('a'.repeat(64))).toBeUndefined();
      expect(await t.app.renderQueue.storage.stat(kept?.key ?? '')).toBeNull();
      expect(await cache.find('c'.repeat(64))).toBeDefined();
    } finally {
      await handle.close();
    }
  });
});
