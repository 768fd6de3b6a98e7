import { type Kysely } from 'kysely';

/**
 * The durable render queue: one row per job, taken by a worker with a lease it renews. A job whose lease runs out
 * is taken again until it has used `max_attempts`, then failed; see modules/render/render-jobs.repository.ts.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('render_jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** still or video. */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** The validated request, JSON. */
    .addColumn('request', 'text', (col) => col.notNull())
    /** queued, running, completed, failed or cancelled. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('error', 'text')
    /** JSON array of {kind, key, contentType}. */
    .addColumn('outputs', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('worker_id', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // A claim looks for the oldest queued job, or a running one whose lease ran out.
  await db.schema.createIndex('render_jobs_claim_idx').on('render_jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('render_jobs_owner_idx').on('render_jobs').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('render_jobs').execute();
}
