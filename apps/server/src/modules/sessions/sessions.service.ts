import { randomUUID } from 'node:crypto';
import { SESSION, STATE_MESSAGES, type SessionResponse, type StreamQuality, type User } from '@autostudio/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { EngineResetRow, EngineSessionRow } from '../../db/schema.js';
import type { EngineLine } from '../engine-line/engine-line.service.js';
import { engineAnswers, type EngineInstance, type EngineProvider } from '../engines/engine-pool.js';
import { SessionsRepository } from './sessions.repository.js';

/**
 * How long a reset holds its engine before it counts as abandoned (its server copy died mid-reset) and any copy may
 * reset the engine again. Longer than a live copy's reset takes: the reset request gives up after 15 s, and a local
 * engine that fails it is restarted.
 */
export const RESET_LEASE_MS = 60_000;
/** How often a copy waiting for another copy's reset looks at the database again. */
const RESET_POLL_MS = 100;
/**
 * Looks for a free engine one request takes before it says the engines are busy: each after a race lost to another
 * request, or after a wait for a reset (an abandoned one takes two: the wait for its lease, then its new reset).
 */
const ALLOCATE_ATTEMPTS = 5;

/** A session answer together with the HTTP status it goes out with. */
export type SessionOutcome = SessionResponse & { statusCode: 200 | 404 | 503 };

export interface SessionsOptions {
  timeoutSeconds: number;
  /** The waiting line: nobody is lent an engine ahead of those in it. None: first to ask, first served. */
  line?: EngineLine;
  /** How long a closed page's session waits for the page to come back (a reload) before it is released. */
  pageCloseGraceMs?: number;
  /** The signalling URL a player uses to watch the given streamer. */
  signallingUrl: (streamerId: string) => string;
  /** Told how each allocation request ended (the metrics count them). */
  onAllocation?: (outcome: AllocationOutcome) => void;
}

/** A new session, the session the user had already, or none (every engine lent or promised to those in line). */
export type AllocationOutcome = 'allocated' | 'resumed' | 'refused';

const expired = (): SessionOutcome => ({
  statusCode: 404,
  success: false,
  message: STATE_MESSAGES.sessionExpired,
  sessionDetails: null,
});

/**
 * Lends each signed-in user one engine at a time. Who holds which engine, and which engines are being reset, is in
 * the database, so allocation is safe across server copies: a unique index on active sessions decides races.
 */
export class SessionsService {
  private readonly sessions: SessionsRepository;
  private readonly endedListeners = new Set<(userId: string) => void>();
  private readonly pageCloseTimers = new Set<ReturnType<typeof setTimeout>>();
  /** Engines this copy is resetting, each until the reset is over: a request of this copy waits for them at once. */
  private readonly resetting = new Map<string, Promise<void>>();

  constructor(
    db: Db,
    private readonly provider: EngineProvider,
    private readonly options: SessionsOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.sessions = new SessionsRepository(db);
  }

  async allocate(user: User): Promise<SessionOutcome> {
    const { outcome, answer } = await this.allocateFor(user);
    this.options.onAllocation?.(outcome);
    return answer;
  }

  private async allocateFor(user: User): Promise<{ outcome: AllocationOutcome; answer: SessionOutcome }> {
    const resumed = (row: EngineSessionRow) => ({
      outcome: 'resumed' as const,
      answer: this.connected(row, 'Session is active'),
    });
    const refused = () => ({ outcome: 'refused' as const, answer: this.busy() });
    const existing = await this.sessions.activeFor(user.id);
    if (existing) {
      // The user is here for it: that claims it as a heartbeat does, so a release scheduled when their last page
      // closed (they left the studio for /landing and chose a car again) does not take it from under the new page.
      await this.sessions.heartbeat(existing.id, new Date().toISOString());
      return resumed(existing);
    }
    if (this.options.line && !(await this.options.line.mayAllocate(user.id))) return refused();
    for (let attempt = 0; attempt < ALLOCATE_ATTEMPTS; attempt += 1) {
      const engine = await this.freeEngine();
      // An engine is being reset for the next user: that is who this is, so wait for it rather than refuse.
      if (!engine && (await this.awaitReset())) continue;
      if (!engine) return refused();
      const now = new Date().toISOString();
      const row: EngineSessionRow = {
        id: randomUUID(),
        user_id: user.id,
        engine_id: engine.id,
        instance_id: engine.instanceId,
        streamer_id: engine.streamerId,
        status: 'active',
        message: '',
        last_heartbeat_at: now,
        created_at: now,
        ended_at: null,
        stream_quality: null,
        stream_quality_at: null,
      };
      try {
        await this.sessions.insert(row);
        this.log.info({ sessionId: row.id, userId: user.id, engineId: engine.id }, 'engine session allocated');
        await this.options.line?.leave(user.id);
        void this.freeCount().then((free) => this.provider.warmUp?.(free));
        return { outcome: 'allocated', answer: this.connected(row, 'Session allocated') };
      } catch (error) {
        // Another request took the engine (or allocated for this user) first: look again.
        if (!isUniqueViolation(error)) throw error;
        const mine = await this.sessions.activeFor(user.id);
        if (mine) return resumed(mine);
      }
    }
    return {
      outcome: 'refused',
      answer: {
        statusCode: 503,
        success: false,
        message: `${STATE_MESSAGES.createSessionFailed}: engines are busy`,
        sessionDetails: null,
      },
    };
  }

