import type { Kysely } from 'kysely';

/**
 * A job of many items (a variant matrix) reports what became of each, so that its user sees which variants are done,
 * which came from the render cache and which are still to come, not only a percentage.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  /** JSON array of {row, column, state}; null for a job of one image (and for jobs queued before). */
  await db.schema.alterTable('render_jobs').addColumn('items', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('render_jobs').dropColumn('items').execute();
}
