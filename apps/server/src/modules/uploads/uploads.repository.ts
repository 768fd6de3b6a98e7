import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Queries } from '../storage-quota/storage-quota.repository.js';
import type { UploadGroupRow, UploadRow } from '../../db/schema.js';

export class UploadsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Inserts the upload, and first the new group it starts when there is one: both or neither. `check` runs first in
   * the same transaction (the owner's storage quota) and writes nothing when it throws.
   */
  async insert(row: UploadRow, newGroup?: UploadGroupRow, check?: (trx: Queries) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await check?.(trx);
      if (newGroup) await trx.insertInto('upload_groups').values(newGroup).execute();
      await trx.insertInto('uploads').values(row).execute();
    });
  }

  /** Inserts a whole group with its uploads: all or nothing. */
  async insertGroup(group: UploadGroupRow, rows: readonly UploadRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('upload_groups').values(group).execute();
      if (rows.length > 0)
        await trx
          .insertInto('uploads')
          .values([...rows])
          .execute();
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** Every upload of the group. */
  inGroup(groupId: string): Promise<UploadRow[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy(sql`created_at`)
      .orderBy('id')
      .limit(1000)
      .execute();
  }
}
