import type { Kysely } from 'kysely';

/**
 * The latest stream quality a session's viewer reported (frames per second, round trip, loss…), beside the session, so
 * that every server copy reads the same for its metrics and the administrators' system page.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  /** JSON of StreamQuality without the session id; null until the viewer reports. */
  await db.schema.alterTable('engine_sessions').addColumn('stream_quality', 'text').execute();
  await db.schema.alterTable('engine_sessions').addColumn('stream_quality_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_sessions').dropColumn('stream_quality_at').execute();
  await db.schema.alterTable('engine_sessions').dropColumn('stream_quality').execute();
}
