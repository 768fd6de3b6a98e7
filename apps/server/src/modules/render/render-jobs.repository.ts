import { RENDER_MESSAGES } from '@autostudio/protocol';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle, Db } from '../../db/database.js';
import type { Database, RenderJobRow } from '../../db/schema.js';

/** What a worker learns when it renews its lease. */
export type LeaseState = 'held' | 'cancelled' | 'lost';

const iso = (ms: number) => new Date(ms).toISOString();

/** Per-user limits the queue keeps; absent: none (tests of the claim itself, and `claim-render-jobs`). */
export interface RenderJobLimits {
  /** Jobs of one owner rendering at once: a claim passes over the jobs of an owner who has this many. */
  maxRunningPerOwner?: number | undefined;
}

/** An owner's share of the queue, as administrators see it. */
export interface QueueHolderRow {
  ownerId: string;
  username: string | null;
  queued: number;
  running: number;
  oldestQueuedAt: string | null;
}

/**
 * A transaction-scoped PostgreSQL advisory lock that claims take: claims run one after another across every worker
 * and server copy, so each sees the running jobs the claim before it took (fair order and the per-owner running
 * limit hold exactly), while all other queue writes go on beside it. The key is arbitrary and fixed.
 */
const CLAIM_LOCK_KEY = 730_401_123;

/**
 * The durable render queue, one code path on SQLite and PostgreSQL. Timestamps are ISO-8601 UTC text, which sorts as
 * time does, so "the lease ran out" is a string comparison on both databases. Every write a worker makes names the
 * worker and the status it expects: a worker that lost its job (its lease ran out and someone else took it, or the
 * job was cancelled and deleted) changes nothing.
 */
export class RenderJobsRepository {
  private readonly db: Db;
  private readonly dialect: DatabaseHandle['dialect'];

  constructor(
    database: Pick<DatabaseHandle, 'db' | 'dialect'>,
    private readonly limits: RenderJobLimits = {},
  ) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  async enqueue(row: RenderJobRow): Promise<void> {
    await this.db.insertInto('render_jobs').values(row).execute();
  }

  /**
   * Queues the job unless its owner already has `maxQueued` jobs waiting; false then, with nothing stored. The count
   * and the insert are one write transaction (PostgreSQL: the owner's user row is locked first), so two requests at
   * once cannot both pass the last free place.
   */
  enqueueWithin(row: RenderJobRow, maxQueued: number): Promise<boolean> {
    return this.writeTransaction(async (trx) => {
      if (this.dialect === 'postgres') {
        await trx.selectFrom('users').select('id').where('id', '=', row.owner_id).forUpdate().execute();
      }
      const { count } = await trx
        .selectFrom('render_jobs')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('owner_id', '=', row.owner_id)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      if (Number(count) >= maxQueued) return false;
      await trx.insertInto('render_jobs').values(row).execute();
      return true;
    });
  }

