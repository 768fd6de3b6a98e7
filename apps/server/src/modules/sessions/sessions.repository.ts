import type { Db } from '../../db/database.js';
import type { EngineSessionRow } from '../../db/schema.js';

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

  async busyEngineIds(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('engine_sessions')
      .select('engine_id')
      .where('status', '=', 'active')
      .execute();
    return new Set(rows.map((row) => row.engine_id));
  }

  async insert(row: EngineSessionRow): Promise<void> {
    await this.db.insertInto('engine_sessions').values(row).execute();
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

  async end(id: string, status: 'released' | 'expired' | 'error', message: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('engine_sessions')
      .set({ status, message, ended_at: now })
      .where('id', '=', id)
      .where('status', '=', 'active')
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
