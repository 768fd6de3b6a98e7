import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('engine_id', 'text', (col) => col.notNull())
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('streamer_id', 'text', (col) => col.notNull())
    /** active, released, expired or error. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_heartbeat_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  // At most one active session per user and per engine: the database decides races between server copies.
  await db.schema
    .createIndex('engine_sessions_active_user')
    .on('engine_sessions')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema
    .createIndex('engine_sessions_active_engine')
    .on('engine_sessions')
    .column('engine_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('engine_sessions').execute();
}
