import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@autostudio/protocol';
import { PresetsRepository } from '../modules/presets/presets.repository.js';
import { testDatabases } from '../test/test-databases.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.js';
import { containsIgnoringCase } from './search.js';

const admin: User = { id: 'admin', username: 'admin', name: 'Admin', roles: ['admin'] };

// Names that trip a trigram index or a LIKE pattern: wildcards, quotes, backslashes, accents, case, spaces.
const NAMES = [
  '100% Saturation',
  '100 Saturation',
  'Under_score',
  'Underscore',
  "Director's cut",
  'Say "cheese"',
  'École',
  'école du soir',
  'Crème brûlée',
  'CRÈME',
  'ab',
  'Abc',
  'x',
  'a\\b',
  'Ünïcödé',
  'Straße',
  'AND OR NOT',
  'c*d (e) -f ^g',
  'Preset 001234',
];

// Terms of one and two characters have no trigram and go to the LIKE alone; the rest go through the index.
const TERMS = [
  '%',
  '_',
  '0%',
  'r_s',
  "'",
  "r's",
  '"',
  '"cheese"',
  'e "c',
  'é',
  'éc',
  'éco',
  'ÉCO',
  'crème',
  'CRÈ',
  'rèm',
  'ab',
  'a',
  'X',
  '\\',
  'a\\b',
  'ünï',
  'ÜNÏ',
  '100%',
  '100 ',
  'e c',
  'ß',
  'aße',
  'AND',
  'OR NOT',
  'c*',
  '(e)',
  '-f ^',
  '1234',
  'nothing like it',
];

describe.each(testDatabases)('name search through the trigram index on $name', (database) => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let presets: PresetsRepository;
  const now = new Date().toISOString();

  const insert = (name: string) =>
    presets.insert({
      id: randomUUID(),
      owner_id: null,
      name,
      type: 'postProcess',
      category: 'Looks',
      settings: '{}',
      is_default: 0,
      group_id: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });

  /** What the list finds: through the index, on the list's own path. */
  const found = async (search: string) =>
    (await presets.page(admin, { search }, { page: 1, limit: 100 })).rows.map((row) => row.name).sort();
  /** What a scan with the LIKE that defines the search finds (the lists' behaviour before the index). */
  const scanned = async (search: string) =>
    (
      await handle.db
        .selectFrom('presets')
        .select('name')
        .where('deleted_at', 'is', null)
        .where(containsIgnoringCase('presets.name', search))
        .execute()
    )
      .map((row) => row.name)
      .sort();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-search-'));
    const created = await database.create(dataDir);
    drop = () => created.drop();
    handle = openDatabase(created.config);
    await migrateToLatest(handle.db);
    presets = new PresetsRepository(handle.db);
    for (const name of NAMES) await insert(name);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(TERMS)('finds for %j exactly what a scan finds, with an exact total', async (term) => {
    const expected = await scanned(term);
    expect(await found(term)).toEqual(expected);
    expect((await presets.page(admin, { search: term }, { page: 1, limit: 1 })).total).toBe(expected.length);
  });

  it('takes % and _ literally and ignores case', async () => {
    expect(await found('%')).toEqual(['100% Saturation']);
    expect(await found('r_s')).toEqual(['Under_score']);
    expect(await found('SATURATION')).toEqual(['100 Saturation', '100% Saturation']);
    expect(await found('"cheese"')).toEqual(['Say "cheese"']);
  });

  it("finds for a user only what they may see: their own, everyone's, and what is shared with them or their group", async () => {
    const reader: User = { id: `reader-${randomUUID()}`, username: 'reader', name: 'Reader', roles: ['user'] };
    const stranger: User = { id: `stranger-${randomUUID()}`, username: 'stranger', name: 'Stranger', roles: ['user'] };
    for (const user of [reader, stranger]) {
      await handle.db
        .insertInto('users')
        .values({ ...user, password_hash: null, roles: JSON.stringify(user.roles), created_at: now, updated_at: now })
        .execute();
    }
    const groupId = randomUUID();
    await handle.db
      .insertInto('groups')
      .values({ id: groupId, name: 'Lens club', description: '', created_at: now, updated_at: now })
      .execute();
    await handle.db
      .insertInto('group_members')
      .values({ group_id: groupId, user_id: reader.id, created_at: now })
      .execute();
    const lens = async (name: string, owner: User, extra: { is_default?: number } = {}) => {
      const id = randomUUID();
      await presets.insert({
        id,
        owner_id: owner.id,
        name,
        type: 'postProcess',
        category: 'Looks',
        settings: '{}',
        is_default: extra.is_default ?? 0,
        group_id: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      return id;
    };
    const share = async (entityId: string, to: { user_id: string } | { group_id: string }) =>
      handle.db
        .insertInto('preset_shares')
        .values({ id: randomUUID(), entity_id: entityId, user_id: null, group_id: null, ...to, created_at: now })
        .execute();
    await lens('Lens own', reader);
    await lens('Lens for everyone', stranger, { is_default: 1 });
    await share(await lens('Lens shared directly', stranger), { user_id: reader.id });
    await share(await lens('Lens shared with the club', stranger), { group_id: groupId });
    await lens('Lens private', stranger);
    await share(await lens('Lens shared with the stranger', stranger), { user_id: stranger.id });

    const visible = ['Lens for everyone', 'Lens own', 'Lens shared directly', 'Lens shared with the club'];
    // Three letters go through the name index, where each match is looked up in the shares; two letters are a scan
    // that tests every row against the set of shared keys (visibility.ts, ShareLookup).
    for (const term of ['LENS', 'ns']) {
      const result = await presets.page(reader, { search: term }, { page: 1, limit: 100 });
      expect(result.rows.map((row) => row.name).sort(), term).toEqual(visible);
      expect(result.total, term).toBe(visible.length);
    }
  });

  it('follows renames, soft deletes and deletes', async () => {
    await insert('Sunset glow');
    const [row] = await handle.db.selectFrom('presets').select('id').where('name', '=', 'Sunset glow').execute();
    expect(await found('set gl')).toEqual(['Sunset glow']);

    await presets.update(row!.id, { name: 'Dawn haze' });
    expect(await found('set gl')).toEqual([]);
    expect(await found('n haz')).toEqual(['Dawn haze']);

    await presets.softDelete(row!.id);
    expect(await found('n haz')).toEqual([]);

    // Restored (no route does this today, but the index must not lose the row for good).
    await presets.update(row!.id, { deleted_at: null });
    expect(await found('n haz')).toEqual(['Dawn haze']);

    await handle.db.deleteFrom('presets').where('id', '=', row!.id).execute();
    expect(await found('n haz')).toEqual([]);
    await insert('Dawn haze again');
    expect(await found('n haz')).toEqual(['Dawn haze again']);
  });
});
