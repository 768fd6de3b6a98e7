import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_ROUTES,
  BUILT_IN_PRODUCT,
  CONFIG_STILL,
  RENDER_MESSAGES,
  pathTo,
  type AssetModel,
  type Config,
  type ListResult,
  type RenderedAsset,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { multipartBody } from '../../test/multipart.js';
import { startRenderingTestApp, type RenderingTestApp } from '../../test/rendering-test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { configStillHash } from '../configs/config-still-hash.js';
import { openDatabase } from '../../db/database.js';
import { StillsRepository, stillModelKey, stillModelsOf } from '../configs/stills.repository.js';
import { configStillJobId } from './config-stills.js';

/** How long a test waits for a still to be rendered. */
const STILL_WAIT_MS = 30_000;
// As in model-previews.integration.test.ts: the tests outlast their own waits under a loaded run.
vi.setConfig({ testTimeout: STILL_WAIT_MS + 15_000 });

/**
 * The cache of configuration stills: saving a configuration renders a still of exactly its settings on a render
 * engine (a real reference engine over the recording renderer) through the render queue, while the save answers at
 * once; configurations with the same settings share it, and whoever may see one of them reads it.
 */
describe.each(testDatabases)('configuration stills on $name', (database) => {
  let t: TestApp;
  let engine: TestEngine;
  let rendering: RenderingTestApp;
  let owner: string;
  let stranger: string;
  let friend: { token: string; id: string };
  let admin: string;
  let settings: SavedConfigSettings;

  beforeAll(async () => {
    rendering = await startRenderingTestApp(database);
    ({ t, engine } = rendering);
    admin = await t.adminToken();
    owner = (await t.createUser('still-owner')).accessToken;
    stranger = (await t.createUser('still-stranger')).accessToken;
    const login = await t.createUser('still-friend');
    friend = { token: login.accessToken, id: login.user.id };
    // The built-in car, which every user may see: the still loads it with the owner's access.
    const list = await get(
      admin,
      `${API_ROUTES.assetModels.filtered}?search=${encodeURIComponent(BUILT_IN_PRODUCT.name)}`,
    );
    const car = list.json<ListResult<AssetModel>>().items.find((item) => item.modelId === BUILT_IN_PRODUCT.modelId);
    if (!car) throw new Error('no built-in car');
    settings = {
      app: { product: { id: car.id } },
      scene: { cameraSpot: 'Exterior', timeOfDay: 'Default', sunDirection: 130 },
      carConfig: { paint: 'glacier white' },
      camera: { focalLength: 45, crane: { yaw: 30, pitch: 10, distance: 600 } },
    };
  }, 60_000);
  afterAll(() => rendering.close());

  function get(token: string, url: string) {
    return t.app.inject({
      method: 'GET',
      url: url.startsWith('/api') ? url : `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }
  async function save(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
    const body = await multipartBody(fields, {});
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...body.headers, authorization: `Bearer ${owner}` },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
    return response.json<Config>();
  }
  const create = (name: string, saved: unknown) =>
    save('POST', API_ROUTES.configs.create, { name, settings: JSON.stringify(saved) });
  /** The configuration's still once it has one. */
  const stillOf = (id: string) =>
    vi.waitFor(
      async () => {
        const config = (await get(owner, pathTo(API_ROUTES.configs.byId, { id }))).json<Config>();
        expect(config.stillUrl).not.toBeNull();
        return config.stillUrl ?? '';
      },
      { timeout: STILL_WAIT_MS, interval: 100 },
    );
  /** The still as served: a JPEG of the still format's size. */
  const expectStill = async (token: string, url: string) => {
    const response = await get(token, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const { format, width, height } = await sharp(response.rawPayload).metadata();
    expect({ format, width, height }).toEqual({
      format: 'jpeg',
      width: CONFIG_STILL.settings.Width,
      height: CONFIG_STILL.settings.Height,
    });
  };
  const imageRenders = () => engine.renderer.calls.filter((call) => call.kind === 'image');
  /** The paint the engine's scene had when it last rendered (the engine resets after each job). */
  const paintAtLastRender = () => {
    let paint: string | undefined;
    let rendered: string | undefined;
    for (const call of engine.renderer.calls) {
      if (call.kind === 'apply' || call.kind === 'start') paint = call.state.car.paint;
      if (call.kind === 'image') rendered = paint;
    }
    return rendered;
  };
  /** True once nothing is queued or rendering: with the renders counted, whether a job ran. */
  const queueIdle = async () => {
    await t.app.configStills.settled();
    return (await t.app.renderQueue.jobs.holders()).length === 0;
  };

  let firstId: string;
  let firstStill: string;

  it('renders a still of a saved configuration after answering the save, for whoever may see it', async () => {
    const config = await create('Hero', settings);
    // The save does not wait for the render.
    expect(config.stillUrl).toBeNull();
    firstId = config.id;
    firstStill = await stillOf(config.id);
    expect(firstStill).toMatch(/^\/api\/media\/stills\/[0-9a-f]{64}\.jpg$/);
    await expectStill(owner, firstStill);
    // The engine was asked for the still format, with the configuration's car and paint put in first.
    const request = imageRenders().at(-1);
    expect(request?.kind === 'image' && { width: request.request.width, height: request.request.height }).toEqual({
      width: CONFIG_STILL.settings.Width,
      height: CONFIG_STILL.settings.Height,
    });
    expect(engine.renderer.calls.some((call) => call.kind === 'loadModel')).toBe(true);
    expect(paintAtLastRender()).toBe('glacier white');
    // The same job exported the car as configured beside the still, for the share links of these settings.
    const hash = configStillHash(settings);
    const exports = engine.renderer.calls.flatMap((call) => (call.kind === 'exportCar' ? [call.format] : []));
    expect(exports.slice(-2)).toEqual(['GLB', 'USDZ']);
    const handle = openDatabase(t.config.database);
    const row = await new StillsRepository(handle.db).find(hash).finally(() => handle.close());
    expect(stillModelsOf(row)).toEqual([
      { format: 'GLB', key: stillModelKey(hash, 'GLB'), size: 3 },
      { format: 'USDZ', key: stillModelKey(hash, 'USDZ'), size: 4 },
    ]);
    expect((await buffer(await t.app.renderQueue.storage.get(stillModelKey(hash, 'GLB')))).toString()).toBe('GLB');
    // Only share links serve them: the media route, which serves the still, does not.
    expect((await get(owner, `/api/media/${stillModelKey(hash, 'GLB')}`)).statusCode).toBe(403);

    // Media access: administrators, and whoever may see the configuration; a stranger gets what any media they may
    // not read answers, as for a still that does not exist.
    await expectStill(admin, firstStill);
    const refused = await get(stranger, firstStill);
    const unknown = await get(stranger, `/api/media/stills/${'0'.repeat(64)}.jpg`);
    expect(refused.statusCode).toBe(403);
    expect({ status: unknown.statusCode, body: unknown.body }).toEqual({
      status: refused.statusCode,
      body: refused.body,
    });
    expect((await get(friend.token, firstStill)).statusCode).toBe(403);
    const shared = await t.app.inject({
      method: 'PUT',
      url: `/api${pathTo(API_ROUTES.configs.shareUser, { id: config.id })}`,
      headers: { authorization: `Bearer ${owner}` },
      payload: { userIds: [friend.id] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    await expectStill(friend.token, firstStill);

    // The still is the server's own job: not the owner's render job, nor a rendered asset of theirs.
    const job = await t.app.renderQueue.jobs.find(configStillJobId(configStillHash(settings)));
    expect(job).toMatchObject({ kind: 'configStill', status: 'completed' });
    expect((await get(owner, pathTo(API_ROUTES.render.status, { jobId: job?.id ?? '' }))).statusCode).not.toBe(200);
    const assets = (await get(owner, API_ROUTES.renderedAssets.filtered)).json<ListResult<RenderedAsset>>();
    expect(assets.total).toBe(0);
  });

  it('shares one still between configurations saved with the same settings, and renders a new one for a new paint', async () => {
    const rendersBefore = imageRenders().length;
    // The same settings, written in another key order.
    const reordered = Object.fromEntries(Object.entries(settings).reverse());
    const twin = await create('Twin', reordered);
    // Its still is there at once: nothing to render.
    expect(twin.stillUrl).toBe(firstStill);
    await vi.waitFor(async () => expect(await queueIdle()).toBe(true), { timeout: STILL_WAIT_MS, interval: 50 });
    expect(imageRenders().length).toBe(rendersBefore);

    // A new paint is a new picture: until it is rendered, the configuration shows none (not the old paint's).
    const repainted = { ...settings, carConfig: { paint: 'cobalt blue' } };
    const updated = await save('PUT', pathTo(API_ROUTES.configs.update, { id: firstId }), {
      settings: JSON.stringify(repainted),
    });
    expect(updated.stillUrl).toBeNull();
    const newStill = await vi.waitFor(
      async () => {
        const url = await stillOf(firstId);
        expect(url).not.toBe(firstStill);
        return url;
      },
      { timeout: STILL_WAIT_MS, interval: 100 },
    );
    await expectStill(owner, newStill);
    expect(imageRenders().length).toBe(rendersBefore + 1);
    expect(paintAtLastRender()).toBe('cobalt blue');
    // The twin keeps the still of its own settings; renaming changes no picture and renders nothing.
    expect(await stillOf(twin.id)).toBe(firstStill);
    const renamed = await save('PUT', pathTo(API_ROUTES.configs.update, { id: twin.id }), { name: 'Twin renamed' });
    expect(renamed.stillUrl).toBe(firstStill);
  });

  it('takes a still whose picture is in the render cache from there, without an engine', async () => {
    const hash = configStillHash(settings);
    // The still and its job gone (as a clean-up would leave it): the configurations' index has it no more.
    const handle = openDatabase(t.config.database);
    try {
      await handle.db.deleteFrom('stills').where('hash', '=', hash).execute();
      await handle.db.deleteFrom('render_jobs').where('id', '=', configStillJobId(hash)).execute();
    } finally {
      await handle.close();
    }
    const rendersBefore = imageRenders().length;
    const exportsBefore = engine.renderer.calls.filter((call) => call.kind === 'exportCar').length;
    const again = await create('Again', settings);
    expect(again.stillUrl).toBeNull();
    await expectStill(owner, await stillOf(again.id));
    // Copied from the render cache, the car's files with it: the engine drew and exported nothing.
    expect(imageRenders().length).toBe(rendersBefore);
    expect(engine.renderer.calls.filter((call) => call.kind === 'exportCar').length).toBe(exportsBefore);
    // The still is published a moment before its job is recorded completed.
    await vi.waitFor(
      async () =>
        expect(await t.app.renderQueue.jobs.find(configStillJobId(hash))).toMatchObject({
          status: 'completed',
          message: RENDER_MESSAGES.fromCache,
        }),
      { timeout: 5000, interval: 50 },
    );
    const reopened = openDatabase(t.config.database);
    const row = await new StillsRepository(reopened.db).find(hash).finally(() => reopened.close());
    expect(stillModelsOf(row).map((model) => model.format)).toEqual(['GLB', 'USDZ']);
  });

  it('keeps a configuration saved, without a still, when its still cannot be rendered', async () => {
    // A car that is not there: the render fails while preparing the scene.
    const broken = { ...settings, app: { product: { id: randomUUID() } } };
    const config = await create('No such car', broken);
    const job = await vi.waitFor(
      async () => {
        const row = await t.app.renderQueue.jobs.find(configStillJobId(configStillHash(broken)));
        expect(row?.status).toBe('failed');
        return row;
      },
      { timeout: STILL_WAIT_MS, interval: 100 },
    );
    expect(job?.error).toMatch(/car cannot be rendered/);
    const saved = (await get(owner, pathTo(API_ROUTES.configs.byId, { id: config.id }))).json<Config>();
    expect(saved).toMatchObject({ name: 'No such car', settings: broken, stillUrl: null });
    // Saving it again queues nothing: the failed still is the hash's, as a rendered one would be.
    await save('PUT', pathTo(API_ROUTES.configs.update, { id: config.id }), { settings: JSON.stringify(broken) });
    await t.app.configStills.settled();
    expect((await t.app.renderQueue.jobs.find(job?.id ?? ''))?.attempts).toBe(1);
  });
});
