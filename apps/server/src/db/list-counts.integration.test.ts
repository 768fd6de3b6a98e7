import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Migrator, PostgresAdapter, sql, type ExpressionBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seesEverything, type User } from '@autostudio/protocol';
import { AssetModelsRepository, type AssetModelFilters } from '../modules/asset-models/asset-models.repository.js';
import { SharesRepository } from '../modules/access/shares.repository.js';
import { ConfigsRepository } from '../modules/configs/configs.repository.js';
import { GroupsRepository } from '../modules/groups/groups.repository.js';
import { PresetsRepository, type PresetFilters } from '../modules/presets/presets.repository.js';
import {
  RenderedAssetsRepository,
  type RenderedAssetFilters,
} from '../modules/rendered-assets/rendered-assets.repository.js';
import { testDatabases } from '../test/test-databases.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.js';
import { COUNTED_LISTS } from './list-counts.js';
import { migrationProvider } from './migrations/index.js';
import type { Database, PresetRow, ShareTableName } from './schema.js';
import { toNumber } from './search.js';

/**
 * The lists' totals come from count summaries that triggers keep (migrations 0010-list-counts and
 * 0012-shared-counts). Whatever happens to
 * the rows, the shares and the groups, through the repositories or straight in SQL, every list's total must stay
 * what counting the visible rows gives.
 */
// Few users, groups and rows, so that random changes often meet: shares of one's own rows, a group's rows.
const USERS = ['ann', 'ben'] as const;
const GROUPS = ['g1', 'g2'] as const;
const SLOTS = 3;
const at = '2026-01-01T00:00:00.000Z';

const user = (id: string): User => ({ id, username: id, name: id, roles: ['user'] });
const CALLERS: User[] = [
  ...USERS.map(user),
  { id: 'root', username: 'root', name: 'root', roles: ['admin'] },
  // A moderator sees every item of some kinds and only their own and shared ones of the others.
  { id: 'mod', username: 'mod', name: 'mod', roles: ['user', 'moderator'] },
];

type Table = 'presets' | 'asset_models' | 'configs' | 'rendered_assets';
const SHARE_TABLE: Record<Table, ShareTableName> = {
  presets: 'preset_shares',
  asset_models: 'asset_model_shares',
  configs: 'config_shares',
  rendered_assets: 'rendered_asset_shares',
};

const owner = fc.constantFrom<string | null>(...USERS, 'mod', null);
const slot = fc.nat({ max: SLOTS - 1 });
const category = fc.constantFrom('A', 'B', 'C');
const principal = fc.oneof(
  fc.record({ userId: fc.constantFrom<string>(...USERS, 'mod'), groupId: fc.constant(null) }),
  fc.record({ userId: fc.constant(null), groupId: fc.constantFrom<string>(...GROUPS) }),
);
const presetValuesFull = fc.record({
  owner_id: owner,
  type: fc.constantFrom('animation', 'postProcess'),
  category,
  is_default: fc.constantFrom(0, 1),
  name: fc.constantFrom('Dawn', 'Dusk'),
});
const modelValuesFull = fc.record({
  owner_id: owner,
  category,
  type: fc.constantFrom('Car', 'Truck'),
  brand: fc.constantFrom('X', 'Y'),
  region: fc.constantFrom('europe', 'asia'),
  is_public: fc.constantFrom(0, 1),
  is_latest: fc.constantFrom(0, 1),
  name: fc.constantFrom('Coupe', 'Van'),
});
const renderedValuesFull = fc.record({
  owner_id: owner,
  category,
  type: fc.constantFrom('still', 'video'),
  brand: fc.constantFrom('X', 'Y'),
});
const configValuesFull = fc.record({ owner_id: owner, name: fc.constantFrom('One', 'Two') });
/** Some of a row's values, for an update. */
const some = <T extends object>(values: fc.Arbitrary<T>): fc.Arbitrary<Partial<T>> =>
  fc
    .tuple(values, fc.func(fc.boolean()))
    .map(([all, keep]) => Object.fromEntries(Object.entries(all).filter(([key]) => keep(key))) as Partial<T>);
const presetValues = some(presetValuesFull);
const modelValues = some(modelValuesFull);
const renderedValues = some(renderedValuesFull);
const configValues = some(configValuesFull);

