import type { Db } from '../../db/database.js';
import type { StillRow } from '../../db/schema.js';

/** Where a still's JPEG is kept: under its hash, which media access reads back (library-media-access.ts). */
export const stillKey = (hash: string) => `stills/${hash}.jpg`;

/** The cache of configuration stills (migration 0014): one row per hash, whatever became of its render. */
export class StillsRepository {
  constructor(private readonly db: Db) {}

  find(hash: string): Promise<StillRow | undefined> {
    return this.db.selectFrom('stills').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  /** The stored JPEG of each of these hashes that has one. */
  async keys(hashes: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(hashes)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('stills')
      .select(['hash', 'blob_key'])
      .where('hash', 'in', unique)
      .where('blob_key', 'is not', null)
      .execute();
    return new Map(rows.flatMap((row) => (row.blob_key ? [[row.hash, row.blob_key] as const] : [])));
  }

  /** Records that a still is being rendered, unless its hash has a row already (rendered, or queued by another copy). */
  async queued(hash: string): Promise<void> {
    await this.db
      .insertInto('stills')
      .values({ hash, blob_key: null, status: 'queued', created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }

  /** Records the stored JPEG, whether or not the row was made when the job was queued. */
  async rendered(hash: string, blobKey: string): Promise<void> {
    await this.db
      .insertInto('stills')
      .values({ hash, blob_key: blobKey, status: 'rendered', created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('hash').doUpdateSet({ blob_key: blobKey, status: 'rendered' }))
      .execute();
  }

  /** Records that the render failed; a still rendered meanwhile (it cannot be, the job id is the hash's) stays. */
  async failed(hash: string): Promise<void> {
    await this.db
      .insertInto('stills')
      .values({ hash, blob_key: null, status: 'failed', created_at: new Date().toISOString() })
      .onConflict((conflict) =>
        conflict.column('hash').doUpdateSet({ status: 'failed' }).where('stills.blob_key', 'is', null),
      )
      .execute();
  }
}
