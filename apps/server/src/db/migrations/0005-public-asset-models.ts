import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  // 1: every signed-in user may see the model (the built-in car), whatever its shares say.
  await db.schema
    .alterTable('asset_models')
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asset_models').dropColumn('is_public').execute();
}
