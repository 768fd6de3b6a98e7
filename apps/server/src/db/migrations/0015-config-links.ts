import type { Kysely } from 'kysely';

/**
 * Read-only share links of configurations (modules/config-links): one row per link, found by its token, which is the
 * link's only credential. A revoked link keeps its row (revoked_at) so that revoking twice answers as revoking an
 * unknown link does, and an expired one keeps it too; neither opens anything.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('config_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Configurations are soft-deleted, so links stay until the row itself goes; the public routes check deleted_at.
    .addColumn('config_id', 'text', (col) => col.notNull().references('configs.id').onDelete('cascade'))
    /** 32 random bytes, base64url: unguessable, and unique so that one token opens one configuration. */
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    /** Null: until revoked. */
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  // The share dialog lists a configuration's links.
  await db.schema.createIndex('config_links_config_idx').on('config_links').column('config_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('config_links').execute();
}