  /** Every engine is lent (or promised to those in line): the page joins the line (modules/engine-line). */
  private busy(): SessionOutcome {
    const capacity = this.provider.capacity();
    return {
      statusCode: 503,
      success: false,
      message: `${STATE_MESSAGES.createSessionFailed}: all ${capacity} engine${capacity === 1 ? ' is' : 's are'} in use. Try again in a few minutes.`,
      sessionDetails: null,
    };
  }

  async current(user: User): Promise<SessionOutcome> {
    const active = await this.sessions.activeFor(user.id);
    if (active) return this.connected(active, 'Session is active');
    const latest = await this.sessions.latestFor(user.id);
    if (latest?.status === 'error')
      return { statusCode: 404, success: false, message: latest.message, sessionDetails: null };
    return expired();
  }

  async heartbeat(user: User, sessionId?: string): Promise<SessionOutcome> {
    const active = await this.sessions.activeFor(user.id);
    // A heartbeat for a session that is not (or no longer) this user's live one: that session is over.
    if (sessionId && active?.id !== sessionId) return expired();
    if (!active) return this.current(user);
    await this.sessions.heartbeat(active.id, new Date().toISOString());
    return this.connected(active, 'Heartbeat received');
  }

  /**
   * Keeps what the viewer of the user's live session measured of its stream; false when the session named is not
   * (or no longer) the user's live one.
   */
  async reportStreamQuality(user: User, report: StreamQuality): Promise<boolean> {
    const { sessionId, ...quality } = report;
    return this.sessions.keepStreamQuality(sessionId, user.id, JSON.stringify(quality), new Date().toISOString());
  }

  /** The engine still there: the session goes on; otherwise a fresh one. */
  async reconnect(user: User): Promise<SessionOutcome> {
    const active = await this.sessions.activeFor(user.id);
    if (active && (await engineAnswers(active.instance_id))) return this.connected(active, 'Session is active');
    if (active) await this.fail(active, 'The engine stopped answering');
    return this.allocate(user);
  }

  async release(user: User, sessionId?: string): Promise<SessionOutcome> {
    const active = await this.sessions.activeFor(user.id);
    if (!active || (sessionId && active.id !== sessionId)) return expired();
    // The user is answered once the session has ended, not when the engine's reset is over (seconds, longer under
    // load): a sign-out waits for this answer. Whoever asks for an engine meanwhile waits for the reset instead.
    await this.end(active, 'released', 'Released by the user', { waitForReset: false });
    return { statusCode: 200, success: true, message: 'Session released', sessionDetails: null };
  }

  /**
   * The page holding the session went away: a closed tab, or a reload whose next page will send a heartbeat at once.
   * The session is released after the grace period unless that heartbeat came. Its last heartbeat is moved back so
   * that, should this server copy stop before its timer fires, the sweep of any copy expires it at the same time.
   */
  async releaseAfterPageClose(user: User, sessionId?: string): Promise<SessionOutcome> {
    const active = await this.sessions.activeFor(user.id);
    if (!active || (sessionId && active.id !== sessionId)) return expired();
    const graceMs = this.options.pageCloseGraceMs ?? SESSION.pageCloseGraceMs;
    const mark = new Date(Date.now() - this.options.timeoutSeconds * 1000 + graceMs).toISOString();
    await this.sessions.heartbeat(active.id, mark);
    const timer = setTimeout(() => {
      this.pageCloseTimers.delete(timer);
      this.releaseUnclaimed(user.id, active.id, mark).catch((error: unknown) =>
        this.log.warn({ err: error, sessionId: active.id }, 'release after page close failed'),
      );
    }, graceMs);
    timer.unref();
    this.pageCloseTimers.add(timer);
    return { statusCode: 200, success: true, message: 'Session release scheduled', sessionDetails: null };
  }

