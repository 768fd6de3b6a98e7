import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Lists that stay fast at 100,000 rows (issue 15, bench/list-bench.mjs).
 *
 * - Name search goes through an index made for "contains": an FTS5 table with the trigram tokenizer on SQLite,
 *   a pg_trgm GIN index on lower(name) on PostgreSQL. The LIKE that defined the search stays in the query as the
 *   exact check (db/search.ts), so the index only narrows the rows down.
 * - The list and count indexes cover live rows only (`where deleted_at is null`, which every list has) and carry
 *   the columns the access rule reads, so a count walks one index without reading the table.
 */
// The tables whose lists search names (db/search.ts SEARCHED_TABLES, as of this migration).
const SEARCHED_TABLES = ['presets', 'asset_models', 'configs', 'rendered_assets'] as const;
const SHARE_TABLES = ['preset_shares', 'config_shares', 'asset_model_shares', 'rendered_asset_shares'] as const;

// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await trigramIndexes(db);
  else for (const table of SEARCHED_TABLES) await ftsTable(db, table);

  // Replaced by the live-row versions below.
  await db.schema.dropIndex('presets_type_name_idx').execute();
  await db.schema.dropIndex('presets_name_idx').execute();
  await db.schema.dropIndex('asset_models_latest_name_idx').execute();
  await db.schema.dropIndex('asset_models_name_idx').execute();
  // Each carries the columns the access rule reads (owner, default/public flag, the key shares point at) and
  // deleted_at itself: SQLite counts from an index alone only if every column the query names is in it.
  await liveIndex(db, 'presets_live_type_name_idx', 'presets', ['type', 'name', 'id', 'owner_id', 'is_default']);
  await liveIndex(db, 'presets_live_name_idx', 'presets', ['name', 'id', 'owner_id', 'is_default', 'type']);
  await liveIndex(db, 'presets_live_owner_idx', 'presets', ['owner_id', 'type', 'name', 'id', 'is_default']);
  await liveIndex(db, 'asset_models_live_latest_name_idx', 'asset_models', [
    'is_latest',
    'name',
    'version desc',
    'id',
    'owner_id',
    'model_id',
    'is_public',
  ]);
  await liveIndex(db, 'asset_models_live_name_idx', 'asset_models', ['name', 'version desc', 'id']);
  await liveIndex(db, 'asset_models_live_owner_idx', 'asset_models', [
    'owner_id',
    'is_latest',
    'name',
    'version desc',
    'id',
    'model_id',
    'is_public',
  ]);
  // The access rule's "shared with me or my groups" reads shares by user and by group, not by item.
  for (const table of SHARE_TABLES) {
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'entity_id']).execute();
    await db.schema.createIndex(`${table}_group_idx`).on(table).columns(['group_id', 'entity_id']).execute();
  }
  // Statistics for the new expression indexes now, rather than at autovacuum's next visit.
  if (postgres)
    for (const table of [...SEARCHED_TABLES, ...SHARE_TABLES]) await sql`analyze ${sql.id(table)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of [
    'presets_live_type_name_idx',
    'presets_live_name_idx',
    'presets_live_owner_idx',
    'asset_models_live_latest_name_idx',
    'asset_models_live_name_idx',
    'asset_models_live_owner_idx',
    ...SHARE_TABLES.flatMap((table) => [`${table}_user_idx`, `${table}_group_idx`]),
  ])
    await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.createIndex('presets_type_name_idx').on('presets').columns(['type', 'name', 'id']).execute();
  await db.schema.createIndex('presets_name_idx').on('presets').columns(['name', 'id']).execute();
  await db.schema.createIndex('asset_models_name_idx').on('asset_models').columns(['name', 'version', 'id']).execute();
  await db.schema
    .createIndex('asset_models_latest_name_idx')
    .on('asset_models')
    .columns(['is_latest', 'name', 'version', 'id'])
    .execute();
  for (const table of SEARCHED_TABLES) {
    if (postgres) {
      await db.schema.dropIndex(`${table}_name_trgm_idx`).execute();
      continue;
    }
    for (const trigger of ['insert', 'update', 'delete'])
      await sql`drop trigger ${sql.id(`${table}_search_${trigger}`)}`.execute(db);
    await sql`drop table ${sql.id(`${table}_search`)}`.execute(db);
    await sql`drop table ${sql.id(`${table}_search_keys`)}`.execute(db);
  }
}

function liveIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns, 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

/**
 * SQLite: `<table>_search` holds the names of live rows, trigram-tokenised, so `match '"abc"'` finds every name
 * containing "abc" whatever its case. FTS rows are addressed by an integer rowid; a table's own rowid may change
 * on VACUUM (its key is text), so `<table>_search_keys` gives each item a stable integer key instead. Triggers keep
 * both in step with inserts, renames, soft deletes and deletes.
 */
async function ftsTable(db: Kysely<unknown>, table: string): Promise<void> {
  const search = sql.id(`${table}_search`);
  const keys = sql.id(`${table}_search_keys`);
  const items = sql.id(table);
  await sql`create table ${keys} (key integer primary key, item_id text not null unique)`.execute(db);
  // Contentless: the names live in the item table, the FTS table keeps only its index. A row leaves it through
  // FTS5's 'delete' command, which takes the values it was indexed with: the old name of a row that was live.
  await sql`create virtual table ${search} using fts5(name, content='', tokenize='trigram')`.execute(db);
  await sql`insert into ${keys} (item_id) select id from ${items}`.execute(db);
  await sql`insert into ${search} (rowid, name)
    select k.key, t.name from ${items} t join ${keys} k on k.item_id = t.id where t.deleted_at is null`.execute(db);
  const unindexOld = sql`insert into ${search} (${search}, rowid, name)
      select 'delete', key, old.name from ${keys} where item_id = old.id and old.deleted_at is null`;
  const indexNew = sql`insert into ${search} (rowid, name)
      select key, new.name from ${keys} where item_id = new.id and new.deleted_at is null`;
  await sql`create trigger ${sql.id(`${table}_search_insert`)} after insert on ${items} begin
    insert into ${keys} (item_id) values (new.id);
    ${indexNew};
  end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_search_update`)} after update of id, name, deleted_at on ${items} begin
    ${unindexOld};
    update ${keys} set item_id = new.id where item_id = old.id;
    ${indexNew};
  end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_search_delete`)} after delete on ${items} begin
    ${unindexOld};
    delete from ${keys} where item_id = old.id;
  end`.execute(db);
}

/**
 * PostgreSQL: pg_trgm GIN indexes on lower(name), which serve `lower(name) like '%abc%'` as it is written. The
 * extension is database-wide: it goes to `public` (or stays where an administrator installed it) rather than to
 * this server's schema, where dropping the schema would take every other schema's trigram indexes with it. The
 * advisory lock keeps two servers (or test suites) migrating at once from both creating it. fastupdate off: new
 * names go straight into the index rather than to a pending list that every search reads through until the next
 * vacuum (with 100,000 fresh rows the planner rightly chose a scan over it: EXPLAIN in the issue 15 note).
 */
async function trigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('autostudio pg_trgm'))`.execute(db);
  let schema = await trigramSchema(db);
  if (!schema) {
    const { rows } = await sql<{ exists: boolean }>`
      select exists (select 1 from pg_namespace where nspname = 'public') as exists`.execute(db);
    const target = rows[0]?.exists ? 'public' : await currentSchema(db);
    await sql`create extension if not exists pg_trgm with schema ${sql.id(target)}`.execute(db);
    schema = target;
  }
  for (const table of SEARCHED_TABLES) {
    await sql`create index ${sql.id(`${table}_name_trgm_idx`)} on ${sql.id(table)}
      using gin (lower(name) ${sql.id(schema, 'gin_trgm_ops')}) with (fastupdate = off) where deleted_at is null`.execute(
      db,
    );
  }
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
