import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ConfigLinkRow, Database } from '../../db/schema.js';

/** What a working link opens: the live configuration behind it, with its owner's username. */
export interface OpenedLink {
  configId: string;
  name: string;
  description: string;
  settings: string;
  imageKey: string | null;
  stillHash: string | null;
  ownerUsername: string | null;
}

/** The share links of configurations (migration 0015). Times are ISO strings, which compare as they sort. */
export class ConfigLinksRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ConfigLinkRow): Promise<void> {
    await this.db.insertInto('config_links').values(row).execute();
  }

  /** The configuration's links that still open it, newest first. */
  live(configId: string, now: string): Promise<ConfigLinkRow[]> {
    return this.db
      .selectFrom('config_links')
      .selectAll()
      .where('config_id', '=', configId)
      .where(opensAt(now))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Revokes one of the configuration's links; false when it has no such link, or revoked it already. */
  async revoke(configId: string, linkId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('config_links')
      .set({ revoked_at: now })
      .where('id', '=', linkId)
      .where('config_id', '=', configId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * The configuration a token opens now: one query that refuses alike a token nobody made, a revoked or expired
   * link and a deleted configuration, so that the caller cannot tell them apart either.
   */
  opened(token: string, now: string): Promise<OpenedLink | undefined> {
    return this.db
      .selectFrom('config_links')
      .innerJoin('configs as c', 'c.id', 'config_links.config_id')
      .leftJoin('users as u', 'u.id', 'c.owner_id')
      .select([
        'c.id as configId',
        'c.name',
        'c.description',
        'c.settings',
        'c.image_key as imageKey',
        'c.still_hash as stillHash',
        'u.username as ownerUsername',
      ])
      .where('config_links.token', '=', token)
      .where(opensAt(now))
      .where('c.deleted_at', 'is', null)
      .executeTakeFirst();
  }
}

/** A link that opens its configuration at `now`: not revoked, and without an expiry or before it. */
function opensAt(now: string) {
  return (eb: ExpressionBuilder<Database, 'config_links'>) =>
    eb.and([
      eb('config_links.revoked_at', 'is', null),
      eb.or([eb('config_links.expires_at', 'is', null), eb('config_links.expires_at', '>', now)]),
    ]);
}
