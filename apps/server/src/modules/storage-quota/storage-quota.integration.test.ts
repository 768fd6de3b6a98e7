import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STORAGE_MESSAGES,
  type AssetModel,
  type Role,
  type StorageUsage,
  type StillRenderRequestInput,
  type Upload,
} from '@autostudio/protocol';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { multipartBody, PNG_1X1, tinyGlb } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/** The quota of these tests: a few kilobytes, so that files of known sizes fill it. */
const QUOTA = 10_000;

/** A PNG of exactly `bytes` bytes: the 1×1 image with zeros after it (the server judges the type by its first bytes). */
const pngOf = (bytes: number) => Buffer.concat([PNG_1X1, Buffer.alloc(bytes - PNG_1X1.length)]);

const STILL: StillRenderRequestInput = {
  resolutionPreset: '1080p',
  imageFormat: 'PNG',
  settings: {},
  metadata: { name: 'Quota still' },
};

describe.each(testDatabases)('storage quota on $name', (database) => {
  let t: TestApp;
  let db: DatabaseHandle;
  let uma: { token: string; id: string };
  let sid: { token: string; id: string };
  /** An administrator of their own: only administrators add asset models. */
  let ada: { token: string; id: string };
  beforeAll(async () => {
    t = await startTestApp(database, {
      storageQuotaBytes: QUOTA,
      // No render workers: a render stays queued, which is all these tests look at.
      render: { ...loadConfig({}).render, workers: 0 },
    });
    db = openDatabase(t.config.database);
    const signedIn = async (name: string, roles: Role[] = ['user']) => {
      const { accessToken, user } = await t.createUser(name, roles);
      return { token: accessToken, id: user.id };
    };
    uma = await signedIn('uma');
    sid = await signedIn('sid');
    ada = await signedIn('ada', ['admin']);
  });
  afterAll(async () => {
    await db.close();
    await t.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const send = async (
    token: string,
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; content: Buffer }>,
  ) => {
    const body = await multipartBody(fields, files);
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const upload = (token: string, bytes: number) =>
    send(token, 'POST', '/upload', {}, { file: { name: 'backplate.png', content: pngOf(bytes) } });
  const usage = async (token: string) => {
    const response = await call(token, 'GET', '/me/storage');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StorageUsage>();
  };
  /** Every stored file, wherever it lives under the storage root. */
  const storedFiles = (): string[] => {
    const root = path.join(t.config.dataDir, 'storage');
    return fs.existsSync(root)
      ? fs
          .readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [];
  };
  const rowCount = async (table: 'uploads' | 'upload_groups' | 'asset_models') =>
    Number(
      (
        await db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Deletes everything a test left of the user's, so that each test starts with an empty quota. */
  const emptyUploads = async (user: { token: string; id: string }) => {
    for (const row of await db.db.selectFrom('uploads').select('id').where('owner_id', '=', user.id).execute()) {
      await call(user.token, 'DELETE', `/upload/id/${row.id}`);
    }
  };

  it('refuses an upload that would pass the quota with 413 naming the limit, the usage and the file, and keeps nothing', async () => {
    await emptyUploads(uma);
    const first = await upload(uma.token, 6000);
    expect(first.statusCode, first.body).toBe(201);
    const [files, uploads, groups] = [storedFiles(), await rowCount('uploads'), await rowCount('upload_groups')];

    const refused = await upload(uma.token, 5000);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json<{ message: string }>().message).toBe(STORAGE_MESSAGES.quotaExceeded(6000, QUOTA, 5000));
    expect(refused.json<{ message: string }>().message).toBe(
      'Storage quota exceeded: 5.9 KB of 9.8 KB used; this file is 4.9 KB. Delete files or ask an administrator to raise STORAGE_QUOTA_BYTES.',
    );
    // No file on disk, no upload row, and not the new group the upload would have started.
    expect(storedFiles()).toEqual(files);
    expect(await rowCount('uploads')).toBe(uploads);
    expect(await rowCount('upload_groups')).toBe(groups);
    expect(await usage(uma.token)).toEqual({ userId: uma.id, usedBytes: 6000, quotaBytes: QUOTA });

    // Up to the quota exactly still fits; the quota is per user, so another user's room is untouched.
    expect((await upload(uma.token, 4000)).statusCode).toBe(201);
    expect((await upload(sid.token, 9000)).statusCode).toBe(201);
    expect((await usage(sid.token)).usedBytes).toBe(9000);
  });

  it('lets only one of three uploads at once take the last room', async () => {
    await emptyUploads(uma);
    // Each fits alone, not both: the check and the insert are one transaction, the user's checks one after another.
    const answers = await Promise.all([upload(uma.token, 6000), upload(uma.token, 6000), upload(uma.token, 6000)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413, 413]);
    expect((await usage(uma.token)).usedBytes).toBe(6000);
  });

  it('frees the room of a deleted upload, so that the next upload fits', async () => {
    await emptyUploads(uma);
    await emptyUploads(sid);
    const kept = (await upload(uma.token, 7000)).json<Upload>();
    expect((await upload(uma.token, 7000)).statusCode).toBe(413);

    expect((await call(uma.token, 'DELETE', `/upload/id/${kept.id}`)).statusCode).toBe(204);
    expect((await usage(uma.token)).usedBytes).toBe(0);
    const next = await upload(uma.token, 7000);
    expect(next.statusCode, next.body).toBe(201);
    expect((await usage(uma.token)).usedBytes).toBe(7000);
  });

  it('counts asset model files: a new version that would pass the quota is refused, and deleting the model frees them', async () => {
    const glb = (bytes: number) => {
      const model = tinyGlb();
      // A GLB's declared length must match its bytes; a glTF asset with a longer generator string pads it.
      return tinyGlb({ asset: { version: '2.0', generator: 'x'.repeat(bytes - model.length) } });
    };
    const fields = { name: 'Quota car', category: 'SUV', type: 'Car', brand: 'Terra', region: 'europe' };
    const created = await send(ada.token, 'POST', '/asset-model', fields, {
      file: { name: 'a.glb', content: glb(6000) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const model = created.json<AssetModel>();
    expect((await usage(ada.token)).usedBytes).toBe(model.fileSize);
    const [files, versions] = [storedFiles(), await rowCount('asset_models')];

    const version = await send(
      ada.token,
      'PUT',
      `/asset-model/${model.id}`,
      {},
      { file: { name: 'b.glb', content: glb(6000) } },
    );
    expect(version.statusCode, version.body).toBe(413);
    expect(version.json<{ message: string }>().message).toBe(
      STORAGE_MESSAGES.quotaExceeded(model.fileSize ?? 0, QUOTA, model.fileSize ?? 0),
    );
    expect(storedFiles()).toEqual(files);
    expect(await rowCount('asset_models')).toBe(versions);

    expect((await call(ada.token, 'PUT', `/asset-model/${model.id}/delete`)).statusCode).toBe(204);
    expect((await usage(ada.token)).usedBytes).toBe(0);
    expect((await upload(ada.token, 9000)).statusCode).toBe(201);
  });

  it("counts rendered assets' files, refuses a render while the quota is full, and frees their room when deleted", async () => {
    await emptyUploads(uma);
    const assetId = await t.app.renderedAssets.recordFor(uma.id, {
      name: 'Launch still',
      items: [
        {
          kind: 'image',
          key: `renders/quota/${uma.id}.png`,
          fileName: 'still.png',
          contentType: 'image/png',
          size: QUOTA,
        },
      ],
    });
    expect(await usage(uma.token)).toEqual({ userId: uma.id, usedBytes: QUOTA, quotaBytes: QUOTA });
    const full = await call(uma.token, 'POST', '/render-workflow', STILL);
    expect(full.statusCode, full.body).toBe(413);
    expect(full.json<{ message: string }>().message).toBe(STORAGE_MESSAGES.renderOverQuota(QUOTA, QUOTA));
    expect((await upload(uma.token, 100)).statusCode).toBe(413);

    expect((await call(uma.token, 'PUT', `/asset-rendered/${assetId}/delete`)).statusCode).toBe(204);
    expect((await usage(uma.token)).usedBytes).toBe(0);
    const started = await call(uma.token, 'POST', '/render-workflow', STILL);
    expect(started.statusCode, started.body).toBe(202);
  });

  it("shows a user's usage to themself and to administrators only", async () => {
    expect((await call(sid.token, 'GET', `/users/${uma.id}/storage`)).statusCode).toBe(403);
    expect((await call(sid.token, 'GET', `/users/${sid.id}/storage`)).statusCode).toBe(200);
    const seen = await call(await t.adminToken(), 'GET', `/users/${uma.id}/storage`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<StorageUsage>()).toEqual(await usage(uma.token));
    expect((await call(await t.adminToken(), 'GET', '/users/nobody/storage')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/storage' })).statusCode).toBe(401);
  });
});

describe('storage quota switched off (STORAGE_QUOTA_BYTES=0)', () => {
  it('takes any upload and reports no limit', async () => {
    const [sqlite] = testDatabases;
    if (!sqlite) throw new Error('no test database');
    const t = await startTestApp(sqlite, { storageQuotaBytes: 0 });
    try {
      const { accessToken } = await t.createUser('una');
      const body = await multipartBody({}, { file: { name: 'big.png', content: pngOf(20_000) } });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...body.headers, authorization: `Bearer ${accessToken}` },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      const seen = await t.app.inject({
        method: 'GET',
        url: '/api/me/storage',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(seen.json<StorageUsage>()).toMatchObject({ usedBytes: 20_000, quotaBytes: null });
    } finally {
      await t.close();
    }
  });
});
