import { type Kysely } from 'kysely';

/**
 * A completed render job names the rendered asset its outputs became: the status call reports it, and deleting the
 * job leaves the asset and its files alone (they belong to the asset from then on).
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('render_jobs').addColumn('asset_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('render_jobs').dropColumn('asset_id').execute();
}