  private async releaseUnclaimed(userId: string, sessionId: string, mark: string): Promise<void> {
    const active = await this.sessions.activeFor(userId);
    // A heartbeat since the page closed moved the mark forward: the page came back.
    if (active?.id !== sessionId || Date.parse(active.last_heartbeat_at) > Date.parse(mark)) return;
    await this.end(active, 'released', 'Released when the page closed');
  }

  /**
   * Stops the timers of closed pages (the server is closing; the sweep of the next start takes over) and lets the
   * resets under way finish, so no engine is left half reset behind a released session.
   */
  async close(): Promise<void> {
    for (const timer of this.pageCloseTimers) clearTimeout(timer);
    this.pageCloseTimers.clear();
    await Promise.all(this.resetting.values());
  }

  /** The engine of the user's active session, for the remote-control relay. */
  async instanceFor(userId: string): Promise<string | null> {
    return (await this.sessions.activeFor(userId))?.instance_id ?? null;
  }

  /** The streamer of the user's active session, for the signalling server. */
  async streamerFor(userId: string): Promise<string | null> {
    return (await this.sessions.activeFor(userId))?.streamer_id ?? null;
  }

  /** Ends sessions whose heartbeats stopped; their engines go back to the pool. Runs on a timer. */
  async expireStale(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - this.options.timeoutSeconds * 1000).toISOString();
    const stale = await this.sessions.staleSince(cutoff);
    for (const row of stale) await this.end(row, 'expired', STATE_MESSAGES.sessionExpired);
    return stale.length;
  }

  /**
   * Told, on this server copy, the moment a user's session ends (released, expired or failed), before its engine is
   * reset for someone else: the relay drops what it cached about that user's engine.
   */
  onSessionEnded(listener: (userId: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private ended(userId: string): void {
    for (const listener of this.endedListeners) listener(userId);
  }

  /** An engine died or stopped answering: its session turns to Error and the user is told why. */
  async engineFailed(engineId: string, reason: string): Promise<void> {
    for (const row of await this.sessions.activeOnEngine(engineId)) await this.fail(row, reason);
  }

  private async fail(row: EngineSessionRow, reason: string): Promise<void> {
    const message = `${STATE_MESSAGES.sessionExpired}: ${reason}`;
    if (await this.sessions.end(row.id, 'error', message, new Date().toISOString())) {
      this.ended(row.user_id);
      this.log.warn({ sessionId: row.id, engineId: row.engine_id, reason }, 'engine session failed');
    }
  }

  /**
   * Ends the session, then resets its engine. The engine counts as busy on every copy until the reset is over: lent
   * during it, the reset would wipe the next user's car and settings.
   */
  private async end(
    row: EngineSessionRow,
    status: 'released' | 'expired',
    message: string,
    { waitForReset = true } = {},
  ): Promise<void> {
    const engine = this.provider.engines().find((candidate) => candidate.id === row.engine_id);
    const now = Date.now();
    const reset = engine ? resetOf(engine.id, now) : undefined;
    if (!(await this.sessions.end(row.id, status, message, new Date(now).toISOString(), reset))) return;
    this.ended(row.user_id);
    this.log.info({ sessionId: row.id, engineId: row.engine_id, status }, 'engine session ended');
    if (!engine || !reset) return;
    // runReset settles without rejecting (it logs a failed reset), so a reset nobody waits for is safe to leave.
    const resetting = this.runReset(engine, reset.reset_id);
    if (waitForReset) await resetting;
  }

  /** Resets the engine; the reset's row goes (the engine is free) before the promise of this copy settles. */
  private runReset(engine: EngineInstance, resetId: string): Promise<void> {
    const run = async () => {
      try {
        await this.provider.reset(engine);
      } catch (error) {
        this.log.warn({ err: error, engineId: engine.id }, 'engine reset failed');
      }
      // Failed or not, the engine goes back: as it did before resets were shared. Should the row stay (the
      // database away), the reset runs out at its lease and is retaken.
      await this.sessions
        .finishReset(engine.id, resetId)
        .catch((error: unknown) => this.log.warn({ err: error, engineId: engine.id }, 'ending an engine reset failed'));
    };
    const reset: Promise<void> = run().finally(() => {
      if (this.resetting.get(engine.id) === reset) this.resetting.delete(engine.id);
    });
    this.resetting.set(engine.id, reset);
    return reset;
  }

  /**
   * No engine is free: waits for one being reset, on this copy or another, until a reset ends or the earliest lease
   * runs out; an abandoned reset (its copy died) this copy takes over and runs itself. False when none of the engines
   * this copy may lend is being reset, so there is nothing to wait for, unless a reset ended since the caller looked
   * for a free engine (then the engine it freed is there to take).
   */
  private async awaitReset(): Promise<boolean> {
    // Another copy's own engines (local ones) are no use here, however soon their resets end.
    const known = new Set(this.provider.engines().map((engine) => engine.id));
    const underWay = (await this.sessions.resetsUnderWay()).filter((row) => known.has(row.engine_id));
    if (underWay.length === 0) return (await this.freeCount()) > 0;
    if (await this.retakeAbandoned(underWay)) return true;
    const waitingFor = new Set(underWay.map((row) => row.reset_id));
    const deadline = Math.min(...underWay.map((row) => Date.parse(row.expires_at)));
    while (Date.now() < deadline) {
      // This copy's own resets end the wait the moment they are over; other copies' at the next look.
      await Promise.race([
        new Promise((resolve) => setTimeout(resolve, Math.min(RESET_POLL_MS, Math.max(deadline - Date.now(), 0)))),
        ...this.resetting.values(),
      ]);
      const still = new Set((await this.sessions.resetsUnderWay()).map((row) => row.reset_id));
      if ([...waitingFor].some((resetId) => !still.has(resetId))) return true;
    }
    return true;
  }

  /**
   * Resets again the engines whose reset ran out of time, its copy gone before it finished: true when this copy
   * took one over. Only engines this copy knows; among copies, the database gives each abandoned reset to one.
   */
  private async retakeAbandoned(underWay: EngineResetRow[], now = Date.now()): Promise<boolean> {
    let retook = false;
    for (const abandoned of underWay) {
      if (Date.parse(abandoned.expires_at) > now) continue;
      const engine = this.provider.engines().find((candidate) => candidate.id === abandoned.engine_id);
      if (!engine) continue;
      const reset = resetOf(engine.id, now);
      if (!(await this.sessions.retakeReset(abandoned.reset_id, reset))) continue;
      this.log.warn(
        { engineId: engine.id, startedAt: abandoned.started_at },
        'engine reset not finished within its lease; resetting the engine again',
      );
      await this.runReset(engine, reset.reset_id);
      retook = true;
    }
    return retook;
  }

  /** Takes over the resets abandoned by copies that died mid-reset. Runs on the sweep's timer. */
  async resetAbandoned(): Promise<boolean> {
    return this.retakeAbandoned(await this.sessions.resetsUnderWay());
  }

  private async freeCount(): Promise<number> {
    const busy = await this.sessions.busyEngineIds();
    return this.provider.engines().filter((engine) => !busy.has(engine.id)).length;
  }

  /** Starts the warm spares (on server start, and after each allocation). */
  async warmUp(): Promise<void> {
    this.provider.warmUp?.(await this.freeCount());
  }

  private async freeEngine(): Promise<EngineInstance | null> {
    const busy = await this.sessions.busyEngineIds();
    for (const engine of this.provider.engines()) {
      if (busy.has(engine.id)) continue;
      if (await engineAnswers(engine.instanceId)) return engine;
    }
    return this.provider.grow();
  }

  private connected(row: EngineSessionRow, message: string): SessionOutcome {
    return {
      statusCode: 200,
      success: true,
      message,
      sessionDetails: {
        sessionId: row.id,
        instanceId: row.instance_id,
        instanceUrl: this.options.signallingUrl(row.streamer_id),
      },
    };
  }
}

/** A new reset of the engine, started at `now`, with its lease. */
function resetOf(engineId: string, now: number): EngineResetRow {
  return {
    engine_id: engineId,
    reset_id: randomUUID(),
    started_at: new Date(now).toISOString(),
    expires_at: new Date(now + RESET_LEASE_MS).toISOString(),
  };
}
