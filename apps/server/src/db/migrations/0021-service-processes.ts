import type { Kysely } from 'kysely';

/**
 * The server copies and render workers running on this database, one row per process, refreshed by its heartbeat:
 * the administrators' system page lists those seen recently, wherever they run.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_processes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** 'server' or 'worker'. */
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('pid', 'integer', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('service_processes_last_seen_at')
    .on('service_processes')
    .column('last_seen_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_processes').execute();
}
