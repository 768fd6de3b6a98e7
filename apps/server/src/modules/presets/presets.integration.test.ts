import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, type ListResult, type Preset } from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('presets on $name', (database) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    owner = (await t.createUser('pia')).accessToken;
    other = (await t.createUser('oli')).accessToken;
  });
  afterAll(() => t.close());

  const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  const create = async (token: string, body: object) => {
    const response = await call(token, 'POST', '/preset', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Preset>();
  };

  it('creates a preset with settings as a JSON string and reads it back', async () => {
    const preset = await create(owner, {
      name: 'Warm Look',
      type: 'postProcess',
      category: 'Looks',
      settings: '{"GlobalSaturation":1.2}',
    });
    expect(preset).toMatchObject({
      name: 'Warm Look',
      type: 'postProcess',
      category: 'Looks',
      settings: '{"GlobalSaturation":1.2}',
      isDefault: false,
    });
    const again = await call(owner, 'GET', `/preset/id/${preset.id}`);
    expect(again.json<Preset>()).toEqual(preset);
  });

  it('refuses settings that are not a JSON string', async () => {
    const response = await call(owner, 'POST', '/preset', { name: 'Broken', type: 'postProcess', settings: '{nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/settings/);
  });

  it('lists categories without "default"', async () => {
    await create(owner, { name: 'Plain', type: 'postProcess' });
    await create(owner, { name: 'Cold', type: 'postProcess', category: 'Cinematic' });
    const categories = (await call(owner, 'GET', '/preset/categories?type=postProcess')).json<string[]>();
    expect(categories).toEqual(expect.arrayContaining(['Cinematic', 'Looks']));
    expect(categories).not.toContain('default');
  });

  it('pages, filters and searches', async () => {
    const page = (await call(owner, 'GET', '/preset/filtered?type=postProcess&search=warm&page=1&limit=5')).json<
      ListResult<Preset>
    >();
    expect(page.total).toBe(1);
    expect(page.items[0]?.name).toBe('Warm Look');
    const beyond = (await call(owner, 'GET', '/preset/filtered?page=50&limit=5')).json<ListResult<Preset>>();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBeGreaterThanOrEqual(3);
  });

  it('copies a preset with the copy suffix', async () => {
    const original = await create(owner, { name: 'Orbit', type: 'animation', settings: '{"frames":[]}' });
    const copy = await create(owner, { copyOf: original.id, type: 'animation' });
    expect(copy.name).toBe('Orbit copy');
    expect(copy.settings).toBe(original.settings);
    expect(copy.id).not.toBe(original.id);
  });

  it('keeps a preset private until it is shared, and stops when the share is revoked', async () => {
    const preset = await create(owner, { name: 'Secret', type: 'postProcess' });
    expect((await call(other, 'GET', `/preset/id/${preset.id}`)).statusCode).toBe(404);
    const otherId = (await call(other, 'GET', '/auth/verify')).json<{ id: string }>().id;
    const shared = await call(owner, 'PUT', `/preset/${preset.id}/share/user`, { userIds: [otherId] });
    expect(shared.statusCode).toBe(200);
    expect(shared.json<Preset>().sharedUsers.map((user) => user.id)).toEqual([otherId]);
    expect((await call(other, 'GET', `/preset/id/${preset.id}`)).statusCode).toBe(200);
    // Shared to read, not to change.
    expect((await call(other, 'PUT', `/preset/${preset.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    await call(owner, 'PUT', `/preset/${preset.id}/share/user`, { userIds: [otherId], remove: true });
    expect((await call(other, 'GET', `/preset/id/${preset.id}`)).statusCode).toBe(404);
  });

  it('lists everyone’s presets to an administrator, private ones included, by type and category', async () => {
    const secret = await create(owner, { name: 'Backstage Look', type: 'postProcess', category: 'Backstage' });
    const admin = await t.adminToken();
    const page = (
      await call(admin, 'GET', '/preset/filtered?type=postProcess&category=Backstage&page=1&limit=20')
    ).json<ListResult<Preset>>();
    expect(page.items.map((preset) => preset.id)).toEqual([secret.id]);
    const stranger = (await call(other, 'GET', '/preset/filtered?category=Backstage')).json<ListResult<Preset>>();
    expect(stranger.total).toBe(0);
  });

  describe('default presets', () => {
    // Everyone sees a default preset, so refusing a change to one says so (403) instead of pretending it is missing.
    const changes = (id: string, userId: string, groupId: string) =>
      [
        ['renames', 'PUT', `/preset/${id}`, { name: 'Mine now' }],
        ['unmarks as default', 'PUT', `/preset/${id}`, { isDefault: false }],
        ['marks as default', 'PUT', `/preset/${id}`, { isDefault: true }],
        ['shares with users', 'PUT', `/preset/${id}/share/user`, { userIds: [userId] }],
        ['shares with groups', 'PUT', `/preset/${id}/share/group`, { groupIds: [groupId] }],
        ['deletes', 'PUT', `/preset/${id}/delete`, undefined],
      ] as const;

    let admin: string;
    let userId: string;
    let groupId: string;
    beforeAll(async () => {
      admin = await t.adminToken();
      userId = (await call(other, 'GET', '/auth/verify')).json<{ id: string }>().id;
      const group = await call(admin, 'POST', '/user-groups', { name: 'Default preset viewers' });
      expect(group.statusCode, group.body).toBe(201);
      groupId = group.json<{ id: string }>().id;
    });

    it('answers 403 with a message when a plain user changes a default preset someone else made', async () => {
      const preset = await create(admin, { name: 'Studio Neutral', type: 'postProcess', isDefault: true });
      expect((await call(other, 'GET', `/preset/id/${preset.id}`)).statusCode).toBe(200);
      for (const [what, method, url, body] of changes(preset.id, userId, groupId)) {
        const response = await call(other, method, url, body);
        expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(PRODUCT_MESSAGES.defaultPresetForbidden);
      }
      const unchanged = (await call(other, 'GET', `/preset/id/${preset.id}`)).json<Preset>();
      expect(unchanged).toMatchObject({ name: 'Studio Neutral', isDefault: true, sharedUsers: [], sharedGroups: [] });
    });

    it('answers 403 to the owner too once an administrator has made their preset a default', async () => {
      const preset = await create(owner, { name: 'Promoted', type: 'postProcess' });
      expect((await call(admin, 'PUT', `/preset/${preset.id}`, { isDefault: true })).statusCode).toBe(200);
      const response = await call(owner, 'PUT', `/preset/${preset.id}`, { name: 'Demoted' });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(PRODUCT_MESSAGES.defaultPresetForbidden);
    });

    it('lets administrators and moderators change default presets', async () => {
      const moderator = (await t.createUser('mo', ['moderator'])).accessToken;
      const preset = await create(admin, { name: 'Golden Hour', type: 'postProcess', isDefault: true });
      for (const [what, method, url, body] of changes(preset.id, userId, groupId)) {
        const response = await call(moderator, method, url, body);
        expect(response.statusCode, `${what}: ${response.body}`).toBe(url.endsWith('/delete') ? 204 : 200);
        if (what === 'unmarks as default') await call(moderator, 'PUT', `/preset/${preset.id}`, { isDefault: true });
      }
      const another = await create(moderator, { name: 'Blue Hour', type: 'postProcess', isDefault: true });
      expect((await call(admin, 'PUT', `/preset/${another.id}`, { category: 'Evening' })).statusCode).toBe(200);
      expect((await call(admin, 'PUT', `/preset/${another.id}/delete`)).statusCode).toBe(204);
    });
  });

  it('deletes with PUT …/delete: gone from lists and 404 by id', async () => {
    const preset = await create(owner, { name: 'Doomed', type: 'postProcess' });
    expect((await call(owner, 'PUT', `/preset/${preset.id}/delete`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/preset/id/${preset.id}`)).statusCode).toBe(404);
    const list = (await call(owner, 'GET', '/preset?type=postProcess')).json<Preset[]>();
    expect(list.map((item) => item.id)).not.toContain(preset.id);
  });
});
