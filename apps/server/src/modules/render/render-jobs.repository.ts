import { RENDER_MESSAGES } from '@autostudio/protocol';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle, Db } from '../../db/database.js';
import type { Database, RenderJobRow } from '../../db/schema.js';

/** What a worker learns when it renews its lease. */
export type LeaseState = 'held' | 'cancelled' | 'lost';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The durable render queue, one code path on SQLite and PostgreSQL. Timestamps are ISO-8601 UTC text, which sorts as
 * time does, so "the lease ran out" is a string comparison on both databases. Every write a worker makes names the
 * worker and the status it expects: a worker that lost its job (its lease ran out and someone else took it, or the
 * job was cancelled and deleted) changes nothing.
 */
export class RenderJobsRepository {
  private readonly db: Db;
  private readonly dialect: DatabaseHandle['dialect'];

  constructor(database: Pick<DatabaseHandle, 'db' | 'dialect'>) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  async enqueue(row: RenderJobRow): Promise<void> {
    await this.db.insertInto('render_jobs').values(row).execute();
  }

  find(id: string): Promise<RenderJobRow | undefined> {
    return this.db.selectFrom('render_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Takes the oldest job that is queued, or running with a lease that ran out and attempts left: sets this worker,
   * a fresh lease and one more attempt. First, in the same transaction, jobs whose lease ran out on their last
   * attempt are failed and cancelled jobs whose worker is gone are deleted, so that no job stays "rendering" forever.
   *
   * Two workers never take the same job: on PostgreSQL the candidate row is locked `FOR UPDATE SKIP LOCKED` (another
   * worker's claim passes over it to the next one); on SQLite the transaction is `BEGIN IMMEDIATE`, which takes the
   * database's write lock before reading, so claims from any number of processes happen one after another.
   */
  claim(workerId: string, leaseMs: number, now = Date.now()): Promise<RenderJobRow | undefined> {
    const at = iso(now);
    return this.writeTransaction(async (trx) => {
      await this.expireIn(trx, at);
      const candidate = await trx
        .selectFrom('render_jobs')
        .select(['id', 'status', 'attempts', 'max_attempts'])
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([
              eb('status', '=', 'running'),
              eb('lease_expires_at', '<', at),
              eb('attempts', '<', eb.ref('max_attempts')),
            ]),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .$if(this.dialect === 'postgres', (query) => query.forUpdate().skipLocked())
        .executeTakeFirst();
      if (!candidate) return undefined;
      const retaken = candidate.status === 'running';
      return trx
        .updateTable('render_jobs')
        .set((eb) => ({
          status: 'running',
          worker_id: workerId,
          lease_expires_at: iso(now + leaseMs),
          attempts: eb('attempts', '+', 1),
          progress: 0,
          message: retaken
            ? `${RENDER_MESSAGES.started} (attempt ${candidate.attempts + 1} of ${candidate.max_attempts})`
            : RENDER_MESSAGES.started,
          error: null,
          started_at: at,
          updated_at: at,
        }))
        .where('id', '=', candidate.id)
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** Fails the jobs whose lease ran out on their last attempt, and deletes cancelled jobs whose worker is gone. */
  expire(now = Date.now()): Promise<void> {
    return this.writeTransaction((trx) => this.expireIn(trx, iso(now)));
  }

  private async expireIn(trx: Kysely<Database>, at: string): Promise<void> {
    const exhausted = await trx
      .selectFrom('render_jobs')
      .select(['id', 'attempts'])
      .where('status', '=', 'running')
      .where('lease_expires_at', '<', at)
      .where('attempts', '>=', (eb) => eb.ref('max_attempts'))
      .$if(this.dialect === 'postgres', (query) => query.forUpdate().skipLocked())
      .execute();
    for (const job of exhausted) {
      const message = RENDER_MESSAGES.attemptsExhausted(job.attempts);
      await trx
        .updateTable('render_jobs')
        .set({
          status: 'failed',
          error: message,
          message,
          worker_id: null,
          lease_expires_at: null,
          finished_at: at,
          updated_at: at,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .execute();
    }
    await trx.deleteFrom('render_jobs').where('status', '=', 'cancelled').where('lease_expires_at', '<', at).execute();
  }

  /** Extends the worker's lease; says whether it still holds the job, or the job was cancelled or lost. */
  async renew(id: string, workerId: string, leaseMs: number, now = Date.now()): Promise<LeaseState> {
    const renewed = await this.db
      .updateTable('render_jobs')
      .set({ lease_expires_at: iso(now + leaseMs) })
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', 'in', ['running', 'cancelled'])
      .returning('status')
      .executeTakeFirst();
    if (!renewed) return 'lost';
    return renewed.status === 'cancelled' ? 'cancelled' : 'held';
  }

  /** Records progress; false when the worker no longer holds a running job. */
  async progress(id: string, workerId: string, progress: number, message: string): Promise<boolean> {
    const result = await this.db
      .updateTable('render_jobs')
      .set({ progress, message, updated_at: iso(Date.now()) })
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async complete(
    id: string,
    workerId: string,
    outputs: unknown[],
    message: string,
    assetId: string | null = null,
  ): Promise<boolean> {
    return this.finish(id, workerId, {
      status: 'completed',
      progress: 100,
      outputs: JSON.stringify(outputs),
      message,
      asset_id: assetId,
    });
  }

  async fail(id: string, workerId: string, error: string): Promise<boolean> {
    return this.finish(id, workerId, { status: 'failed', error, message: error });
  }

  /** Puts a job the worker holds back in the queue, giving back its attempt (a worker that stops in good order). */
  async release(id: string, workerId: string, message: string): Promise<boolean> {
    const result = await this.db
      .updateTable('render_jobs')
      .set((eb) => ({
        status: 'queued',
        worker_id: null,
        lease_expires_at: null,
        progress: 0,
        message,
        attempts: eb('attempts', '-', 1),
        updated_at: iso(Date.now()),
      }))
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  private async finish(
    id: string,
    workerId: string,
    fields: Partial<Pick<RenderJobRow, 'status' | 'progress' | 'outputs' | 'message' | 'error' | 'asset_id'>>,
  ): Promise<boolean> {
    const at = iso(Date.now());
    const result = await this.db
      .updateTable('render_jobs')
      .set({ ...fields, worker_id: null, lease_expires_at: null, finished_at: at, updated_at: at })
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks a running job cancelled so that its worker stops; false when it is no longer running on that worker. */
  async markCancelled(id: string, workerId: string, message: string): Promise<boolean> {
    const result = await this.db
      .updateTable('render_jobs')
      .set({ status: 'cancelled', message, updated_at: iso(Date.now()) })
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes the job if it is still as the caller saw it (same status and worker); false when it changed. */
  async deleteIf(id: string, status: RenderJobRow['status'], workerId: string | null): Promise<boolean> {
    const result = await this.db
      .deleteFrom('render_jobs')
      .where('id', '=', id)
      .where('status', '=', status)
      .where((eb) => (workerId === null ? eb('worker_id', 'is', null) : eb('worker_id', '=', workerId)))
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Deletes a job this worker holds (a cancelled one, once the worker has stopped and cleaned up). */
  async deleteHeld(id: string, workerId: string): Promise<void> {
    await this.db.deleteFrom('render_jobs').where('id', '=', id).where('worker_id', '=', workerId).execute();
  }

  /**
   * A write transaction that takes the write lock before it reads. SQLite: `BEGIN IMMEDIATE` (a deferred transaction
   * would read, then fail to upgrade when another process wrote meanwhile). PostgreSQL: a plain transaction; the
   * row locks are taken by the queries. On one connection, so that Kysely's other queries wait for it.
   */
  private writeTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (connection) => {
      await sql.raw(this.dialect === 'sqlite' ? 'begin immediate' : 'begin').execute(connection);
      try {
        const result = await work(connection);
        await sql.raw('commit').execute(connection);
        return result;
      } catch (error) {
        await sql.raw('rollback').execute(connection);
        throw error;
      }
    });
  }
}
