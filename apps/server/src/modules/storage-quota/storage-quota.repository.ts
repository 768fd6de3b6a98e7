import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { toNumber } from '../../db/search.js';

/** The database, or a transaction of it: the quota is checked inside the transaction that adds a file's row. */
export type Queries = Kysely<Database>;

/**
 * What a user's files take, summed from the rows that own them: their uploads, the model files of their asset models'
 * live versions, and the files of their live rendered assets. No counter is kept beside those rows, so none can
 * drift from them (migration 0013-storage-usage indexes the sums).
 */
export class StorageUsageRepository {
  constructor(private readonly db: Db) {}

  async used(userId: string, queries: Queries = this.db): Promise<number> {
    const { rows } = await sql<{ uploads: number | string; models: number | string; renders: number | string }>`
      select
        (select coalesce(sum(size), 0) from uploads where owner_id = ${userId}) as uploads,
        (select coalesce(sum(file_size), 0) from asset_models
          where owner_id = ${userId} and deleted_at is null) as models,
        (select coalesce(sum(items.size), 0) from rendered_asset_items items
          join rendered_assets assets on assets.id = items.asset_id
          where assets.owner_id = ${userId} and assets.deleted_at is null) as renders
    `.execute(queries);
    const row = rows[0];
    return row ? toNumber(row.uploads) + toNumber(row.models) + toNumber(row.renders) : 0;
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
  }

  /**
   * Makes the user's other quota checks wait until this transaction ends, so that two uploads at once cannot both
   * pass on the same sum. PostgreSQL: a lock of the user's row, one that foreign keys to it do not wait for (they
   * take a key share). SQLite needs none: the server's transactions take turns on its one connection.
   */
  async lockOwner(userId: string, queries: Queries): Promise<void> {
    if (!(queries.getExecutor().adapter instanceof PostgresAdapter)) return;
    await queries.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }
}
