import { randomUUID } from 'node:crypto';
import {
  isAdmin,
  type Group,
  type ListQuery,
  type ListResult,
  type ListSortColumn,
  type User,
} from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { GroupRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { GroupsRepository } from './groups.repository.js';

const GROUP_NOT_FOUND = 'Group not found';
const nameTaken = (name: string) => `A group named ${name} already exists`;

export class GroupsService {
  constructor(
    private readonly db: Db,
    private readonly groups = new GroupsRepository(db),
  ) {}

  /**
   * Every group by name, for sharing; who is in a group is told to administrators and to its own members, not to
   * everyone who may share with it (they get its member count).
   */
  async list(viewer: User, query: ListQuery<ListSortColumn<'groups'>>): Promise<ListResult<Group>> {
    const { rows, total } = await this.groups.list(query);
    const groups = await this.withMembers(rows);
    if (isAdmin(viewer)) return { items: groups, total };
    const items = groups.map((group) =>
      group.users.some((member) => member.id === viewer.id) ? group : { ...group, users: [] },
    );
    return { items, total };
  }

  async get(id: string): Promise<Group> {
    const row = await this.groups.findById(id);
    if (!row) throw notFound(GROUP_NOT_FOUND);
    const [group] = await this.withMembers([row]);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  async create(input: { name: string; description: string; userIds: string[] }): Promise<Group> {
    await this.assertUsersExist(input.userIds);
    const now = new Date().toISOString();
    const id = randomUUID();
    try {
      // One transaction: a failure leaves neither the group nor half its members.
      await this.db.transaction().execute(async (trx) => {
        const groups = new GroupsRepository(trx);
        await groups.insert({ id, name: input.name, description: input.description, created_at: now, updated_at: now });
        await groups.addMembers(id, input.userIds);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(nameTaken(input.name));
      throw error;
    }
    return this.get(id);
  }

  async update(id: string, input: { name?: string | undefined; description?: string | undefined }): Promise<Group> {
    if (!(await this.groups.findById(id))) throw notFound(GROUP_NOT_FOUND);
    try {
      await this.groups.update(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      });
    } catch (error) {
      if (isUniqueViolation(error) && input.name) throw conflict(nameTaken(input.name));
      throw error;
    }
    return this.get(id);
  }

  async changeMembers(id: string, userIds: string[], remove: boolean): Promise<Group> {
    if (!(await this.groups.findById(id))) throw notFound(GROUP_NOT_FOUND);
    if (remove) await this.groups.removeMembers(id, userIds);
    else {
      await this.assertUsersExist(userIds);
      await this.groups.addMembers(id, userIds);
    }
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.groups.delete(id))) throw notFound(GROUP_NOT_FOUND);
  }

  private async assertUsersExist(userIds: readonly string[]): Promise<void> {
    const known = await this.groups.existingUserIds(userIds);
    const unknown = userIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badRequest(`userIds: no user with id ${unknown.join(', ')}`);
  }

  private async withMembers(rows: GroupRow[]): Promise<Group[]> {
    const members = await this.groups.members(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      users: members.get(row.id) ?? [],
      memberCount: members.get(row.id)?.length ?? 0,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}
