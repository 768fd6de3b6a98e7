import { randomUUID } from 'node:crypto';
import { RENDER_MESSAGES, savedConfigSettingsSchema, type StillRenderRequest, type User } from '@autostudio/protocol';
import type { RenderJobRow } from '../../../db/schema.js';
import { safeFileName } from '../../../storage/media-url.js';
import type { RenderQueue } from '../render-queue.js';
import type { RenderJobWork, RenderPublisher, StoredRenderOutput } from '../render-runner.js';
import { renderJobPrefix } from '../render-worker.js';
import type { RenderCache } from './render-cache.js';
import type { RenderCacheKeys } from './render-cache-keys.js';

/** The extension of an image an engine writes: JPG or PNG. */
export const imageExtension = (contentType: string) => (contentType === 'image/jpeg' ? 'jpg' : 'png');

/** A still's file as the gallery names it: "<name>-Beauty.png", "<name>-thumbnail.jpg". */
export const stillFileName = (stem: string, file: { kind: string; contentType: string }) =>
  `${stem}-${file.kind}.${imageExtension(file.contentType)}`;

/**
 * Answers a still at once when the render cache has it: its files are copied as a job's outputs, recorded as a
 * rendered asset with the request's metadata, and the job is stored completed, as a worker would have left it. The
 * job has no start time, so render estimates, which learn from how long jobs ran, leave it out.
 */
export class StillAnswers {
  constructor(
    private readonly parts: {
      cache: RenderCache;
      keys: RenderCacheKeys;
      queue: RenderQueue;
      publisher: RenderPublisher;
    },
  ) {}

  /** The completed job, or undefined when the still must be rendered. */
  async answer(user: User, request: StillRenderRequest): Promise<(RenderJobRow & { kind: 'still' }) | undefined> {
    const settings = savedConfigSettingsSchema.safeParse(request.settings ?? {});
    if (!settings.success) return undefined;
    // A car the user may no longer see has no key: the worker refuses the render with its reason.
    const hash = await this.parts.keys.still(user.id, request, settings.data).catch(() => undefined);
    const cached = hash === undefined ? undefined : await this.parts.cache.find(hash);
    if (!cached) return undefined;
    const id = randomUUID();
    const outputs = await this.copy(id, safeFileName(request.metadata.name, 'render'), cached);
    const work: RenderJobWork = { id, ownerId: user.id, attempt: 1, maxAttempts: 1, kind: 'still', request };
    let assetId: string | null = null;
    try {
      assetId = await this.parts.publisher.publish(work, outputs);
      const now = new Date().toISOString();
      const row: RenderJobRow & { kind: 'still' } = {
        id,
        owner_id: user.id,
        kind: 'still',
        request: JSON.stringify(request),
        status: 'completed',
        progress: 100,
        message: RENDER_MESSAGES.fromCache,
        error: null,
        outputs: JSON.stringify(outputs),
        items: null,
        attempts: 0,
        max_attempts: this.parts.queue.settings.maxAttempts,
        worker_id: null,
        lease_expires_at: null,
        created_at: now,
        updated_at: now,
        started_at: null,
        finished_at: now,
        asset_id: assetId,
      };
      await this.parts.queue.jobs.enqueue(row);
      return row;
    } catch (error) {
      if (assetId) await this.parts.publisher.withdraw(assetId);
      for (const output of outputs) await this.parts.queue.storage.delete(output.key);
      throw error;
    }
  }

  private async copy(jobId: string, stem: string, cached: StoredRenderOutput[]): Promise<StoredRenderOutput[]> {
    const { storage } = this.parts.queue;
    const outputs: StoredRenderOutput[] = [];
    for (const file of cached) {
      const key = `${renderJobPrefix(jobId)}${safeFileName(stillFileName(stem, file), 'output')}`;
      const { size } = await storage.put(key, await storage.get(file.key));
      outputs.push({ ...file, key, size });
    }
    return outputs;
  }
}
