import {
  roleSchema,
  type ListQuery,
  type ListResult,
  type ListSortColumn,
  type Role,
  type User,
} from '@autostudio/protocol';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { NewUserRow, UserRow, UserRowUpdate } from '../../db/schema.js';
import { paginate } from '../../db/paginate.js';
import { containsIgnoringCase, toNumber } from '../../db/search.js';
import { orderList } from '../../db/sort.js';

const rolesColumn = z.array(roleSchema);

const SORT_COLUMNS = { name: 'name', username: 'username' } as const;

export function toUser(row: UserRow): User {
  return { id: row.id, username: row.username, name: row.name, roles: rolesColumn.parse(JSON.parse(row.roles)) };
}

export function rolesToColumn(roles: readonly Role[]): string {
  return JSON.stringify([...new Set(roles)]);
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  async count(): Promise<number> {
    const { count } = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    return toNumber(count);
  }

  /** Administrators other than the given user; the last one may not lose the role. */
  async countOtherAdmins(exceptId: string): Promise<number> {
    const rows = await this.db.selectFrom('users').select('roles').where('id', '<>', exceptId).execute();
    return rows.filter((row) => rolesColumn.parse(JSON.parse(row.roles)).includes('admin')).length;
  }

  async list(query: ListQuery<ListSortColumn<'users'>>): Promise<ListResult<User>> {
    const { search } = query;
    const { rows, total } = await paginate(
      () =>
        search
          ? this.db
              .selectFrom('users')
              .where((eb) =>
                eb.or([containsIgnoringCase('users.name', search), containsIgnoringCase('users.username', search)]),
              )
          : this.db.selectFrom('users'),
      query,
      (select) =>
        orderList(select.selectAll(), 'users', SORT_COLUMNS, query, (own) => own.orderBy('name').orderBy('id')),
    );
    return { items: rows.map(toUser), total };
  }

  async insert(row: NewUserRow): Promise<UserRow> {
    await this.db.insertInto('users').values(row).execute();
    const inserted = await this.findById(row.id);
    if (!inserted) throw new Error(`User ${row.id} vanished after insert`);
    return inserted;
  }

  async update(id: string, changes: UserRowUpdate): Promise<UserRow | undefined> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
    return this.findById(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
