import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

interface GroupUse {
  group_id: string;
  owner_id: string | null;
  created_at: string;
  /** 0 for a live preset, 1 for an upload, 2 for a deleted preset: a preset's owner has the first claim. */
  claim_order: number;
}

/**
 * Upload groups become rows with an owner. Until now a group id was any string a client chose, so one id may be
 * used by the uploads and presets of several users. The group keeps its id for its first claimant (the owner of
 * the oldest live preset using it, else of the oldest upload); every other user's uploads and presets in it move to a
 * new group of their own, so nothing is lost and nobody keeps a hold on someone else's group.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('upload_groups_owner_idx').on('upload_groups').column('owner_id').execute();
  await db.schema.createIndex('presets_group_idx').on('presets').column('group_id').execute();

  const { rows } = await sql<GroupUse>`
    select group_id, owner_id, created_at, case when deleted_at is null then 0 else 2 end as claim_order
    from presets where group_id is not null
    union all
    select group_id, owner_id, created_at, 1 as claim_order from uploads where group_id is not null
    order by group_id, claim_order, created_at`.execute(db);
  const claimed = new Map<string, { owner: string | null; created: string }>();
  // (old group id, user) → the new group id of that user's part of a shared id.
  const moved = new Map<string, string>();
  for (const use of rows) {
    const first = claimed.get(use.group_id);
    if (!first) claimed.set(use.group_id, { owner: use.owner_id, created: use.created_at });
    else if (use.owner_id !== null && use.owner_id !== first.owner)
      moved.set(JSON.stringify([use.group_id, use.owner_id]), randomUUID());
  }

  for (const [id, { owner, created }] of claimed) {
    await sql`insert into upload_groups (id, owner_id, created_at) values (${id}, ${owner}, ${created})`.execute(db);
  }
  const now = new Date().toISOString();
  for (const [key, newId] of moved) {
    const [oldId, owner] = JSON.parse(key) as [string, string];
    await sql`insert into upload_groups (id, owner_id, created_at) values (${newId}, ${owner}, ${now})`.execute(db);
    for (const table of ['uploads', 'presets']) {
      await sql`update ${sql.table(table)} set group_id = ${newId} where group_id = ${oldId} and owner_id = ${owner}`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('presets_group_idx').execute();
  await db.schema.dropTable('upload_groups').execute();
}
