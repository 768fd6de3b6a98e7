import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';

/** How often a process writes that it is alive. */
export const PROCESS_HEARTBEAT_MS = 10_000;
/** A process counts as running while its last heartbeat is this recent: three missed beats and it is gone. */
export const PROCESS_SEEN_MS = 3 * PROCESS_HEARTBEAT_MS + 5_000;
/** Rows of processes gone this long are deleted by the next beat of any process. */
const PROCESS_FORGOTTEN_MS = 24 * 60 * 60 * 1000;

export type ProcessRole = 'server' | 'worker';

/**
 * One server copy's or render worker's row in service_processes, written now and every PROCESS_HEARTBEAT_MS, so
 * that any copy can list what runs on the same database. A process that stops cleanly deletes its row; a killed one
 * stops beating and drops out of the list after PROCESS_SEEN_MS.
 */
export class ProcessHeartbeat {
  readonly id = randomUUID();
  private readonly startedAt = new Date().toISOString();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { role: ProcessRole; version: string; log: FastifyBaseLogger; intervalMs?: number },
  ) {}

  /** Writes the first beat before it returns, so that the process is listed as soon as it serves. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beating.then(() => this.beat());
    }, this.options.intervalMs ?? PROCESS_HEARTBEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.db
      .deleteFrom('service_processes')
      .where('id', '=', this.id)
      .execute()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'could not remove this process from the list'));
  }

  private async beat(now = Date.now()): Promise<void> {
    const seen = new Date(now).toISOString();
    try {
      await this.db
        .insertInto('service_processes')
        .values({
          id: this.id,
          role: this.options.role,
          host: os.hostname(),
          pid: process.pid,
          version: this.options.version,
          started_at: this.startedAt,
          last_seen_at: seen,
        })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ last_seen_at: seen }))
        .execute();
      await this.db
        .deleteFrom('service_processes')
        .where('last_seen_at', '<', new Date(now - PROCESS_FORGOTTEN_MS).toISOString())
        .execute();
    } catch (error) {
      // The readiness check reports a lost database; a missed beat only makes this process look gone for a while.
      this.options.log.warn({ err: error }, 'process heartbeat could not be written');
    }
  }
}

/** The processes whose last beat is recent, servers first, then by when they started. */
export function recentProcesses(db: Kysely<Database>, now = Date.now()) {
  return db
    .selectFrom('service_processes')
    .selectAll()
    .where('last_seen_at', '>=', new Date(now - PROCESS_SEEN_MS).toISOString())
    .orderBy('role')
    .orderBy('started_at')
    .execute();
}
