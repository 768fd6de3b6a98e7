import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { PROGRESS_MAX, RENDER_MESSAGES, STATE_MESSAGES, type RenderJobItem } from '@autostudio/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderJobRow } from '../../db/schema.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { safeFileName } from '../../storage/media-url.js';
import type { RenderJobsRepository } from './render-jobs.repository.js';
import {
  RenderFailure,
  type RenderJobWork,
  type RenderPublisher,
  type RenderRunner,
  type StoredRenderOutput,
} from './render-runner.js';

export interface RenderWorkerSettings {
  /** How long a claim holds a job without renewal; renewed every third of it. */
  leaseMs: number;
  /** How long an idle worker waits before looking for work again (an enqueue in this process wakes it sooner). */
  pollMs: number;
}

/** In-process signals between the routes and the workers: a new job to take, a job to stop. */
export class RenderSignals extends EventEmitter<{ enqueued: []; cancelled: [jobId: string] }> {}

/** Where a job's outputs live in the blob store; everything under it belongs to the job. */
export const renderJobPrefix = (jobId: string) => `render-jobs/${jobId}/`;

/** How a worker's job ended: done, failed for good, cancelled, taken from it (its lease ran out), or put back. */
export type RenderJobOutcome = 'completed' | 'failed' | 'cancelled' | 'lost' | 'released';

/** What the workers tell the process's metrics (see modules/metrics). */
export interface RenderJobMetrics {
  /** A job taken from the queue the first time, after waiting there so long. */
  jobTaken(kind: string, waitedSeconds: number): void;
  jobEnded(kind: string, outcome: RenderJobOutcome, seconds: number): void;
}

/**
 * One render worker: claims a job, renews its lease while the runner works, records progress and the outcome, and
 * stops the runner when the job is cancelled or lost. Runs one job at a time; a server or `npm run worker` runs
 * several. `stop()` aborts the current job and puts it back in the queue with its attempt given back.
 */
export class RenderWorker {
  readonly id: string;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wakeIdle: (() => void) | undefined;
  private current: AbortController | undefined;

  constructor(
    private readonly parts: {
      jobs: RenderJobsRepository;
      runner: RenderRunner;
      storage: BlobStore;
      signals: RenderSignals;
      log: FastifyBaseLogger;
      settings: RenderWorkerSettings;
      /** Records completed outputs as a rendered asset; without one (tests of the queue alone) none is made. */
      publisher?: RenderPublisher | undefined;
      metrics?: RenderJobMetrics | undefined;
      id?: string;
    },
  ) {
    this.id = parts.id ?? `worker-${randomUUID()}`;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    const wake = () => this.wakeIdle?.();
    this.parts.signals.on('enqueued', wake);
    this.loop = this.run().finally(() => this.parts.signals.off('enqueued', wake));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeIdle?.();
    this.current?.abort(new Error('the render worker is stopping'));
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    const { jobs, log, settings } = this.parts;
    while (!this.stopping) {
      let job: RenderJobRow | undefined;
      try {
        job = await jobs.claim(this.id, settings.leaseMs);
      } catch (error) {
        log.error({ err: error, workerId: this.id }, 'render worker could not claim a job');
      }
      if (!job) {
        await this.idle();
        continue;
      }
      try {
        await this.work(job);
      } catch (error) {
        // The database failed while recording the outcome: the lease runs out and the job is taken again.
        log.error({ err: error, workerId: this.id, jobId: job.id }, 'render worker could not record a job');
        await this.idle();
      }
    }
  }

