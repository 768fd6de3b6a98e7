import type { Db } from '../../db/database.js';
import type { EngineLineRow } from '../../db/schema.js';

export interface LineRow extends EngineLineRow {
  username: string | null;
}

export class EngineLineRepository {
  constructor(private readonly db: Db) {}

  /** The places asked for since `cutoff`, first come first; equal times go by user id, the same on every copy. */
  live(cutoff: string): Promise<LineRow[]> {
    return this.db
      .selectFrom('engine_line')
      .leftJoin('users', 'users.id', 'engine_line.user_id')
      .select(['engine_line.user_id', 'engine_line.joined_at', 'engine_line.last_seen_at', 'users.username'])
      .where('engine_line.last_seen_at', '>=', cutoff)
      .orderBy('engine_line.joined_at')
      .orderBy('engine_line.user_id')
      .execute();
  }

  /**
   * Joins the line at its end, or keeps the place held. A place not asked for since `cutoff` was given up: it goes,
   * and the user joins again at the end like anyone else.
   */
  async keep(userId: string, now: string, cutoff: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('engine_line').where('user_id', '=', userId).where('last_seen_at', '<', cutoff).execute();
      await trx
        .insertInto('engine_line')
        .values({ user_id: userId, joined_at: now, last_seen_at: now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ last_seen_at: now }))
        .execute();
    });
  }

  async leave(userId: string): Promise<void> {
    await this.db.deleteFrom('engine_line').where('user_id', '=', userId).execute();
  }

  /** Removes the places given up; the line reads only live ones, so this only keeps the table small. */
  async sweep(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('engine_line').where('last_seen_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The engines lent now, and since when. */
  activeSessions(): Promise<{ engine_id: string; user_id: string; created_at: string }[]> {
    return this.db
      .selectFrom('engine_sessions')
      .select(['engine_id', 'user_id', 'created_at'])
      .where('status', '=', 'active')
      .execute();
  }

  /**
   * How long the latest sessions that ended as users do (given back, or left to expire) lasted. A failed engine's
   * session says nothing about how long people stay.
   */
  async recentLengthsMs(count: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('engine_sessions')
      .select(['created_at', 'ended_at'])
      .where('status', 'in', ['released', 'expired'])
      .where('ended_at', 'is not', null)
      .orderBy('ended_at', 'desc')
      .limit(count)
      .execute();
    return rows.map((row) => Date.parse(row.ended_at ?? row.created_at) - Date.parse(row.created_at));
  }
}
