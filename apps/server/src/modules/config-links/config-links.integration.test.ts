import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_MESSAGES,
  PUBLIC_VIEWER_PATH,
  type Config,
  type ConfigLink,
  type PublicConfigView,
} from '@autostudio/protocol';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { createdId, send, type MatrixRequest } from '../../test/matrix-requests.js';
import { PNG_1X1, tinyGlb } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { StillsRepository, stillKey, stillModelKey } from '../configs/stills.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Not a real picture: the store and the route pass bytes through, so any bytes tell whether the still was served. */
const STILL_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(600, 7),
  Buffer.from([0xff, 0xd9]),
]);

const settingsFor = (carId: string, paint: string) => ({
  app: { product: { id: carId } },
  scene: { cameraSpot: 'Exterior', timeOfDay: 'Sunset', currentEnvironment: '/Game/Environments/Desert_Road' },
  carConfig: { trim: 'Terra Limited', paint },
  postProcess: { toneMapper: 'AgX' },
});

describe.each(testDatabases)('configuration share links on $name', (database) => {
  let t: TestApp;
  let owner: string;
  let handle: DatabaseHandle;
  let carId: string;

  beforeAll(async () => {
    t = await startTestApp(database);
    owner = (await t.createUser('link-owner')).accessToken;
    handle = openDatabase(t.config.database);
    carId = createdId(
      await send(t, await t.adminToken(), {
        method: 'POST',
        url: '/api/asset-model',
        multipart: {
          fields: { name: 'Terra', brand: 'Terra Motors' },
          files: { file: { name: 'car.glb', content: tinyGlb() } },
        },
      }),
    );
    // The owner's configuration names the car, which is the administrator's; the link shows its name all the same.
  });
  afterAll(async () => {
    await handle.close();
    await t.close();
  });

  /**
   * A saved configuration of the owner's, with its save snapshot unless `snapshot` is false. Configurations of the
   * same settings share one still: a suite's test that wants none of its own picks another paint.
   */
  const saveConfig = async (name: string, snapshot = true, paint = 'glacier white') =>
    createdId(
      await send(t, owner, {
        method: 'POST',
        url: '/api/config',
        multipart: {
          fields: { name, description: 'For the launch', settings: JSON.stringify(settingsFor(carId, paint)) },
          ...(snapshot ? { files: { imageFile: { name: 'snapshot.png', content: PNG_1X1 } } } : {}),
        },
      }),
    );
  const createLink = async (configId: string, json?: object) => {
    const request: MatrixRequest = { method: 'POST', url: `/api/config/${configId}/links`, ...(json ? { json } : {}) };
    const response = await send(t, owner, request);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ConfigLink>();
  };
  const listLinks = async (configId: string) =>
    (await send(t, owner, { method: 'GET', url: `/api/config/${configId}/links` })).json<ConfigLink[]>();
  const tokenOf = (link: ConfigLink) => link.url.slice(`${PUBLIC_VIEWER_PATH}/`.length);
  /** A public request: no Authorization header, no cookie. */
  const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
  const publicView = (token: string) => anonymous(`/api/public/links/${token}`);
  const publicStill = (token: string) => anonymous(`/api/public/links/${token}/still.jpg`);
  const publicGlb = (token: string) => anonymous(`/api/public/links/${token}/car.glb`);

  /** Both public routes answer the one 404, telling nothing of the configuration; returns its body. */
  const expectGone = async (token: string, configName: string) => {
    const bodies: string[] = [];
    for (const response of [await publicView(token), await publicStill(token), await publicGlb(token)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: PRODUCT_MESSAGES.linkNotFound });
      expect(response.body).not.toContain(configName);
      expect(response.body).not.toContain('link-owner');
      bodies.push(response.body);
    }
    return bodies;
  };

  it('makes links of 30 days by default, of 7 days, and without expiry, and lists them newest first', async () => {
    const configId = await saveConfig('Launch look');
    const before = Date.now();
    const byDefault = await createLink(configId);
    const week = await createLink(configId, { expiresInDays: 7 });
    const never = await createLink(configId, { expiresInDays: null });
    const after = Date.now();

    for (const link of [byDefault, week, never]) {
      expect(link.configId).toBe(configId);
      expect(link.url).toMatch(new RegExp(`^${PUBLIC_VIEWER_PATH}/[A-Za-z0-9_-]{43}$`));
    }
    const lasts = (link: ConfigLink) => Date.parse(link.expiresAt ?? '') - Date.parse(link.createdAt);
    expect(lasts(byDefault)).toBe(30 * DAY_MS);
    expect(lasts(week)).toBe(7 * DAY_MS);
    expect(never.expiresAt).toBeNull();
    expect(Date.parse(byDefault.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(never.createdAt)).toBeLessThanOrEqual(after + 1000);
    expect(new Set([byDefault, week, never].map(tokenOf)).size).toBe(3);

    const listed = await listLinks(configId);
    expect(listed.map((link) => link.id)).toEqual([never.id, week.id, byDefault.id]);
    expect(listed[0]).toEqual(never);
  });

  it('opens a public view with the name, car and options, and a still URL that serves without any credentials', async () => {
    const configId = await saveConfig('Desert launch');
    const link = await createLink(configId);
    const token = tokenOf(link);

    const response = await publicView(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const view = response.json<PublicConfigView>();
    expect(view).toMatchObject({
      name: 'Desert launch',
      description: 'For the launch',
      car: { name: 'Terra', brand: 'Terra Motors' },
      turntableUrl: null,
      sharedBy: 'link-owner',
    });
    expect(view.options).toEqual(
      expect.arrayContaining([
        { label: 'Trim', value: 'Terra Limited' },
        { label: 'Paint', value: 'Glacier White' },
        { label: 'Environment', value: 'Desert Road' },
        { label: 'Time of day', value: 'Sunset' },
        { label: 'Camera', value: 'Exterior' },
        { label: 'Tone mapping', value: 'AgX' },
      ]),
    );
    // Nothing of the studio's internals or of who else holds it.
    expect(Object.keys(view).sort()).toEqual(
      ['car', 'description', 'models', 'name', 'options', 'sharedBy', 'stillUrl', 'turntableUrl'].sort(),
    );
    // The car's files come with the rendered still: none yet.
    expect(view.models).toEqual([]);
    expect((await publicGlb(token)).statusCode).toBe(404);

    // No still rendered yet: the save snapshot, in its own type.
    expect(view.stillUrl).toBe(`/api/public/links/${token}/still.jpg`);
    const snapshot = await anonymous(view.stillUrl ?? '');
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-type']).toBe('image/png');
    expect(snapshot.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(snapshot.rawPayload.equals(PNG_1X1)).toBe(true);

    // Once the still of its settings is rendered, that is the picture, with ranges and revalidation as media has.
    const row = await handle.db
      .selectFrom('configs')
      .select('still_hash')
      .where('id', '=', configId)
      .executeTakeFirstOrThrow();
    const hash = row.still_hash ?? '';
    await t.app.renderQueue.storage.put(stillKey(hash), Readable.from([STILL_JPEG]));
    const glb = Buffer.from('glTF stand-in');
    await t.app.renderQueue.storage.put(stillModelKey(hash, 'GLB'), Readable.from([glb]));
    await new StillsRepository(handle.db).rendered(hash, stillKey(hash), [
      { format: 'GLB', key: stillModelKey(hash, 'GLB'), size: glb.length },
    ]);
    // With it, the car as configured, under the configuration's name, with its size shown before the download.
    expect((await publicView(token)).json<PublicConfigView>().models).toEqual([
      { format: 'GLB', url: `/api/public/links/${token}/car.glb`, size: glb.length },
    ]);
    const model = await publicGlb(token);
    expect(model.statusCode).toBe(200);
    expect(model.headers['content-type']).toBe('model/gltf-binary');
    expect(model.headers['content-disposition']).toBe('attachment; filename="Desert launch.glb"');
    expect(model.rawPayload.equals(glb)).toBe(true);
    // No USDZ was exported: none is offered.
    expect((await anonymous(`/api/public/links/${token}/car.usdz`)).statusCode).toBe(404);
    const still = await publicStill(token);
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toBe('image/jpeg');
    expect(still.rawPayload.equals(STILL_JPEG)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/public/links/${token}/still.jpg`,
      headers: { range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(STILL_JPEG.subarray(0, 4))).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/public/links/${token}/still.jpg`,
      headers: { 'if-none-match': String(still.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // The configuration's own answer still names its still through media, behind sign-in.
    const config = (await send(t, owner, { method: 'GET', url: `/api/config/id/${configId}` })).json<Config>();
    expect(config.stillUrl).toBe(`/api/media/${stillKey(hash)}`);
  });

  it('has no still URL when there is neither a still nor a snapshot', async () => {
    const token = tokenOf(await createLink(await saveConfig('No picture', false, 'cobalt blue')));
    expect((await publicView(token)).json<PublicConfigView>().stillUrl).toBeNull();
    expect((await publicStill(token)).statusCode).toBe(404);
  });

  it('stops working once revoked; revoking twice, or through another configuration, is a 404', async () => {
    const configId = await saveConfig('Revoked look');
    const otherId = await saveConfig('Other look');
    const link = await createLink(configId);
    const kept = await createLink(configId, { expiresInDays: null });
    expect((await publicView(tokenOf(link))).statusCode).toBe(200);

    const revokeThrough = (id: string) =>
      send(t, owner, { method: 'DELETE', url: `/api/config/${id}/links/${link.id}` });
    expect((await revokeThrough(otherId)).statusCode).toBe(404);
    expect((await revokeThrough(configId)).statusCode).toBe(204);
    expect((await revokeThrough(configId)).statusCode).toBe(404);

    await expectGone(tokenOf(link), 'Revoked look');
    expect((await listLinks(configId)).map((entry) => entry.id)).toEqual([kept.id]);
    expect((await publicView(tokenOf(kept))).statusCode).toBe(200);
  });

  it('stops working once expired, and leaves the list', async () => {
    const configId = await saveConfig('Expired look');
    const link = await createLink(configId, { expiresInDays: 1 });
    await handle.db
      .updateTable('config_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    await expectGone(tokenOf(link), 'Expired look');
    expect(await listLinks(configId)).toEqual([]);
  });

  it('stops working once its configuration is deleted', async () => {
    const configId = await saveConfig('Deleted look');
    const link = await createLink(configId, { expiresInDays: null });
    expect((await send(t, owner, { method: 'PUT', url: `/api/config/${configId}/delete` })).statusCode).toBe(204);
    await expectGone(tokenOf(link), 'Deleted look');
  });

  it('answers an unknown, a revoked, an expired and a deleted configuration’s link with byte-identical bodies', async () => {
    const revoked = await createLink(await saveConfig('Secret A'));
    await send(t, owner, { method: 'DELETE', url: `/api/config/${revoked.configId}/links/${revoked.id}` });
    const expired = await createLink(await saveConfig('Secret B'));
    await handle.db
      .updateTable('config_links')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', expired.id)
      .execute();
    const deleted = await createLink(await saveConfig('Secret C'));
    await send(t, owner, { method: 'PUT', url: `/api/config/${deleted.configId}/delete` });

    const bodies = [
      ...(await expectGone('A'.repeat(43), 'Secret')),
      ...(await expectGone('not a token at all', 'Secret')),
      ...(await expectGone(tokenOf(revoked), 'Secret A')),
      ...(await expectGone(tokenOf(expired), 'Secret B')),
      ...(await expectGone(tokenOf(deleted), 'Secret C')),
    ];
    expect(new Set(bodies).size).toBe(1);
  });

  it('refuses bad bodies with a 400 that names the field', async () => {
    const configId = await saveConfig('Validated look');
    for (const expiresInDays of [0, 366, 1.5, '7', -3]) {
      const response = await send(t, owner, {
        method: 'POST',
        url: `/api/config/${configId}/links`,
        json: { expiresInDays },
      });
      expect(response.statusCode, String(expiresInDays)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/expiresInDays/);
    }
    expect(await listLinks(configId)).toEqual([]);
  });
});
