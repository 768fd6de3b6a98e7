import { isAdmin, type User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { UploadGroupRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { UploadGroupsRepository } from './upload-groups.repository.js';

export const UPLOAD_GROUP_NOT_FOUND = 'Upload group not found';

/**
 * Who may use an upload group. Groups are made by the server and owned; knowing a group's id gives nothing. The
 * owner (and an administrator) reads and adds to it; whoever may currently see a preset that shows it reads it, so
 * revoking the preset's share revokes the group too. A group the caller may not read answers 404, one they may
 * read but not change 403.
 */
export class UploadGroupAccess {
  private readonly groups: UploadGroupsRepository;

  constructor(db: Db) {
    this.groups = new UploadGroupsRepository(db);
  }

  async canRead(user: User, groupId: string): Promise<boolean> {
    const group = await this.groups.find(groupId);
    return group !== undefined && this.canReadGroup(user, group);
  }

  async readable(user: User, groupId: string): Promise<UploadGroupRow> {
    const group = await this.groups.find(groupId);
    if (!group || !(await this.canReadGroup(user, group))) throw notFound(UPLOAD_GROUP_NOT_FOUND);
    return group;
  }

  /** Adding uploads to the group, or pointing a preset at it: for its owner and administrators. */
  async changeable(user: User, groupId: string): Promise<UploadGroupRow> {
    const group = await this.readable(user, groupId);
    if (!this.canChangeGroup(user, group)) throw forbidden();
    return group;
  }

  async canChange(user: User, groupId: string): Promise<boolean> {
    const group = await this.groups.find(groupId);
    return group !== undefined && this.canChangeGroup(user, group);
  }

  private canChangeGroup(user: User, group: UploadGroupRow): boolean {
    return isAdmin(user) || (group.owner_id !== null && group.owner_id === user.id);
  }

  private async canReadGroup(user: User, group: UploadGroupRow): Promise<boolean> {
    return this.canChangeGroup(user, group) || this.groups.seenThroughPreset(user, group.id);
  }
}
