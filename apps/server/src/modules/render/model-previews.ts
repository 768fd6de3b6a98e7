import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BUILT_IN_PRODUCT, roleSchema, type RenderJobSettingsInput } from '@autostudio/protocol';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { RenderQueue } from './render-queue.js';
import type { PreviewRenderRequest, StoredRenderOutput } from './render-runner.js';

/**
 * An asset model's picture when its upload brought none (issue 18 item 8): a 16:9 still small and quick enough to
 * make on any render engine, stored as a JPEG.
 */
export const MODEL_PREVIEW = {
  settings: {
    Width: 640,
    Height: 360,
    Format: 'JPG',
    SpatialSamples: 4,
    TemporalSamples: 1,
    Quality: 'LOW',
    RenderType: 'Default',
  } satisfies RenderJobSettingsInput,
  fileName: 'preview.jpg',
  kind: 'preview',
} as const;

/** One preview job per asset model row, whatever became of it: a second request (a second server start) finds it. */
export const previewJobId = (assetModelId: string) => `preview-${assetModelId}`;

/**
 * Queues preview renders on the durable render queue, so a preview survives a restart and runs on whichever worker
 * has a render engine free, like any render. Requests never wait for the render, nor fail the caller.
 */
export class ModelPreviewRequests {
  constructor(
    private readonly queue: RenderQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues a preview of the model and returns at once; a failure to queue is logged and the model keeps its icon. */
  request(assetModelId: string, ownerId: string): void {
    this.enqueue(assetModelId, ownerId).catch((error: unknown) => {
      this.log.warn({ err: error, assetModelId }, 'could not queue the preview render of an asset model');
    });
  }

  /** Queues a preview unless this model row had one queued before; true when it was queued now. */
  async enqueue(assetModelId: string, ownerId: string): Promise<boolean> {
    const id = previewJobId(assetModelId);
    if (await this.queue.jobs.find(id)) return false;
    const request: PreviewRenderRequest = { assetModelId };
    try {
      // The job loads the model with its owner's access, as a user's render does.
      await this.queue.submit({ id, ownerId, kind: 'preview', request });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    return true;
  }
}

const rolesColumn = z.array(roleSchema);

/**
 * The built-in car gets a preview at startup when it has none, once: the job's id is the model row's, so later starts
 * (and other server copies) find it, rendered or failed, and queue nothing. It is nobody's, so an administrator's
 * access loads it.
 */
export async function requestBuiltInPreview(db: Db, previews: ModelPreviewRequests): Promise<boolean> {
  const model = await db
    .selectFrom('asset_models')
    .select(['id', 'owner_id', 'preview_key'])
    .where('model_id', '=', BUILT_IN_PRODUCT.modelId)
    .where('is_latest', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!model || model.preview_key) return false;
  let ownerId = model.owner_id;
  if (!ownerId) {
    const users = await db.selectFrom('users').select(['id', 'roles']).orderBy('created_at').orderBy('id').execute();
    ownerId = users.find((user) => rolesColumn.parse(JSON.parse(user.roles)).includes('admin'))?.id ?? null;
  }
  if (!ownerId) return false;
  return previews.enqueue(model.id, ownerId);
}

/** Where a finished preview goes: beside the model's own files, as its picture. */
export class ModelPreviewStore {
  constructor(
    private readonly db: Db,
    private readonly storage: BlobStore,
  ) {}

  async publish(assetModelId: string, outputs: StoredRenderOutput[]): Promise<void> {
    const output = outputs.find((candidate) => candidate.kind === MODEL_PREVIEW.kind);
    if (!output) throw new Error('the preview render made no preview');
    const model = await this.db
      .selectFrom('asset_models')
      .select(['id', 'model_id', 'preview_key'])
      .where('id', '=', assetModelId)
      .executeTakeFirst();
    // A picture uploaded while the preview rendered is the owner's choice: it stays.
    if (model && !model.preview_key) {
      // Under the model's key, where media access lets whoever may see the model see it (a job's key would not).
      const key = `asset-models/${model.model_id}/${randomUUID()}/${MODEL_PREVIEW.fileName}`;
      await this.storage.put(key, await this.storage.get(output.key));
      // Not updated_at: the model's details did not change, and lists sorted by it should not reorder.
      const result = await this.db
        .updateTable('asset_models')
        .set({ preview_key: key })
        .where('id', '=', model.id)
        .where('preview_key', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) await this.storage.delete(key);
    }
    await this.storage.delete(output.key);
  }
}
