import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@autostudio/protocol';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { multipartBody, PNG_1X1, tinyGlb } from '../multipart.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { testDatabases } from '../test-databases.js';

/**
 * A real small disk: a 1 MB tmpfs holds the server's storage, so "full" is the kernel's ENOSPC and "unwritable" a
 * read-only remount (EROFS). Root can mount one on the machines the project runs on (CI included).
 */
function smallDisk(): { root: string; readOnly(on: boolean): void; files(): string[]; dispose(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', root]);
  return {
    root,
    readOnly: (on) => execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, root]),
    files: () =>
      fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
    dispose() {
      execFileSync('umount', [root]);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A PNG that is 2 MB: a real image's signature, then padding; the store sees only its size. */
const TWO_MB_PNG = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024, 7)]);

describe.each(testDatabases)('storage full or unwritable, on $name', (database) => {
  let disk: ReturnType<typeof smallDisk>;
  let t: TestApp;
  let db: DatabaseHandle;
  let admin: string;
  beforeAll(async () => {
    disk = smallDisk();
    t = await startTestApp(database, { storage: { driver: 'local', root: disk.root } });
    db = openDatabase(t.config.database);
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await db.close();
    await t.close();
    disk.dispose();
  });

  const send = async (
    url: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; content: Buffer }>,
  ) => {
    const body = await multipartBody(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
  };
  const rows = async (table: 'uploads' | 'upload_groups' | 'asset_models') =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.db)).rows[0]?.n);

  it('refuses an upload that does not fit with 507 and a clear message, and keeps no row and no partial file', async () => {
    const response = await send(
      '/upload',
      { filename: 'Backplate.png' },
      { file: { name: 'bp.png', content: TWO_MB_PNG } },
    );
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json<ErrorBody>().message).toMatch(/storage is full.*not stored/);
    expect(await rows('uploads')).toBe(0);
    expect(await rows('upload_groups')).toBe(0);
    expect(disk.files()).toEqual([]);
  });

  it('refuses a car whose file does not fit, and records no asset model', async () => {
    const big = Buffer.concat([tinyGlb(), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await send(
      '/asset-model',
      { name: 'Too Big', type: 'Car' },
      { file: { name: 'big.glb', content: big } },
    );
    expect(response.statusCode, response.body).toBe(507);
    expect(await rows('asset_models')).toBe(0);
    expect(disk.files()).toEqual([]);
  });

  it('answers 503 while the storage is read-only, and stores again once it is writable', async () => {
    disk.readOnly(true);
    try {
      const refused = await send('/upload', {}, { file: { name: 'small.png', content: PNG_1X1 } });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json<ErrorBody>().message).toMatch(/cannot be written.*not stored/);
      expect(await rows('uploads')).toBe(0);
    } finally {
      disk.readOnly(false);
    }
    const stored = await send('/upload', {}, { file: { name: 'small.png', content: PNG_1X1 } });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(await rows('uploads')).toBe(1);
  });
});
