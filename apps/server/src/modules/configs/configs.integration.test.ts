import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, ListResult } from '@autostudio/protocol';
import { multipartBody, PNG_1X1 } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

const SETTINGS = {
  app: { product: { id: 'terra' } },
  scene: { cameraSpot: 'Exterior', sunDirection: 130, timeOfDay: 'Default' },
  carConfig: { trim: 'Terra Limited', paint: 'glacier white' },
  camera: { focalLength: 45 },
  postProcess: { params: { GlobalSaturationOut: 0 }, selectedPreset: null, presetBrowser: {} },
  imageUpload: { imageId: null, previewUrl: null },
  customEnvironmentalLights: [],
};

describe.each(testDatabases)('configurations on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    token = (await t.createUser('cleo')).accessToken;
  });
  afterAll(() => t.close());

  const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, withImage = false) => {
    const body = await multipartBody(
      fields,
      withImage ? { imageFile: { name: 'snapshot.png', content: PNG_1X1 } } : {},
    );
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });

  it('saves a configuration with its preview snapshot and loads it back', async () => {
    const response = await send(
      'POST',
      '/config',
      { name: 'Launch look', description: 'Hero shot', projectPath: '/Game/Terra', settings: JSON.stringify(SETTINGS) },
      true,
    );
    expect(response.statusCode, response.body).toBe(201);
    const config = response.json<Config>();
    expect(config).toMatchObject({
      name: 'Launch look',
      description: 'Hero shot',
      projectPath: '/Game/Terra',
      settings: SETTINGS,
    });
    expect(config.imageUrl).toMatch(new RegExp(`^/api/media/configs/${config.id}/preview-`));
    expect((await get(`/config/id/${config.id}`)).json<Config>()).toEqual(config);
  });

  it('updates the name without touching the settings, then replaces the preview', async () => {
    const created = (
      await send('POST', '/config', { name: 'Draft', settings: JSON.stringify(SETTINGS) }, true)
    ).json<Config>();
    const renamed = (await send('PUT', `/config/${created.id}`, { name: 'Final' })).json<Config>();
    expect(renamed).toMatchObject({ name: 'Final', settings: SETTINGS, imageUrl: created.imageUrl });
    const newPreview = (await send('PUT', `/config/${created.id}`, {}, true)).json<Config>();
    expect(newPreview.imageUrl).not.toBe(created.imageUrl);
  });

  it('keeps the description and project path when an update names only the name', async () => {
    const created = (
      await send('POST', '/config', {
        name: 'Hero',
        description: 'Dusk shot',
        projectPath: '/Game/Terra',
        settings: JSON.stringify(SETTINGS),
      })
    ).json<Config>();
    const renamed = await send('PUT', `/config/${created.id}`, { name: 'Hero v2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(`/config/id/${created.id}`)).json<Config>()).toMatchObject({
      name: 'Hero v2',
      description: 'Dusk shot',
      projectPath: '/Game/Terra',
    });
    // A field named empty is still cleared: only what the update leaves out is kept.
    const cleared = (await send('PUT', `/config/${created.id}`, { description: '' })).json<Config>();
    expect(cleared).toMatchObject({ name: 'Hero v2', description: '', projectPath: '/Game/Terra' });
  });

  it('refuses settings of the wrong kind, saying which field, and stores nothing', async () => {
    const settings = JSON.stringify({ scene: { sunDirection: 'west' } });
    const response = await send('POST', '/config', { name: 'Broken sun', settings }, true);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('body.settings.scene.sunDirection');
    const search = (await get('/config/filtered?search=broken')).json<ListResult<Config>>();
    expect(search.total).toBe(0);
  });

  it('lists the most recently changed first, with search', async () => {
    await send('POST', '/config', { name: 'Alpha', settings: '{}' });
    await send('POST', '/config', { name: 'Beta', settings: '{}' });
    const page = (await get('/config/filtered?page=1&limit=2')).json<ListResult<Config>>();
    expect(page.items.map((config) => config.name)).toEqual(['Beta', 'Alpha']);
    expect(page.total).toBeGreaterThanOrEqual(4);
    const search = (await get('/config/filtered?search=alp')).json<ListResult<Config>>();
    expect(search.items.map((config) => config.name)).toEqual(['Alpha']);
  });
});
