import type { Kysely } from 'kysely';

/**
 * The waiting line for engines (modules/engine-line): one place per user, first come first served by `joined_at`.
 * A place counts while its page keeps asking for it (`last_seen_at`); every server copy reads the same line.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_line')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('engine_line_joined_idx').on('engine_line').columns(['joined_at', 'user_id']).execute();
  // The estimated wait reads the latest ended sessions.
  await db.schema.createIndex('engine_sessions_ended_idx').on('engine_sessions').column('ended_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('engine_sessions_ended_idx').ifExists().execute();
  await db.schema.dropTable('engine_line').execute();
}
