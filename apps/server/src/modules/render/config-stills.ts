import type { FastifyBaseLogger } from 'fastify';
import { CAR_MODEL_FORMATS, type CarModelFormat, type SavedConfigSettings } from '@autostudio/protocol';
import { isUniqueViolation } from '../../db/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { stillKey, stillModelKey, type StillModel, type StillsRepository } from '../configs/stills.repository.js';
import type { RenderQueue } from './render-queue.js';
import type { ConfigStillRenderRequest, StoredRenderOutput } from './render-runner.js';

/** What a configuration still's job writes: one JPEG in the format of CONFIG_STILL (protocol). */
export const CONFIG_STILL_OUTPUT = { fileName: 'still.jpg', kind: 'configStill' } as const;

/**
 * One job per hash, whatever became of it: a second save of the same settings (or a second server copy saving them at
 * once) finds it and queues nothing.
 */
export const configStillJobId = (hash: string) => `config-still-${hash}`;

/** A still to make: the hash of a configuration's settings, whose access renders it, and those settings. */
export interface ConfigStillOrder {
  hash: string;
  ownerId: string;
  settings: SavedConfigSettings;
}

/**
 * Queues stills of saved configurations on the durable render queue, as ModelPreviewRequests queues model previews:
 * a still survives a restart and renders on whichever worker has a render engine free. Saving never waits for it.
 */
export class ConfigStillRequests {
  constructor(
    private readonly queue: RenderQueue,
    private readonly stills: StillsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  private readonly inFlight = new Set<Promise<unknown>>();

  /** Queues the still unless its hash has one; returns at once. A failure to queue is logged: the save stands. */
  request(order: ConfigStillOrder): void {
    const queued = this.enqueue(order)
      .catch((error: unknown) => {
        this.log.warn({ err: error, stillHash: order.hash }, 'could not queue the still of a configuration');
      })
      .finally(() => this.inFlight.delete(queued));
    this.inFlight.add(queued);
  }

  /** Resolves once the requests made so far have queued their job or found they need none (tests wait for it). */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /** True when the still was queued now; false when its hash has a still (or a job) already. */
  async enqueue(order: ConfigStillOrder): Promise<boolean> {
    if (await this.stills.find(order.hash)) return false;
    const request: ConfigStillRenderRequest = { hash: order.hash, settings: order.settings };
    try {
      // The job first, the row after: a job that could not be queued leaves no row, so the next save tries again.
      await this.queue.submit({
        id: configStillJobId(order.hash),
        ownerId: order.ownerId,
        kind: 'configStill',
        request,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    await this.stills.queued(order.hash);
    return true;
  }
}

/** Where a finished still goes: under its hash, for every configuration with those settings. */
export class ConfigStillStore {
  constructor(
    private readonly stills: StillsRepository,
    private readonly storage: BlobStore,
  ) {}

  async publish(hash: string, outputs: StoredRenderOutput[]): Promise<void> {
    const output = outputs.find((candidate) => candidate.kind === CONFIG_STILL_OUTPUT.kind);
    if (!output) throw new Error('the configuration still render made no still');
    // Out of the job's folder: the still outlives its job, and media access reads it by hash (a job's key would
    // open it to the job's owner only).
    const key = stillKey(hash);
    await this.storage.put(key, await this.storage.get(output.key));
    // The car as configured, beside it: what a share link of these settings offers for AR and 3D tools.
    const models: StillModel[] = [];
    for (const file of outputs) {
      const format = CAR_MODEL_FORMATS.find((candidate: CarModelFormat) => candidate === file.kind);
      if (!format) continue;
      const modelKey = stillModelKey(hash, format);
      await this.storage.put(modelKey, await this.storage.get(file.key));
      models.push({ format, key: modelKey, size: file.size ?? (await this.storage.stat(modelKey))?.size ?? 0 });
    }
    await this.stills.rendered(hash, key, models);
    for (const file of outputs) await this.storage.delete(file.key);
  }

  failed(hash: string): Promise<void> {
    return this.stills.failed(hash);
  }
}
