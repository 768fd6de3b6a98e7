import { ENGINE_LINE, type EngineLineSummary, type LineStanding, type User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { EngineProvider } from '../engines/engine-pool.js';
import { EngineLineRepository, type LineRow } from './engine-line.repository.js';
import { estimateWaitMs, typicalSessionMs } from './estimate-wait.js';

export interface EngineLineOptions {
  /** A place not asked for this long is given up (ENGINE_LINE.staleMs). */
  staleMs?: number;
}

/** The engines this copy may lend, how many of them are lent, and since when each has been. */
interface Pool {
  capacity: number;
  activeAgesMs: number[];
  /** Who holds an engine, of any copy. */
  holders: Set<string>;
}

/**
 * The waiting line for engines. It lives in the database, so every server copy reads one line and a copy that dies
 * takes no place with it. Nobody is lent an engine ahead of those waiting: the sessions ask `mayAllocate` before
 * they look for one, and only the first in line, as many as there are engines not lent, may have one.
 */
export class EngineLine {
  private readonly line: EngineLineRepository;
  private readonly staleMs: number;

  constructor(
    db: Db,
    private readonly provider: EngineProvider,
    options: EngineLineOptions = {},
  ) {
    this.line = new EngineLineRepository(db);
    this.staleMs = options.staleMs ?? ENGINE_LINE.staleMs;
  }

  private cutoff(now: number): string {
    return new Date(now - this.staleMs).toISOString();
  }

  /**
   * The engines of this copy's provider, and the sessions on them. Engines being reset count as not lent: they are
   * the next in line's in a few seconds, and the sessions wait for their reset.
   */
  private async pool(now: number): Promise<Pool> {
    const known = new Set(this.provider.engines().map((engine) => engine.id));
    const active = await this.line.activeSessions();
    return {
      capacity: this.provider.capacity(),
      activeAgesMs: active
        .filter((session) => known.has(session.engine_id))
        .map((session) => now - Date.parse(session.created_at)),
      holders: new Set(active.map((session) => session.user_id)),
    };
  }

  /** What a session typically lasts here, learnt from the latest ended ones. */
  private async typicalMs(): Promise<number | null> {
    return typicalSessionMs(await this.line.recentLengthsMs(ENGINE_LINE.historySessions));
  }

  /** Whether the user may be lent an engine now: fewer people wait ahead of them than there are engines not lent. */
  async mayAllocate(userId: string, now = Date.now()): Promise<boolean> {
    const [line, pool] = await Promise.all([this.line.live(this.cutoff(now)), this.pool(now)]);
    return ahead(line, userId) < free(pool);
  }

  /** Joins the line, or keeps the place held, and says where the user stands; place 0 for one who holds an engine. */
  async keepPlace(user: User, now = Date.now()): Promise<LineStanding> {
    const pool = await this.pool(now);
    if (pool.holders.has(user.id)) {
      await this.line.leave(user.id);
      const length = (await this.line.live(this.cutoff(now))).length;
      return { place: 0, length, estimatedWaitMs: 0, yourTurn: true };
    }
    await this.line.keep(user.id, new Date(now).toISOString(), this.cutoff(now));
    const line = await this.line.live(this.cutoff(now));
    const place = ahead(line, user.id) + 1;
    const typicalMs = await this.typicalMs();
    return {
      place,
      length: line.length,
      estimatedWaitMs: estimateWaitMs({ place, free: free(pool), activeAgesMs: pool.activeAgesMs, typicalMs }),
      yourTurn: place <= free(pool),
    };
  }

  /** The user left the line (their page went away), or was lent an engine. */
  async leave(userId: string): Promise<void> {
    await this.line.leave(userId);
  }

  /** Removes the places given up. Runs on the sessions' sweep. */
  sweep(now = Date.now()): Promise<number> {
    return this.line.sweep(this.cutoff(now));
  }

  /** How many wait now: the count the metrics export, without the summary's pool and history reads. */
  async waiting(now = Date.now()): Promise<number> {
    return (await this.line.live(this.cutoff(now))).length;
  }

  async summary(now = Date.now()): Promise<EngineLineSummary> {
    const [line, pool, typicalMs] = await Promise.all([
      this.line.live(this.cutoff(now)),
      this.pool(now),
      this.typicalMs(),
    ]);
    return {
      engines: { capacity: pool.capacity, inUse: pool.activeAgesMs.length },
      typicalSessionMs: typicalMs,
      waiting: line.map((row, index) => ({
        userId: row.user_id,
        username: row.username,
        place: index + 1,
        joinedAt: row.joined_at,
        lastSeenAt: row.last_seen_at,
        estimatedWaitMs: estimateWaitMs({
          place: index + 1,
          free: free(pool),
          activeAgesMs: pool.activeAgesMs,
          typicalMs,
        }),
      })),
    };
  }
}

/** How many wait ahead of the user: those before their place, or everyone when they have none. */
function ahead(line: readonly LineRow[], userId: string): number {
  const index = line.findIndex((row) => row.user_id === userId);
  return index === -1 ? line.length : index;
}

function free(pool: Pool): number {
  return Math.max(pool.capacity - pool.activeAgesMs.length, 0);
}
