import { randomUUID } from 'node:crypto';
import { isAdmin, type SharedWith, type User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { ShareTableName } from '../../db/schema.js';

export type Principal = 'user' | 'group';

/** The share rows of one kind of item. */
export class SharesRepository {
  constructor(
    private readonly db: Db,
    private readonly table: ShareTableName,
  ) {}

  async add(entityId: string, principal: Principal, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const now = new Date().toISOString();
    await this.db
      .insertInto(this.table)
      .values(
        [...new Set(ids)].map((id) => ({
          id: randomUUID(),
          entity_id: entityId,
          user_id: principal === 'user' ? id : null,
          group_id: principal === 'group' ? id : null,
          created_at: now,
        })),
      )
      // Sharing twice is not an error: the item is simply still shared.
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async remove(entityId: string, principal: Principal, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom(this.table)
      .where('entity_id', '=', entityId)
      .where(principal === 'user' ? 'user_id' : 'group_id', 'in', [...ids])
      .execute();
  }

  async removeAll(entityId: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('entity_id', '=', entityId).execute();
  }

  /** Whether the item is shared with the user directly or through one of their groups. */
  async isSharedWith(entityId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom(`${this.table} as s`)
      .select('s.id')
      .where('s.entity_id', '=', entityId)
      .where((eb) =>
        eb.or([
          eb('s.user_id', '=', userId),
          eb('s.group_id', 'in', eb.selectFrom('group_members').select('group_id').where('user_id', '=', userId)),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The usernames of the items' owners, for an administrator's lists (their Owner column); for anyone else nothing is
   * looked up, and holdersFor tells them no names.
   */
  async ownerUsernames(viewer: User, ownerIds: readonly (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(ownerIds.filter((id): id is string => id !== null))];
    if (!isAdmin(viewer) || ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.username]));
  }

  /** Who each item is shared with, in two queries for any number of items. */
  async sharedWith(entityIds: readonly string[]): Promise<Map<string, SharedWith>> {
    const result = new Map<string, SharedWith>(entityIds.map((id) => [id, { sharedUsers: [], sharedGroups: [] }]));
    if (entityIds.length === 0) return result;
    const [users, groups] = await Promise.all([
      this.db
        .selectFrom(`${this.table} as s`)
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.entity_id', 'u.id', 'u.name'])
        .where('s.entity_id', 'in', [...entityIds])
        .orderBy('u.name')
        .execute(),
      this.db
        .selectFrom(`${this.table} as s`)
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .select(['s.entity_id', 'g.id', 'g.name'])
        .where('s.entity_id', 'in', [...entityIds])
        .orderBy('g.name')
        .execute(),
    ]);
    for (const row of users) result.get(row.entity_id)?.sharedUsers.push({ id: row.id, name: row.name });
    for (const row of groups) result.get(row.entity_id)?.sharedGroups.push({ id: row.id, name: row.name });
    return result;
  }
}
