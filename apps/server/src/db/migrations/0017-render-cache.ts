import type { Kysely } from 'kysely';

/**
 * The render cache (modules/render/cache): the files of a finished render, kept under the hash of everything that
 * changes their pixels, so that the same render asked again (or a matrix's variant rendered before, or by a job that
 * was interrupted) is copied instead of rendered.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('render_cache')
    .addColumn('hash', 'text', (col) => col.primaryKey())
    /** JSON array of the cached files: {kind, key, contentType, size, width?, height?}. */
    .addColumn('outputs', 'text', (col) => col.notNull())
    /** The asset model whose car the render shows; null: the engine's own car. Its entries go when it changes. */
    .addColumn('asset_model_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('render_cache_asset_model_idx').on('render_cache').column('asset_model_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('render_cache_asset_model_idx').ifExists().execute();
  await db.schema.dropTable('render_cache').execute();
}
