import { roleSchema, type Role, type User } from '@autostudio/protocol';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { NewUserRow, UserRow, UserRowUpdate } from '../../db/schema.js';

const rolesColumn = z.array(roleSchema);

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
    return Number(count);
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
}
