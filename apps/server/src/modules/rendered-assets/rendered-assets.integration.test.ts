import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RENDER_THUMBNAIL_KIND,
  type ListResult,
  type LoginResponse,
  type RenderedAsset,
  type RenderedAssetItem,
} from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('rendered assets on $name', (database) => {
  let t: TestApp;
  let owner: LoginResponse;
  beforeAll(async () => {
    t = await startTestApp(database);
    owner = await t.createUser('rita');
    await t.app.renderedAssets.record(owner.user, {
      name: 'Terra front',
      category: 'Stills',
      type: 'image',
      brand: 'Autostudio',
      items: [
        {
          kind: 'Color ID',
          key: 'renders/a/front.png',
          fileName: 'front.png',
          contentType: 'image/png',
          size: 2048,
          width: 1920,
          height: 1080,
        },
        {
          kind: 'Depth',
          key: 'renders/a/front-depth.png',
          fileName: 'front-depth.png',
          contentType: 'image/png',
          size: 1024,
          width: 1920,
          height: 1080,
        },
      ],
    });
    await t.app.renderedAssets.record(owner.user, {
      name: 'Terra orbit',
      category: 'Videos',
      type: 'video',
      brand: 'Autostudio',
      items: [
        { kind: 'video', key: 'renders/b/orbit.mp4', fileName: 'orbit.mp4', contentType: 'video/mp4', size: 4096 },
      ],
    });
  });
  afterAll(() => t.close());

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${owner.accessToken}` } });

  it('lists renders with filters, thumbnails and item counts', async () => {
    const stills = (await get('/asset-rendered/filtered?type=image')).json<ListResult<RenderedAsset>>();
    expect(stills.total).toBe(1);
    expect(stills.items[0]).toMatchObject({
      name: 'Terra front',
      itemCount: 2,
      thumbnailUrl: '/api/media/renders/a/front.png',
    });
    const videos = (await get('/asset-rendered/filtered?category=Videos')).json<ListResult<RenderedAsset>>();
    expect(videos.items[0]).toMatchObject({ name: 'Terra orbit', thumbnailUrl: null });
  });

  it('counts a render’s files without its thumbnail: a still of one image has one file (issue 30)', async () => {
    const sam = await t.createUser('sam');
    await t.app.renderedAssets.record(sam.user, {
      name: 'One image',
      category: 'Stills',
      type: 'image',
      items: [
        { kind: 'image', key: 'renders/c/one.jpg', fileName: 'one.jpg', contentType: 'image/jpeg', size: 2048 },
        {
          kind: RENDER_THUMBNAIL_KIND,
          key: 'renders/c/thumb.jpg',
          fileName: 'thumb.jpg',
          contentType: 'image/jpeg',
          size: 512,
        },
      ],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/asset-rendered/filtered',
      headers: { authorization: `Bearer ${sam.accessToken}` },
    });
    expect(list.json<ListResult<RenderedAsset>>().items).toEqual([
      expect.objectContaining({ name: 'One image', itemCount: 1, thumbnailUrl: '/api/media/renders/c/thumb.jpg' }),
    ]);
  });

  it('returns the items of one render', async () => {
    const [asset] = (await get('/asset-rendered/filtered?search=front')).json<ListResult<RenderedAsset>>().items;
    const items = (await get(`/asset-rendered/${asset?.id ?? ''}/items`)).json<RenderedAssetItem[]>();
    expect(items.map((item) => [item.kind, item.width, item.height])).toEqual([
      ['Color ID', 1920, 1080],
      ['Depth', 1920, 1080],
    ]);
  });

  it('offers the filter options in use', async () => {
    expect((await get('/asset-rendered/filter-options')).json()).toEqual({
      categories: ['Stills', 'Videos'],
      types: ['image', 'video'],
      brands: ['Autostudio'],
    });
  });

  it('lists the newest render first, page after page (the gallery fills from the top)', async () => {
    const maker = await t.createUser('gale');
    for (const name of ['first', 'second', 'third']) {
      await t.app.renderedAssets.record(maker.user, { name, items: [] });
      // Apart by a few milliseconds, as renders are: the order is by creation time, not by chance.
      await sleep(5);
    }
    const page = async (n: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/asset-rendered/filtered?page=${n}&limit=2`,
          headers: { authorization: `Bearer ${maker.accessToken}` },
        })
      ).json<ListResult<RenderedAsset>>();
    const [one, two] = [await page(1), await page(2)];
    expect(one.items.map((asset) => asset.name)).toEqual(['third', 'second']);
    expect(two.items.map((asset) => asset.name)).toEqual(['first']);
    expect(one.total).toBe(3);
  });

  it('renames a render', async () => {
    const [asset] = (await get('/asset-rendered/filtered?search=orbit')).json<ListResult<RenderedAsset>>().items;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/asset-rendered/${asset?.id ?? ''}`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { name: 'Terra orbit, final', category: 'Hero' },
    });
    expect(response.json<RenderedAsset>()).toMatchObject({
      name: 'Terra orbit, final',
      category: 'Hero',
      type: 'video',
    });
  });
});
