import type { Db } from '../../db/database.js';
import type { RefreshTokenRow } from '../../db/schema.js';

export class RefreshTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(row: RefreshTokenRow): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Marks the token spent; false when another request spent it first. */
  async markUsed(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeFamily(familyId: string, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every sign-in of a user: a password, role or account change ends them all. */
  async revokeUser(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Whether a family may still be used: one of its tokens is neither revoked nor expired. Revocation marks every
   * token of the family, and rotation always leaves the newest one unrevoked, so this is true exactly while the
   * sign-in lasts.
   */
  async familyIsLive(familyId: string, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
  }
}
