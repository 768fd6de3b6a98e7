import { sql } from 'kysely';
import type { User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { UploadRow } from '../../db/schema.js';
import { itemConditions } from '../access/item-conditions.js';

export class UploadsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: UploadRow): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /**
   * Whether the user may see uploads of a group through a preset: an animation's preview images are seen by
   * whoever may see the animation.
   */
  async groupSeenThroughPreset(user: User, groupId: string): Promise<boolean> {
    const conditions = itemConditions(user, {
      kind: 'preset',
      table: 'presets',
      shareTable: 'preset_shares',
      everyone: sql<boolean>`presets.is_default = 1`,
      equals: { group_id: groupId },
    });
    const row = await this.db
      .selectFrom('presets')
      .select('id')
      .where((eb) => eb.and(conditions))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The group's uploads: all of them when `all`, else only the user's own. */
  inGroup(groupId: string, ownerId: string | null): Promise<UploadRow[]> {
    let query = this.db.selectFrom('uploads').selectAll().where('group_id', '=', groupId);
    if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
    return query
      .orderBy(sql`created_at`)
      .orderBy('id')
      .limit(1000)
      .execute();
  }
}
