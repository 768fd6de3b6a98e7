import type { Group, ListQuery, ListSortColumn } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { paginate } from '../../db/paginate.js';
import type { GroupRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../../db/search.js';
import { orderList } from '../../db/sort.js';

const SORT_COLUMNS = { name: 'name', updatedAt: 'updated_at' } as const;

export class GroupsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<GroupRow | undefined> {
    return this.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(query: ListQuery<ListSortColumn<'groups'>>): Promise<{ rows: GroupRow[]; total: number }> {
    const { search } = query;
    return paginate(
      () => {
        const base = this.db.selectFrom('groups');
        return search ? base.where(containsIgnoringCase('groups.name', search)) : base;
      },
      query,
      (select) =>
        orderList(select.selectAll(), 'groups', SORT_COLUMNS, query, (own) => own.orderBy('name').orderBy('id')),
    );
  }

  /** Each group's members, for any number of groups in one query. */
  async members(groupIds: readonly string[]): Promise<Map<string, Group['users']>> {
    const result = new Map<string, Group['users']>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('group_members as gm')
      .innerJoin('users as u', 'u.id', 'gm.user_id')
      .select(['gm.group_id', 'u.id', 'u.name', 'u.username'])
      .where('gm.group_id', 'in', [...groupIds])
      .orderBy('u.name')
      .execute();
    for (const row of rows) result.get(row.group_id)?.push({ id: row.id, name: row.name, username: row.username });
    return result;
  }

  async insert(row: GroupRow): Promise<void> {
    await this.db.insertInto('groups').values(row).execute();
  }

  async update(id: string, changes: Partial<Pick<GroupRow, 'name' | 'description'>>): Promise<void> {
    await this.db
      .updateTable('groups')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async addMembers(groupId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    const now = new Date().toISOString();
    await this.db
      .insertInto('group_members')
      .values([...new Set(userIds)].map((userId) => ({ group_id: groupId, user_id: userId, created_at: now })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async removeMembers(groupId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('group_members')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', [...userIds])
      .execute();
  }

  async existingUserIds(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...userIds])
      .execute();
    return new Set(rows.map((row) => row.id));
  }
}
