import type { FastifyBaseLogger } from 'fastify';
import { RENDER_LIMIT_DEFAULTS, RENDER_MESSAGES } from '@autostudio/protocol';
import type { RenderLimits } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { RenderJobRow } from '../../db/schema.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { RenderJobsRepository } from './render-jobs.repository.js';
import type { RenderPublisher, RenderRunner } from './render-runner.js';
import { RenderSignals, RenderWorker, type RenderJobMetrics, type RenderWorkerSettings } from './render-worker.js';

export interface RenderQueueSettings extends RenderWorkerSettings {
  /** How many times a job is taken before a lost lease fails it. */
  maxAttempts: number;
  /** Per-user and per-job limits; absent: RENDER_LIMIT_DEFAULTS. */
  limits?: RenderLimits | undefined;
}

/**
 * The render queue of one process: the jobs table, the in-process signals, and the workers this process runs (the
 * server's, `RENDER_WORKERS` of them, or `npm run worker`'s). Workers in other processes share the table only.
 */
export class RenderQueue {
  readonly jobs: RenderJobsRepository;
  readonly signals = new RenderSignals();
  private readonly workers: RenderWorker[] = [];
  private started = false;

  constructor(
    private readonly parts: {
      database: Pick<DatabaseHandle, 'db' | 'dialect'>;
      storage: BlobStore;
      log: FastifyBaseLogger;
      settings: RenderQueueSettings;
      /** Where completed jobs' outputs are recorded as rendered assets. */
      publisher?: RenderPublisher;
      /** Where the workers count their jobs (queue wait, render time, outcome); none in tests of the queue alone. */
      metrics?: RenderJobMetrics;
    },
  ) {
    this.jobs = new RenderJobsRepository(parts.database, { maxRunningPerOwner: this.limits.runningPerUser });
    // Every worker listens for enqueues and cancels.
    this.signals.setMaxListeners(0);
  }

  get settings(): RenderQueueSettings {
    return this.parts.settings;
  }

  get limits(): RenderLimits {
    return this.parts.settings.limits ?? RENDER_LIMIT_DEFAULTS;
  }

  /**
   * Queues a new job and wakes this process's workers; answers the row as stored. With `withinUserLimit`, undefined
   * (and nothing queued) when its owner already has as many jobs waiting as one user may.
   */
  async submit<K extends RenderJobRow['kind']>(job: {
    id: string;
    ownerId: string;
    kind: K;
    request: unknown;
    withinUserLimit: true;
  }): Promise<(RenderJobRow & { kind: K }) | undefined>;
  async submit<K extends RenderJobRow['kind']>(job: {
    id: string;
    ownerId: string;
    kind: K;
    request: unknown;
  }): Promise<RenderJobRow & { kind: K }>;
  async submit<K extends RenderJobRow['kind']>(job: {
    id: string;
    ownerId: string;
    kind: K;
    request: unknown;
    withinUserLimit?: true;
  }): Promise<(RenderJobRow & { kind: K }) | undefined> {
    const now = new Date().toISOString();
    const row: RenderJobRow & { kind: K } = {
      id: job.id,
      owner_id: job.ownerId,
      kind: job.kind,
      request: JSON.stringify(job.request),
      status: 'queued',
      progress: 0,
      message: RENDER_MESSAGES.queued,
      error: null,
      outputs: '[]',
      items: null,
      attempts: 0,
      max_attempts: this.settings.maxAttempts,
      worker_id: null,
      lease_expires_at: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: null,
      asset_id: null,
    };
    if (job.withinUserLimit) {
      if (!(await this.jobs.enqueueWithin(row, this.limits.queuedPerUser))) return undefined;
    } else {
      await this.jobs.enqueue(row);
    }
    this.signals.emit('enqueued');
    return row;
  }

  get storage(): BlobStore {
    return this.parts.storage;
  }

  /** A worker of this queue; started with the others by start(), or at once when the queue runs already. */
  addWorker(runner: RenderRunner, id?: string): RenderWorker {
    const worker = new RenderWorker({
      jobs: this.jobs,
      runner,
      storage: this.parts.storage,
      signals: this.signals,
      log: this.parts.log,
      settings: this.parts.settings,
      publisher: this.parts.publisher,
      metrics: this.parts.metrics,
      ...(id ? { id } : {}),
    });
    this.workers.push(worker);
    if (this.started) worker.start();
    return worker;
  }

  start(): void {
    this.started = true;
    for (const worker of this.workers) worker.start();
  }

  /** Stops every worker: running jobs are aborted and go back to the queue. */
  async stop(): Promise<void> {
    this.started = false;
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }
}
