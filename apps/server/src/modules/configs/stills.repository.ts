import { CAR_MODEL_FILES, CAR_MODEL_FORMATS, type CarModelFormat } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { StillRow } from '../../db/schema.js';

/** Where a still's JPEG is kept: under its hash, which media access reads back (library-media-access.ts). */
export const stillKey = (hash: string) => `stills/${hash}.jpg`;

/** Where the car of a still's settings is kept as a file: beside the still; only share links serve it. */
export const stillModelKey = (hash: string, format: CarModelFormat) =>
  `stills/${hash}.${CAR_MODEL_FILES[format].extension}`;

/** The car of a still's settings, exported as one format. */
export interface StillModel {
  format: CarModelFormat;
  key: string;
  size: number;
}

/** A row's models as stored; what does not read (a row written by a later server, say) is none. */
export function stillModelsOf(row: Pick<StillRow, 'models'> | undefined): StillModel[] {
  if (!row?.models) return [];
  try {
    const parsed = JSON.parse(row.models) as StillModel[];
    return parsed.filter((model) => (CAR_MODEL_FORMATS as readonly string[]).includes(model.format));
  } catch {
    return [];
  }
}

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
      .values({ hash, blob_key: null, status: 'queued', models: null, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }

  /** Records the stored JPEG and car files, whether or not the row was made when the job was queued. */
  async rendered(hash: string, blobKey: string, models: StillModel[] = []): Promise<void> {
    const stored = models.length > 0 ? JSON.stringify(models) : null;
    await this.db
      .insertInto('stills')
      .values({ hash, blob_key: blobKey, status: 'rendered', models: stored, created_at: new Date().toISOString() })
      .onConflict((conflict) =>
        conflict.column('hash').doUpdateSet({ blob_key: blobKey, status: 'rendered', models: stored }),
      )
      .execute();
  }

  /** Records that the render failed; a still rendered meanwhile (it cannot be, the job id is the hash's) stays. */
  async failed(hash: string): Promise<void> {
    await this.db
      .insertInto('stills')
      .values({ hash, blob_key: null, status: 'failed', models: null, created_at: new Date().toISOString() })
      .onConflict((conflict) =>
        conflict.column('hash').doUpdateSet({ status: 'failed' }).where('stills.blob_key', 'is', null),
      )
      .execute();
  }
}
