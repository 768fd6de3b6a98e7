import { sql, type Kysely } from 'kysely';

/** The four kinds of shareable item each have a share table: one row per user or group it is shared with. */
const SHARE_TABLES = ['preset_shares', 'config_shares', 'asset_model_shares', 'rendered_asset_shares'] as const;

// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (col) => col.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('group_id', 'text')
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('blob_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploads_group_idx').on('uploads').column('group_id').execute();

  await db.schema
    .createTable('presets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('group_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // Lists walk these in their sort order and stop after one page (see db/paginate.ts).
  await db.schema.createIndex('presets_type_name_idx').on('presets').columns(['type', 'name', 'id']).execute();
  await db.schema.createIndex('presets_name_idx').on('presets').columns(['name', 'id']).execute();
  await db.schema.createIndex('presets_owner_idx').on('presets').column('owner_id').execute();

  await db.schema
    .createTable('configs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('project_path', 'text', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('image_key', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('configs_owner_idx').on('configs').column('owner_id').execute();
  await db.schema.createIndex('configs_updated_idx').on('configs').columns(['updated_at', 'id']).execute();

  await db.schema
    .createTable('asset_models')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('model_id', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('is_latest', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('file_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_size', 'bigint')
    .addColumn('preview_key', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .addUniqueConstraint('asset_models_version_unique', ['model_id', 'version'])
    .execute();
  await db.schema.createIndex('asset_models_name_idx').on('asset_models').columns(['name', 'version', 'id']).execute();
  await db.schema
    .createIndex('asset_models_latest_name_idx')
    .on('asset_models')
    .columns(['is_latest', 'name', 'version', 'id'])
    .execute();
  await db.schema.createIndex('asset_models_owner_idx').on('asset_models').column('owner_id').execute();

  await db.schema
    .createTable('rendered_assets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('config_id', 'text', (col) => col.references('configs.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('rendered_assets_created_idx')
    .on('rendered_assets')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createTable('rendered_asset_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('asset_id', 'text', (col) => col.notNull().references('rendered_assets.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('blob_key', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rendered_asset_items_asset_idx').on('rendered_asset_items').column('asset_id').execute();

  for (const table of SHARE_TABLES) {
    // entity_id has no foreign key: asset model shares point at the model (all its versions), not one row.
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('entity_id', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('group_id', 'text', (col) => col.references('groups.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addCheckConstraint(`${table}_one_principal`, sql`(user_id is null) <> (group_id is null)`)
      .execute();
    await db.schema.createIndex(`${table}_entity_idx`).on(table).column('entity_id').execute();
    await db.schema.createIndex(`${table}_user_unique`).on(table).columns(['entity_id', 'user_id']).unique().execute();
    await db.schema
      .createIndex(`${table}_group_unique`)
      .on(table)
      .columns(['entity_id', 'group_id'])
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of SHARE_TABLES) await db.schema.dropTable(table).execute();
  for (const table of [
    'rendered_asset_items',
    'rendered_assets',
    'asset_models',
    'configs',
    'presets',
    'uploads',
    'group_members',
    'groups',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
