import type { Kysely } from 'kysely';

/**
 * A configuration still's job also exports the car as configured (GLB and USDZ), so that a share link offers the car
 * for AR and 3D tools without an engine when someone opens it. The files sit beside the still, under its hash.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  /** JSON array of {format, key, size}; null on stills rendered before, and while none is exported. */
  await db.schema.alterTable('stills').addColumn('models', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stills').dropColumn('models').execute();
}