// Rows and shares come often enough that most updates, shares and deletes find something to act on.
const command = fc.oneof(
  { arbitrary: fc.record({ do: fc.constant('insert preset' as const), slot, values: presetValuesFull }), weight: 3 },
  fc.record({ do: fc.constant('update preset' as const), slot, values: presetValues }),
  { arbitrary: fc.record({ do: fc.constant('new model version' as const), slot, values: modelValuesFull }), weight: 3 },
  fc.record({ do: fc.constant('update model version' as const), slot, version: fc.nat(2), values: modelValues }),
  {
    arbitrary: fc.record({ do: fc.constant('insert rendered' as const), slot, values: renderedValuesFull }),
    weight: 3,
  },
  fc.record({ do: fc.constant('update rendered' as const), slot, values: renderedValues }),
  { arbitrary: fc.record({ do: fc.constant('insert config' as const), slot, values: configValuesFull }), weight: 3 },
  fc.record({ do: fc.constant('update config' as const), slot, values: configValues }),
  fc.record({
    do: fc.constantFrom('soft delete' as const, 'restore' as const, 'delete' as const),
    table: fc.constantFrom<Table>('presets', 'asset_models', 'configs', 'rendered_assets'),
    slot,
  }),
  {
    arbitrary: fc.record({
      do: fc.constantFrom('share' as const, 'share' as const, 'unshare' as const),
      table: fc.constantFrom<Table>('presets', 'asset_models', 'configs', 'rendered_assets'),
      slot,
      principal,
    }),
    weight: 4,
  },
  fc.record({
    do: fc.constantFrom('join group' as const, 'leave group' as const),
    groupId: fc.constantFrom<string>(...GROUPS),
    userId: fc.constantFrom<string>(...USERS, 'mod'),
  }),
  // Deleting a user sets owner_id to null on their items (a foreign key action) and drops their shares.
  fc.record({ do: fc.constant('delete and recreate user' as const), userId: fc.constantFrom<string>(...USERS) }),
  // Deleting a group drops its shares and its memberships (two foreign key actions of one statement).
  fc.record({ do: fc.constant('delete and recreate group' as const), groupId: fc.constantFrom<string>(...GROUPS) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const PRESET_FILTERS: PresetFilters[] = [
  {},
  { type: 'animation' },
  { category: 'A' },
  { isDefault: true },
  { isDefault: false, type: 'postProcess', category: 'B' },
];
const MODEL_FILTERS: AssetModelFilters[] = [
  {},
  { latestVersion: true },
  { latestVersion: true, category: 'A' },
  { brand: 'X', region: 'europe' },
  { type: 'Truck', category: 'C' },
];
const RENDERED_FILTERS: RenderedAssetFilters[] = [{}, { category: 'B' }, { type: 'video', brand: 'Y' }];

describe.each(testDatabases)('list totals from the count summaries on $name', (database) => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-counts-'));
    const created = await database.create(dataDir);
    drop = () => created.drop();
    handle = openDatabase(created.config);
    await migrateToLatest(handle.db);
    for (const id of [...USERS, 'mod']) await insertUser(id);
    for (const id of GROUPS) await insertGroup(id);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const insertUser = (id: string) =>
    handle.db
      .insertInto('users')
      .values({ id, username: id, name: id, password_hash: null, roles: '["user"]', created_at: at, updated_at: at })
      .execute();

  const insertGroup = (id: string) =>
    handle.db.insertInto('groups').values({ id, name: id, description: '', created_at: at, updated_at: at }).execute();

  const presetId = (n: number) => `preset-${n}`;
  const modelId = (n: number) => `model-${n}`;
  const renderedId = (n: number) => `rendered-${n}`;
  const configId = (n: number) => `config-${n}`;
  const keyOf = (table: Table, n: number) =>
    ({ presets: presetId, asset_models: modelId, configs: configId, rendered_assets: renderedId })[table](n);
  const keyColumn = (table: Table) => (table === 'asset_models' ? 'model_id' : 'id');

  async function exists(table: Table, id: string): Promise<boolean> {
    const row = await handle.db
      .selectFrom(table)
      .select('id')
      .where(sql.ref(keyColumn(table)), '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Applies one command, through the repositories where they have the operation, else in plain SQL. */
  async function apply(step: Command): Promise<void> {
    const { db } = handle;
    switch (step.do) {
      case 'insert preset':
        if (await exists('presets', presetId(step.slot))) return;
        await new PresetsRepository(db).insert({
          id: presetId(step.slot),
          settings: '{}',
          group_id: null,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          ...step.values,
        });
        return;
      case 'update preset':
        if (Object.keys(step.values).length)
          await db.updateTable('presets').set(step.values).where('id', '=', presetId(step.slot)).execute();
        return;
      case 'new model version': {
        const models = new AssetModelsRepository(db);
        const version = (await models.latestVersion(modelId(step.slot))) + 1;
        // The repository makes the new version the latest, whatever is_latest says.
        await models.insert({
          id: `${modelId(step.slot)}-v${version}`,
          model_id: modelId(step.slot),
          version,
          description: '',
          settings: '{}',
          file_key: null,
          file_name: null,
          file_size: null,
          preview_key: null,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          ...step.values,
        });
        return;
      }
      case 'update model version':
        if (Object.keys(step.values).length)
          await db
            .updateTable('asset_models')
            .set(step.values)
            .where('model_id', '=', modelId(step.slot))
            .where('version', '=', step.version + 1)
            .execute();
        return;
      case 'insert rendered':
        if (await exists('rendered_assets', renderedId(step.slot))) return;
        await db
          .insertInto('rendered_assets')
          .values({
            id: renderedId(step.slot),
            name: 'Render',
            description: '',
            config_id: null,
            created_at: at,
            updated_at: at,
            deleted_at: null,
            ...step.values,
          })
          .execute();
        return;
      case 'update rendered':
        if (Object.keys(step.values).length)
          await db.updateTable('rendered_assets').set(step.values).where('id', '=', renderedId(step.slot)).execute();
        return;
      case 'insert config':
        if (await exists('configs', configId(step.slot))) return;
        await new ConfigsRepository(db).insert({
          id: configId(step.slot),
          description: '',
          project_path: '',
          settings: '{}',
          image_key: null,
          still_hash: null,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          ...step.values,
        });
        return;
      case 'update config':
        if (Object.keys(step.values).length)
          await db.updateTable('configs').set(step.values).where('id', '=', configId(step.slot)).execute();
        return;
      case 'soft delete':
      case 'restore':
        await db
          .updateTable(step.table)
          .set({ deleted_at: step.do === 'restore' ? null : at })
          .where(sql.ref(keyColumn(step.table)), '=', keyOf(step.table, step.slot))
          .execute();
        return;
      case 'delete':
        await db
          .deleteFrom(step.table)
          .where(sql.ref(keyColumn(step.table)), '=', keyOf(step.table, step.slot))
          .execute();
        return;
      case 'share': {
        // Through the repository: sharing again is an insert that skips the conflicting row.
        const shares = new SharesRepository(db, SHARE_TABLE[step.table]);
        const entityId = keyOf(step.table, step.slot);
        const { userId, groupId } = step.principal;
        if (userId) await shares.add(entityId, 'user', [userId]);
        if (groupId) await shares.add(entityId, 'group', [groupId]);
        return;
      }
      case 'unshare':
        await db
          .deleteFrom(SHARE_TABLE[step.table])
          .where('entity_id', '=', keyOf(step.table, step.slot))
          .where((eb) =>
            step.principal.userId
              ? eb('user_id', '=', step.principal.userId)
              : eb('group_id', '=', step.principal.groupId),
          )
          .execute();
        return;
      case 'join group':
        // Joining again is an insert that skips the conflicting row, as when an admin adds a member twice.
        await new GroupsRepository(db).addMembers(step.groupId, [step.userId]);
        return;
      case 'leave group':
        await db
          .deleteFrom('group_members')
          .where('group_id', '=', step.groupId)
          .where('user_id', '=', step.userId)
          .execute();
        return;
      case 'delete and recreate user':
        await db.deleteFrom('users').where('id', '=', step.userId).execute();
        await insertUser(step.userId);
        return;
      case 'delete and recreate group':
        await new GroupsRepository(db).delete(step.groupId);
        await insertGroup(step.groupId);
        return;
    }
  }

  /** The total by definition: count every live row the caller may see that matches the filters. */
  async function counted(
    table: Table,
    caller: User,
    seesAll: boolean,
    everyone: string | undefined,
    equals: Record<string, string | number>,
  ): Promise<number> {
    const key = keyColumn(table);
    let query = handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('deleted_at', 'is', null);
    if (!seesAll)
      query = query.where((eb: ExpressionBuilder<Database, Table>) =>
        eb.or([
          eb('owner_id', '=', caller.id),
          ...(everyone ? [eb(sql.ref(everyone), '=', 1)] : []),
          eb(
            sql.ref(key),
            'in',
            eb
              .selectFrom(SHARE_TABLE[table])
              .select('entity_id')
              .where((shares) =>
                shares.or([
                  shares('user_id', '=', caller.id),
                  shares(
                    'group_id',
                    'in',
                    shares.selectFrom('group_members').select('group_id').where('user_id', '=', caller.id),
                  ),
                ]),
              ),
          ),
        ]),
      );
    for (const [column, value] of Object.entries(equals)) query = query.where(sql.ref(column), '=', value);
    return toNumber((await query.executeTakeFirstOrThrow()).count);
  }

  async function expectExactTotals(): Promise<void> {
    const { db } = handle;
    const page = { page: 1, limit: 1 };
    for (const caller of CALLERS) {
      for (const filters of PRESET_FILTERS) {
        const equals = {
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.category ? { category: filters.category } : {}),
          ...(filters.isDefault === undefined ? {} : { is_default: filters.isDefault ? 1 : 0 }),
        };
        const { total } = await new PresetsRepository(db).page(caller, filters, page);
        expect({ caller: caller.id, filters, total }).toEqual({
          caller: caller.id,
          filters,
          total: await counted('presets', caller, seesEverything(caller, 'preset'), 'is_default', equals),
        });
      }
      for (const filters of MODEL_FILTERS) {
        const { latestVersion, ...rest } = filters;
        const equals = { ...rest, ...(latestVersion ? { is_latest: 1 } : {}) };
        const { total } = await new AssetModelsRepository(db).page(caller, filters, page);
        expect({ caller: caller.id, filters, total }).toEqual({
          caller: caller.id,
          filters,
          total: await counted('asset_models', caller, seesEverything(caller, 'assetModel'), 'is_public', equals),
        });
      }
      for (const filters of RENDERED_FILTERS) {
        const { total } = await new RenderedAssetsRepository(db).page(caller, filters, page);
        expect({ caller: caller.id, filters, total }).toEqual({
          caller: caller.id,
          filters,
          total: await counted('rendered_assets', caller, seesEverything(caller, 'renderedAsset'), undefined, {
            ...filters,
          }),
        });
      }
      const { total } = await new ConfigsRepository(db).page(caller, page);
      expect({ caller: caller.id, configs: total }).toEqual({
        caller: caller.id,
        configs: await counted('configs', caller, seesEverything(caller, 'config'), undefined, {}),
      });
    }
  }

  it('keeps every total equal to a count of the visible rows through random changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 60, size: 'max' }), async (steps) => {
        // Every run starts from no items; deleting them goes through the summaries' delete triggers too.
        for (const table of ['presets', 'asset_models', 'configs', 'rendered_assets'] as const)
          await handle.db.deleteFrom(table).execute();
        for (const table of Object.values(SHARE_TABLE)) await handle.db.deleteFrom(table).execute();
        await handle.db.deleteFrom('group_members').execute();
        for (const [index, step] of steps.entries()) {
          await apply(step);
          if (index % 15 === 14) await expectExactTotals();
        }
        await expectExactTotals();
      }),
      // Each check is a hundred queries: PostgreSQL's round trips make its runs several times slower.
      { numRuns: database.name === 'sqlite' ? 40 : 15 },
    );
  }, 120_000);

  // One statement, several foreign key actions: their triggers must not each miss what the others changed.
  it('keeps the totals exact when deleting a user or a group changes items, shares and memberships at once', async () => {
    for (const table of ['presets', 'asset_models', 'configs', 'rendered_assets'] as const)
      await handle.db.deleteFrom(table).execute();
    for (const table of Object.values(SHARE_TABLE)) await handle.db.deleteFrom(table).execute();
    await handle.db.deleteFrom('group_members').execute();
    const steps: Command[] = [
      { do: 'join group', groupId: 'g1', userId: 'ann' },
      { do: 'join group', groupId: 'g1', userId: 'ben' },
      { do: 'join group', groupId: 'g2', userId: 'ann' },
      ...[0, 1, 2].map((slot): Command => ({
        do: 'insert preset',
        slot,
        values: { owner_id: slot === 2 ? 'ben' : 'ann', type: 'animation', category: 'A', is_default: 0, name: 'Dawn' },
      })),
      // ann's own presets, shared with her, with a group of hers and with ben; ben's shared with ann.
      { do: 'share', table: 'presets', slot: 0, principal: { userId: 'ann', groupId: null } },
      { do: 'share', table: 'presets', slot: 0, principal: { userId: null, groupId: 'g1' } },
      { do: 'share', table: 'presets', slot: 1, principal: { userId: null, groupId: 'g2' } },
      { do: 'share', table: 'presets', slot: 1, principal: { userId: 'ben', groupId: null } },
      { do: 'share', table: 'presets', slot: 2, principal: { userId: 'ann', groupId: null } },
      { do: 'share', table: 'presets', slot: 2, principal: { userId: null, groupId: 'g1' } },
    ];
    for (const step of steps) await apply(step);
    await expectExactTotals();
    await apply({ do: 'delete and recreate user', userId: 'ann' });
    await expectExactTotals();
    await apply({ do: 'join group', groupId: 'g1', userId: 'ann' });
    await apply({ do: 'delete and recreate group', groupId: 'g1' });
    await expectExactTotals();
  });

  it('backfills the summaries of a database that has items before the migration', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-counts-backfill-'));
    const created = await database.create(dir, { empty: true });
    const older = openDatabase(created.config);
    try {
      const schema =
        older.db.getExecutor().adapter instanceof PostgresAdapter
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(older.db)).rows[0]?.schema
          : undefined;
      const migrator = new Migrator({ db: older.db, provider: migrationProvider, migrationTableSchema: schema });
      const { error } = await migrator.migrateTo('0009-list-search');
      if (error) throw new Error('migrating to 0009 failed', { cause: error });
      for (const id of ['ann', 'ben'])
        await older.db
          .insertInto('users')
          .values({
            id,
            username: id,
            name: id,
            password_hash: null,
            roles: '["user"]',
            created_at: at,
            updated_at: at,
          })
          .execute();
      await older.db
        .insertInto('groups')
        .values({ id: 'g1', name: 'g1', description: '', created_at: at, updated_at: at })
        .execute();
      await older.db.insertInto('group_members').values({ group_id: 'g1', user_id: 'ben', created_at: at }).execute();
      const preset = (id: string, values: Partial<PresetRow>): PresetRow => ({
        id,
        owner_id: 'ann',
        name: id,
        type: 'postProcess',
        category: 'A',
        settings: '{}',
        is_default: 0,
        group_id: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
        ...values,
      });
      await older.db
        .insertInto('presets')
        .values([
          preset('p1', {}),
          preset('p2', {}),
          preset('p3', { type: 'animation' }),
          preset('p4', { owner_id: null, is_default: 1 }),
          preset('p5', { deleted_at: at }),
        ])
        .execute();
      // Shared with ben: p1 directly, p3 through his group, and two he sees anyway or not at all: p4 is everyone's,
      // p5 is deleted.
      const share = (id: string, entityId: string, principal: { user_id: string } | { group_id: string }) => ({
        id,
        entity_id: entityId,
        user_id: null,
        group_id: null,
        created_at: at,
        ...principal,
      });
      await older.db
        .insertInto('preset_shares')
        .values([
          share('s1', 'p1', { user_id: 'ben' }),
          share('s2', 'p3', { group_id: 'g1' }),
          share('s3', 'p4', { user_id: 'ben' }),
          share('s4', 'p5', { user_id: 'ben' }),
          share('s5', 'p1', { group_id: 'g1' }),
        ])
        .execute();
      await migrateToLatest(older.db);
      const presets = new PresetsRepository(older.db);
      const totals = async (caller: User, filters: PresetFilters) =>
        (await presets.page(caller, filters, { page: 1, limit: 1 })).total;
      expect(await totals(CALLERS[0]!, {})).toBe(4);
      expect(await totals(CALLERS[0]!, { type: 'postProcess' })).toBe(3);
      expect(await totals(CALLERS[1]!, {})).toBe(3);
      expect(await totals(CALLERS[1]!, { type: 'postProcess' })).toBe(2);
      expect(await totals(CALLERS[1]!, { isDefault: false })).toBe(2);
      expect(await totals(CALLERS[2]!, { isDefault: false })).toBe(3);
    } finally {
      await older.close();
      await created.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no summary row left with a count once every item is gone', async () => {
    for (const table of ['presets', 'asset_models', 'configs', 'rendered_assets'] as const)
      await handle.db.deleteFrom(table).execute();
    for (const { summary, sharedSummary } of Object.values(COUNTED_LISTS)) {
      for (const table of [summary, sharedSummary]) {
        const { rows } = await sql<{ total: number | string | null }>`
          select sum(n) as total from ${sql.table(table)}`.execute(handle.db);
        expect({ table, total: toNumber(rows[0]?.total) }).toEqual({ table, total: 0 });
      }
    }
  });
});
