import { sql, type Kysely } from 'kysely';

/**
 * Indexes for a user's storage usage (issue 30 item 5, modules/storage-quota): the quota is checked by summing the
 * sizes of the rows that own a user's files, in the transaction that adds one, so it needs those rows by owner.
 * asset_models already has asset_models_owner_idx; uploads and rendered assets were read by group and by time only.
 * Each index carries the column the sum reads, so the sum walks the index without reading the table.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('uploads_owner_size_idx').on('uploads').columns(['owner_id', 'size']).execute();
  await db.schema
    .createIndex('rendered_assets_live_owner_idx')
    .on('rendered_assets')
    .columns(['owner_id', 'id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rendered_assets_live_owner_idx').ifExists().execute();
  await db.schema.dropIndex('uploads_owner_size_idx').ifExists().execute();
}