  /** Every owner with jobs waiting or rendering: how many of each and since when the oldest waits; most jobs first. */
  async holders(now = Date.now()): Promise<QueueHolderRow[]> {
    const at = iso(now);
    const rows = await this.db
      .selectFrom('render_jobs')
      .leftJoin('users', 'users.id', 'render_jobs.owner_id')
      .select((eb) => [
        'render_jobs.owner_id as ownerId',
        'users.username as username',
        eb.fn
          .sum<number | string>(eb.case().when('render_jobs.status', '=', 'queued').then(1).else(0).end())
          .as('queued'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(eb.and([eb('render_jobs.status', '=', 'running'), eb('render_jobs.lease_expires_at', '>=', at)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('running'),
        eb.fn
          .min<string | null>(
            eb.case().when('render_jobs.status', '=', 'queued').then(eb.ref('render_jobs.created_at')).end(),
          )
          .as('oldestQueuedAt'),
      ])
      .where('render_jobs.status', 'in', ['queued', 'running'])
      .groupBy(['render_jobs.owner_id', 'users.username'])
      .execute();
    return rows
      .map((row) => ({ ...row, queued: Number(row.queued), running: Number(row.running) }))
      .filter((row) => row.queued + row.running > 0)
      .sort(
        (a, b) =>
          b.queued + b.running - (a.queued + a.running) ||
          (a.oldestQueuedAt ?? '~').localeCompare(b.oldestQueuedAt ?? '~') ||
          a.ownerId.localeCompare(b.ownerId),
      );
  }

  find(id: string): Promise<RenderJobRow | undefined> {
    return this.db.selectFrom('render_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Takes a job that is queued, or running with a lease that ran out and attempts left: sets this worker, a fresh
   * lease and one more attempt. Fair between owners: the job of the owner with the fewest jobs rendering, oldest
   * first among equals, so one owner's tenth job never goes before another owner's first; an owner who has
   * `maxRunningPerOwner` jobs rendering waits. First, in the same transaction, jobs whose lease ran out on their last
   * attempt are failed and cancelled jobs whose worker is gone are deleted, so that no job stays "rendering" forever.
   *
   * Two workers never take the same job, and each claim sees the ones before it: on PostgreSQL claims take one
   * advisory lock (CLAIM_LOCK_KEY) and lock the candidate row `FOR UPDATE SKIP LOCKED`; on SQLite the transaction is
   * `BEGIN IMMEDIATE`, which takes the database's write lock before reading. Either way claims from any number of
   * processes happen one after another.
   */
  claim(workerId: string, leaseMs: number, now = Date.now()): Promise<RenderJobRow | undefined> {
    const at = iso(now);
    const { maxRunningPerOwner } = this.limits;
    return this.writeTransaction(async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
      await this.expireIn(trx, at);
      const candidate = await trx
        .selectFrom('render_jobs as job')
        .select(['job.id', 'job.status', 'job.attempts', 'job.max_attempts'])
        .select((eb) =>
          eb
            .selectFrom('render_jobs as held')
            .select((inner) => inner.fn.countAll<number | string>().as('n'))
            .whereRef('held.owner_id', '=', 'job.owner_id')
            .where('held.status', '=', 'running')
            .where('held.lease_expires_at', '>=', at)
            .as('owner_running'),
        )
        .where((eb) =>
          eb.or([
            eb('job.status', '=', 'queued'),
            eb.and([
              eb('job.status', '=', 'running'),
              eb('job.lease_expires_at', '<', at),
              eb('job.attempts', '<', eb.ref('job.max_attempts')),
            ]),
          ]),
        )
        .$if(maxRunningPerOwner !== undefined, (query) =>
          query.where(
            (eb) =>
              eb
                .selectFrom('render_jobs as held')
                .select((inner) => inner.fn.countAll().as('n'))
                .whereRef('held.owner_id', '=', 'job.owner_id')
                .where('held.status', '=', 'running')
                .where('held.lease_expires_at', '>=', at),
            '<',
            maxRunningPerOwner ?? 0,
          ),
        )
        .orderBy('owner_running')
        .orderBy('job.created_at')
        .orderBy('job.id')
        .limit(1)
        .$if(this.dialect === 'postgres', (query) => query.forUpdate('job').skipLocked())
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
  /** The latest completed jobs of a kind, newest first: what render estimates learn from. */
  async recentCompleted(
    kind: RenderJobRow['kind'],
    limit: number,
  ): Promise<Pick<RenderJobRow, 'request' | 'started_at' | 'finished_at'>[]> {
    return this.db
      .selectFrom('render_jobs')
      .select(['request', 'started_at', 'finished_at'])
      .where('kind', '=', kind)
      .where('status', '=', 'completed')
      .orderBy('finished_at', 'desc')
      .limit(limit)
      .execute();
  }

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

  /**
   * Records progress, and the items of a job of many when given (JSON, see RenderJobItem); false when the worker no
   * longer holds a running job.
   */
  async progress(id: string, workerId: string, progress: number, message: string, items?: string): Promise<boolean> {
    const result = await this.db
      .updateTable('render_jobs')
      .set({ progress, message, ...(items === undefined ? {} : { items }), updated_at: iso(Date.now()) })
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
