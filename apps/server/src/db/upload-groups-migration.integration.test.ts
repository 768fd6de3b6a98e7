import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, PostgresAdapter, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Preset, Upload } from '@autostudio/protocol';
import { Passwords } from '../modules/auth/passwords.js';
import { startTestApp, TEST_SCRYPT_COST, type TestApp } from '../test/test-app.js';
import { testDatabases } from '../test/test-databases.js';
import { openDatabase, type Db } from './database.js';
import { migrationProvider } from './migrations/index.js';

/**
 * Upload group ids used to be any string a client chose. The migration that gives groups owners keeps every upload
 * and preset, gives each id to its first claimant, and moves everyone else's uploads and presets under it to a
 * group of their own.
 */
describe.each(testDatabases)('the upload groups migration on $name', (database) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function databaseBeforeUploadGroups(): Promise<{ db: Db; config: Parameters<typeof openDatabase>[0] }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-migration-'));
    const created = await database.create(dataDir, { empty: true });
    const handle = openDatabase(created.config);
    cleanups.push(async () => {
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    cleanups.push(() => handle.close());
    const schema =
      handle.db.getExecutor().adapter instanceof PostgresAdapter
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
        : undefined;
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider, migrationTableSchema: schema });
    const { error } = await migrator.migrateTo('0005-public-asset-models');
    if (error) throw new Error('migrating to 0005 failed', { cause: error });
    return { db: handle.db, config: created.config };
  }

  it('keeps every upload and preset, each user’s in a group of their own', async () => {
    const { db, config } = await databaseBeforeUploadGroups();
    const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
    for (const name of ['ann', 'ben', 'cat']) {
      await db
        .insertInto('users')
        .values({
          id: `${name}-id`,
          username: name,
          name,
          password_hash: await new Passwords(TEST_SCRYPT_COST).hash(`${name}-password`),
          roles: '["user"]',
          created_at: at(0),
          updated_at: at(0),
        })
        .execute();
    }
    const upload = (id: string, owner: string | null, group: string | null, minute: number) => ({
      id,
      owner_id: owner,
      group_id: group,
      filename: `${id}.png`,
      blob_key: `uploads/${id}/${id}.png`,
      content_type: 'image/png',
      size: 10,
      created_at: at(minute),
    });
    await db
      .insertInto('uploads')
      .values([
        // Ben put a frame in "orbit" before Ann made her animation of it, and pointed a preset of his at it.
        upload('ben-frame', 'ben-id', 'orbit', 1),
        upload('ann-frame-1', 'ann-id', 'orbit', 2),
        upload('ann-frame-2', 'ann-id', 'orbit', 3),
        upload('orphan-frame', null, 'orbit', 4),
        // "early": no preset, so the first uploader keeps it.
        upload('cat-early', 'cat-id', 'early', 5),
        upload('ann-early', 'ann-id', 'early', 6),
        upload('loose', 'ann-id', null, 7),
      ])
      .execute();
    const preset = (id: string, owner: string, minute: number) => ({
      id,
      owner_id: owner,
      name: id,
      type: 'animation',
      category: 'default',
      settings: '{}',
      is_default: 0,
      group_id: 'orbit',
      created_at: at(minute),
      updated_at: at(minute),
      deleted_at: null,
    });
    await db
      .insertInto('presets')
      .values([preset('ann-orbit', 'ann-id', 10), preset('ben-orbit', 'ben-id', 11)])
      .execute();

    const t: TestApp = await startTestApp(database, { database: config });
    cleanups.push(() => t.close());
    const token = async (name: string) => (await t.login(name, `${name}-password`)).accessToken;
    const get = async (name: string, url: string) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${await token(name)}` } });
    const ids = async (name: string, url: string) => {
      const response = await get(name, url);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<Upload[]>()
        .map((item) => item.id)
        .sort();
    };

    expect(await ids('ann', '/upload/group/orbit')).toEqual(['ann-frame-1', 'ann-frame-2', 'orphan-frame']);
    expect((await get('ben', '/upload/group/orbit')).statusCode).toBe(404);
    const benPreset = (await get('ben', '/preset/id/ben-orbit')).json<Preset>();
    expect(benPreset.groupId).not.toBe('orbit');
    expect(await ids('ben', `/upload/group/${benPreset.groupId}`)).toEqual(['ben-frame']);
    expect((await get('ann', '/preset/id/ann-orbit')).json<Preset>().groupId).toBe('orbit');

    expect(await ids('cat', '/upload/group/early')).toEqual(['cat-early']);
    const annEarly = (await get('ann', '/upload/id/ann-early')).json<Upload>();
    expect(annEarly.groupId).not.toBe('early');
    expect(await ids('ann', `/upload/group/${annEarly.groupId}`)).toEqual(['ann-early']);
    expect((await get('ann', '/upload/id/loose')).json<Upload>().groupId).toBeNull();
  });
});
