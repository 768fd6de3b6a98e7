import type { Kysely } from 'kysely';

/**
 * Engines being reset after their session ended, one row each until the reset is over. In the database rather than
 * in the memory of the copy that resets, so that no server copy lends an engine mid-reset (the reset would wipe the
 * next user's scene). A row whose copy died before it finished runs out at expires_at; another copy then resets the
 * engine again.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_resets')
    .addColumn('engine_id', 'text', (col) => col.primaryKey())
    /** Names one reset of the engine: a copy that finishes late removes only its own row, not a retaken one. */
    .addColumn('reset_id', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('engine_resets').execute();
}
