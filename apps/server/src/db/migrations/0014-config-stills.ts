import type { Kysely } from 'kysely';

/**
 * The cache of configuration stills (modules/render/config-stills.ts): one row per picture, keyed by the hash of what
 * changes it (modules/configs/config-still-hash.ts), so that configurations saved with the same settings share one
 * still and saving settings whose still exists renders nothing. A configuration names the still of its current
 * settings by that hash.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stills')
    .addColumn('hash', 'text', (col) => col.primaryKey())
    /** The stored JPEG (`stills/<hash>.jpg`); null until it is rendered. */
    .addColumn('blob_key', 'text')
    /** queued, rendered or failed. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('configs').addColumn('still_hash', 'text').execute();
  // Media access asks whether the user may see any configuration showing a still.
  await db.schema.createIndex('configs_still_hash_idx').on('configs').column('still_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('configs_still_hash_idx').ifExists().execute();
  await db.schema.alterTable('configs').dropColumn('still_hash').execute();
  await db.schema.dropTable('stills').execute();
}
