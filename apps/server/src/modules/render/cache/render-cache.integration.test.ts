import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetModel, StillRenderRequest, User } from '@autostudio/protocol';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../db/database.js';
import { LocalBlobStore } from '../../../storage/local-blob-store.js';
import { testDatabases } from '../../../test/test-databases.js';
import { RenderCache } from './render-cache.js';
import { RenderCacheKeys } from './render-cache-keys.js';

const RENDER = { engineInstances: [] } as const;
const owner = (id: string): Promise<User> => Promise.resolve({ id, username: id, name: id, roles: ['user'] });
const still = (overrides: Partial<StillRenderRequest> = {}) =>
  ({
    renderType: 'Default',
    selectedPasses: ['Color ID'],
    resolutionPreset: '720p',
    imageFormat: 'JPG',
    antiAliasSpatial: 8,
    antiAliasTemporal: 8,
    carShadowMode: 'WithGround',
    quality: 'MEDIUM',
    metadata: { name: 'Still', description: '', category: '', brand: '', configId: null },
    ...overrides,
  }) satisfies StillRenderRequest;

/** What keys a cached render: everything that draws differently, and nothing that does not. */
describe('the keys of the render cache', () => {
  let model: Pick<AssetModel, 'id' | 'version' | 'fileName' | 'fileSize' | 'settings' | 'name'>;
  const keys = RenderCacheKeys.of({ render: { ...RENDER } } as never, { get: async () => model as AssetModel }, owner);
  const withCar = { app: { product: { id: 'model-1' } }, carConfig: { paint: 'rallye red' } };
  beforeAll(() => {
    model = { id: 'model-1', version: 1, fileName: 'car.glb', fileSize: 100, settings: {} as never, name: 'Car' };
  });

  it('one still, one key, whatever the metadata or the order of the passes', async () => {
    const key = await keys.still('u1', still(), withCar);
    expect(await keys.still('u1', still({ metadata: { ...still().metadata, name: 'Other' } }), withCar)).toBe(key);
    const multi = (passes: StillRenderRequest['selectedPasses']) =>
      keys.still('u1', still({ renderType: 'Multi Pass', selectedPasses: passes }), withCar);
    expect(await multi(['Depth', 'Color ID'])).toBe(await multi(['Color ID', 'Depth']));
    expect(await multi(['Depth'])).not.toBe(await multi(['Color ID', 'Depth']));
  });

  it('a new key for another paint, size, quality, model version or model setting; not for a new model name', async () => {
    const key = await keys.still('u1', still(), withCar);
    expect(await keys.still('u1', still(), { ...withCar, carConfig: { paint: 'cobalt blue' } })).not.toBe(key);
    expect(await keys.still('u1', still({ resolutionPreset: '1080p' }), withCar)).not.toBe(key);
    expect(await keys.still('u1', still({ quality: 'HIGH' }), withCar)).not.toBe(key);
    model = { ...model, name: 'Renamed' };
    expect(await keys.still('u1', still(), withCar)).toBe(key);
    model = { ...model, version: 2 };
    expect(await keys.still('u1', still(), withCar)).not.toBe(key);
    // The studio's composition guide is the viewport's, never a render's.
    const guided = { ...withCar, scene: { compositionGuide: 'Thirds', compositionGuideOpacity: 0.4 } };
    expect(await keys.still('u1', still(), guided)).toBe(await keys.still('u1', still(), withCar));
  });
});

describe.each(testDatabases)('the render cache on $name', (database) => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let storage: LocalBlobStore;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-render-cache-'));
    const created = await database.create(dataDir);
    drop = () => created.drop();
    handle = openDatabase(created.config);
    await migrateToLatest(handle.db);
    storage = new LocalBlobStore(path.join(dataDir, 'files'));
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const file = (name: string, body: string) => ({
    name,
    kind: 'Beauty',
    contentType: 'image/png',
    body: Buffer.from(body),
    width: 4,
    height: 2,
  });

  it('finds what was kept, from another instance as after a restart; the first keep of a hash stands', async () => {
    await new RenderCache(handle.db, storage).keep('h1', 'model-1', [file('Beauty.png', 'first')]);
    await new RenderCache(handle.db, storage).keep('h1', 'model-1', [file('Beauty.png', 'first')]);
    const restarted = new RenderCache(handle.db, storage);
    const found = await restarted.find('h1');
    expect(found).toEqual([
      { kind: 'Beauty', key: 'render-cache/h1/Beauty.png', contentType: 'image/png', size: 5, width: 4, height: 2 },
    ]);
    expect((await restarted.read(found![0]!)).toString()).toBe('first');
    expect(await restarted.find('h2')).toBeUndefined();
  });

  it('forgets an entry whose file has gone from the store, so that it renders again', async () => {
    const cache = new RenderCache(handle.db, storage);
    await cache.keep('h3', null, [file('Beauty.png', 'x')]);
    await storage.delete('render-cache/h3/Beauty.png');
    expect(await cache.find('h3')).toBeUndefined();
    const row = await handle.db.selectFrom('render_cache').selectAll().where('hash', '=', 'h3').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("drops every render of an asset model with their files, and no other model's", async () => {
    const cache = new RenderCache(handle.db, storage);
    await cache.keep('m1', 'model-9', [file('Beauty.png', 'a')]);
    await cache.keep('m2', 'model-9', [file('Beauty.png', 'b')]);
    await cache.keep('m3', 'model-8', [file('Beauty.png', 'c')]);
    expect(await cache.dropModel('model-9')).toBe(2);
    expect(await cache.find('m1')).toBeUndefined();
    expect(await storage.stat('render-cache/m2/Beauty.png')).toBeNull();
    expect(await cache.find('m3')).toBeDefined();
  });
});