  private idle(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.parts.settings.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeIdle = () => {
        this.wakeIdle = undefined;
        done();
      };
    });
  }

  private async work(row: RenderJobRow): Promise<void> {
    const { jobs, runner, storage, signals, settings } = this.parts;
    const log = this.parts.log.child({ jobId: row.id, workerId: this.id, attempt: row.attempts });
    const controller = new AbortController();
    this.current = controller;
    const takenAt = Date.now();
    if (row.attempts === 1 && row.started_at)
      this.parts.metrics?.jobTaken(row.kind, (Date.parse(row.started_at) - Date.parse(row.created_at)) / 1000);
    let outcome: RenderJobOutcome | undefined;
    let ending: 'cancelled' | 'lost' | undefined;
    const end = (why: 'cancelled' | 'lost') => {
      ending ??= why;
      controller.abort(new Error(`the render job was ${why}`));
    };
    const onCancel = (jobId: string) => {
      if (jobId === row.id) end('cancelled');
    };
    signals.on('cancelled', onCancel);

    let renewing = Promise.resolve();
    const renewal = setInterval(
      () => {
        renewing = renewing.then(async () => {
          try {
            const state = await jobs.renew(row.id, this.id, settings.leaseMs);
            if (state !== 'held') end(state);
          } catch (error) {
            log.warn({ err: error }, 'render worker could not renew its lease');
          }
        });
      },
      Math.max(10, Math.floor(settings.leaseMs / 3)),
    );

    const progress = new ProgressWriter(
      (value, message, items) => jobs.progress(row.id, this.id, value, message, items),
      { value: row.progress, message: row.message },
    );
    const written: string[] = [];
    let completedMessage: string = RENDER_MESSAGES.completed;
    const context = {
      signal: controller.signal,
      onProgress: (value: number, message?: string) => progress.set(value, message ?? RENDER_MESSAGES.started),
      onItems: (items: readonly RenderJobItem[]) => progress.setItems(items),
      onCompleted: (message: string) => {
        completedMessage = message;
      },
      writeOutput: async (output: Parameters<Parameters<RenderRunner['run']>[1]['writeOutput']>[0]) => {
        const key = `${renderJobPrefix(row.id)}${safeFileName(output.name, 'output')}`;
        written.push(key);
        const { size } = await storage.put(key, output.body);
        return {
          kind: output.kind,
          key,
          contentType: output.contentType,
          size,
          ...(output.width === undefined ? {} : { width: output.width }),
          ...(output.height === undefined ? {} : { height: output.height }),
        } satisfies StoredRenderOutput;
      },
    };
    const removeWritten = async () => {
      for (const key of written)
        await storage
          .delete(key)
          .catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a render output'));
    };

    try {
      log.info('render job started');
      const work = toWork(row);
      const outputs = await runner.run(work, context);
      controller.signal.throwIfAborted();
      await progress.settled();
      const { publisher } = this.parts;
      const assetId = publisher && outputs.length > 0 ? await publisher.publish(work, outputs) : null;
      if (await jobs.complete(row.id, this.id, outputs, completedMessage, assetId)) {
        log.info({ outputs: outputs.length, assetId }, 'render job completed');
        outcome = 'completed';
        return;
      }
      if (assetId) await publisher?.withdraw(assetId);
      // Cancelled or taken over between the last renewal and now.
      const current = await jobs.find(row.id);
      end(current?.status === 'cancelled' && current.worker_id === this.id ? 'cancelled' : 'lost');
      throw controller.signal.reason;
    } catch (error) {
      await progress.settled();
      await removeWritten();
      outcome = ending ?? (this.stopping ? 'released' : 'failed');
      if (ending === 'cancelled') {
        await jobs.deleteHeld(row.id, this.id);
        log.info('render job cancelled and deleted');
      } else if (ending === 'lost') {
        log.warn('render worker lost its job (its lease ran out); it stopped');
      } else if (this.stopping) {
        await jobs.release(row.id, this.id, RENDER_MESSAGES.queued);
        log.info('render job put back in the queue: the worker is stopping');
      } else {
        const message = error instanceof RenderFailure ? error.message : STATE_MESSAGES.renderWorkflowFailed;
        if (!(error instanceof RenderFailure)) log.error({ err: error }, 'render job failed');
        else log.info({ reason: message }, 'render job failed');
        if (await jobs.fail(row.id, this.id, message)) {
          await this.parts.publisher
            ?.failed?.(toWork(row))
            .catch((failure: unknown) => log.warn({ err: failure }, 'could not record the failure of a render job'));
        }
      }
    } finally {
      clearInterval(renewal);
      await renewing;
      signals.off('cancelled', onCancel);
      this.current = undefined;
      if (outcome) this.parts.metrics?.jobEnded(row.kind, outcome, (Date.now() - takenAt) / 1000);
    }
  }
}

function toWork(row: RenderJobRow): RenderJobWork {
  const common = { id: row.id, ownerId: row.owner_id, attempt: row.attempts, maxAttempts: row.max_attempts };
  // The request was validated by the route before it was stored.
  const request: unknown = JSON.parse(row.request);
  switch (row.kind) {
    case 'still':
      return { ...common, kind: 'still', request: request as Extract<RenderJobWork, { kind: 'still' }>['request'] };
    case 'video':
      return { ...common, kind: 'video', request: request as Extract<RenderJobWork, { kind: 'video' }>['request'] };
    case 'matrix':
      return { ...common, kind: 'matrix', request: request as Extract<RenderJobWork, { kind: 'matrix' }>['request'] };
    case 'turntable':
      return {
        ...common,
        kind: 'turntable',
        request: request as Extract<RenderJobWork, { kind: 'turntable' }>['request'],
      };
    case 'carModel':
      return {
        ...common,
        kind: 'carModel',
        request: request as Extract<RenderJobWork, { kind: 'carModel' }>['request'],
      };
    case 'preview':
      return { ...common, kind: 'preview', request: request as Extract<RenderJobWork, { kind: 'preview' }>['request'] };
    case 'configStill':
      return {
        ...common,
        kind: 'configStill',
        request: request as Extract<RenderJobWork, { kind: 'configStill' }>['request'],
      };
  }
}

/**
 * Writes the newest progress (and items), one write at a time: a runner that reports every frame costs one write per
 * round trip.
 */
class ProgressWriter {
  private pending: { value: number; message: string; items?: string } | undefined;
  private writing: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly write: (value: number, message: string, items?: string) => Promise<unknown>,
    /** What the claim wrote ("Rendering (attempt 2 of 3)"): items listed before any progress keep it. */
    private last: { value: number; message: string },
  ) {}

  set(value: number, message: string): void {
    const clamped = Math.min(PROGRESS_MAX, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));
    this.last = { value: clamped, message };
    // Items waiting to be written go with the newer progress.
    this.queue({ ...this.pending, ...this.last });
  }

  /** The items as they are now, written with the newest progress. */
  setItems(items: readonly RenderJobItem[]): void {
    this.queue({ ...this.last, items: JSON.stringify(items) });
  }

  settled(): Promise<void> {
    return this.writing;
  }

  private queue(next: { value: number; message: string; items?: string }): void {
    this.pending = next;
    if (!this.busy) this.writing = this.drain();
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.pending) {
        const { value, message, items } = this.pending;
        this.pending = undefined;
        await this.write(value, message, items).catch(() => undefined);
      }
    } finally {
      this.busy = false;
    }
  }
}
