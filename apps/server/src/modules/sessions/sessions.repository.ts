import type { Db } from '../../db/database.js';
import type { EngineResetRow, EngineSessionRow } from '../../db/schema.js';

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  activeFor(userId: string): Promise<EngineSessionRow | undefined> {
    return this.db
      .selectFrom('engine_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  /**
   * Engines lent, and engines being reset (one whose reset ran out of time too: it is reset again, not lent as it
   * is). One statement, so one snapshot: a session's end and the start of its engine's reset, written in one
   * transaction, are seen together, never neither.
   */
  async busyEngineIds(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('engine_sessions')
      .select('engine_id')
      .where('status', '=', 'active')
      .union(this.db.selectFrom('engine_resets').select('engine_id'))
      .execute();
    return new Set(rows.map((row) => row.engine_id));
  }

  async insert(row: EngineSessionRow): Promise<void> {
    await this.db.insertInto('engine_sessions').values(row).execute();
  }

  /** The latest stream quality of a live session of this user; false when there is no such session. */
  async keepStreamQuality(id: string, userId: string, quality: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('engine_sessions')
      .set({ stream_quality: quality, stream_quality_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async heartbeat(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('engine_sessions')
      .set({ last_heartbeat_at: now })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Ends an active session; with `reset`, its engine is marked as being reset in the same transaction, so that no
   * server copy finds the engine free between the two.
   */
  end(
    id: string,
    status: 'released' | 'expired' | 'error',
    message: string,
    now: string,
    reset?: EngineResetRow,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('engine_sessions')
        .set({ status, message, ended_at: now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      if (reset) {
        const { reset_id, started_at, expires_at } = reset;
        await trx
          .insertInto('engine_resets')
          .values(reset)
          .onConflict((conflict) => conflict.column('engine_id').doUpdateSet({ reset_id, started_at, expires_at }))
          .execute();
      }
      return true;
    });
  }

  /** The engines being reset, whichever copy resets them. */
  resetsUnderWay(): Promise<EngineResetRow[]> {
    return this.db.selectFrom('engine_resets').selectAll().execute();
  }

  /** The reset is over: the engine may be lent again. Only the reset named, not one that retook it since. */
  async finishReset(engineId: string, resetId: string): Promise<void> {
    await this.db
      .deleteFrom('engine_resets')
      .where('engine_id', '=', engineId)
      .where('reset_id', '=', resetId)
      .execute();
  }

  /**
   * Takes over an abandoned reset (`abandonedId`) with a new one: true for the one copy whose update found the
   * abandoned reset still there.
   */
  async retakeReset(abandonedId: string, reset: EngineResetRow): Promise<boolean> {
    const { reset_id, started_at, expires_at } = reset;
    const result = await this.db
      .updateTable('engine_resets')
      .set({ reset_id, started_at, expires_at })
      .where('engine_id', '=', reset.engine_id)
      .where('reset_id', '=', abandonedId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  staleSince(cutoff: string): Promise<EngineSessionRow[]> {
    return this.db
      .selectFrom('engine_sessions')
      .selectAll()
      .where('status', '=', 'active')
      .where('last_heartbeat_at', '<', cutoff)
      .execute();
  }

  activeOnEngine(engineId: string): Promise<EngineSessionRow[]> {
    return this.db
      .selectFrom('engine_sessions')
      .selectAll()
      .where('engine_id', '=', engineId)
      .where('status', '=', 'active')
      .execute();
  }

  /** The user's most recent session, to tell an expired or failed one from none at all. */
  latestFor(userId: string): Promise<EngineSessionRow | undefined> {
    return this.db
      .selectFrom('engine_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
