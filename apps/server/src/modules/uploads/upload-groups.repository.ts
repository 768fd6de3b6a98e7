import type { User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { UploadGroupRow } from '../../db/schema.js';
import { itemConditions } from '../access/item-conditions.js';

export class UploadGroupsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<UploadGroupRow | undefined> {
    return this.db.selectFrom('upload_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Whether the user may see a live preset that shows the group: an animation's preview images are seen by whoever
   * may see the animation, and by nobody else once it is unshared or deleted.
   */
  async seenThroughPreset(user: User, groupId: string): Promise<boolean> {
    const conditions = itemConditions(user, {
      db: this.db,
      kind: 'preset',
      table: 'presets',
      shareTable: 'preset_shares',
      everyoneColumn: 'is_default',
      equals: { group_id: groupId },
    });
    const row = await this.db
      .selectFrom('presets')
      .select('id')
      .where((eb) => eb.and(conditions))
      .executeTakeFirst();
    return row !== undefined;
  }
}
