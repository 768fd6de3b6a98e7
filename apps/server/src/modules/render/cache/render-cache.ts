import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { RenderJobSettingsInput } from '@autostudio/protocol';
import type { Db } from '../../../db/database.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { safeFileName } from '../../../storage/media-url.js';
import { canonicalJson } from '../../configs/config-still-hash.js';
import type { StoredRenderOutput } from '../render-runner.js';
import type { RenderScene } from '../render-scene.js';

/** Everything that changes a render's pixels; two renders alike in all of it make the same files. */
export interface RenderCacheInput {
  /**
   * Which files are kept: a still's (each layer and a thumbnail), a matrix variant's (one image), or a configuration
   * still's (the first picture, and the car as GLB and USDZ).
   */
  files: 'still' | 'matrix variant' | 'config still';
  /** What the engine is given: the car, the uploads it shows and the `Update New Config` (see renderSceneOf). */
  scene: RenderScene;
  /** The car's asset model as it is now (its version and file), so that a changed model renders anew; null: built-in. */
  modelStamp: string | null;
  /** What the engine's render is asked for: size, samples, quality, passes, format, shadows. */
  render: RenderJobSettingsInput;
  /** The engines' version: a different engine may draw differently. */
  engineVersion: string;
}

/** The key of a render in the cache: sha256 (hex) of its input as canonical JSON. */
export function renderCacheHash(input: RenderCacheInput): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/** A file to keep in the cache: its bytes and how the gallery describes it. */
export interface CachedFile {
  name: string;
  kind: string;
  contentType: string;
  body: Buffer;
  width?: number;
  height?: number;
}

/**
 * Finished renders kept by hash (migration 0017): the files in the blob store under `render-cache/<hash>/`, a row
 * saying which. A render found here is copied, not rendered; a matrix interrupted half-way finds its finished
 * variants here when it is taken again. Entries of an asset model go when the model changes or goes.
 */
export class RenderCache {
  constructor(
    private readonly db: Db,
    private readonly storage: BlobStore,
  ) {}

  /** The files kept under the hash, or undefined when there are none (or one has gone from the store). */
  async find(hash: string): Promise<StoredRenderOutput[] | undefined> {
    const row = await this.db.selectFrom('render_cache').select('outputs').where('hash', '=', hash).executeTakeFirst();
    if (!row) return undefined;
    const outputs = JSON.parse(row.outputs) as StoredRenderOutput[];
    for (const output of outputs) {
      if ((await this.storage.stat(output.key)) === null) {
        await this.forget(hash, outputs);
        return undefined;
      }
    }
    return outputs;
  }

  /** The bytes of a kept file. */
  async read(output: StoredRenderOutput): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.get(output.key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Keeps the files under the hash; a second keep of the same hash (another worker's) leaves the first. */
  async keep(hash: string, assetModelId: string | null, files: CachedFile[]): Promise<StoredRenderOutput[]> {
    const outputs: StoredRenderOutput[] = [];
    for (const file of files) {
      const key = `render-cache/${hash}/${safeFileName(file.name, 'output')}`;
      const { size } = await this.storage.put(key, Readable.from([file.body]));
      outputs.push({
        kind: file.kind,
        key,
        contentType: file.contentType,
        size,
        ...(file.width === undefined ? {} : { width: file.width }),
        ...(file.height === undefined ? {} : { height: file.height }),
      });
    }
    await this.db
      .insertInto('render_cache')
      .values({
        hash,
        outputs: JSON.stringify(outputs),
        asset_model_id: assetModelId,
        created_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
    return outputs;
  }

  /** Drops every render of an asset model: it changed, or it is gone. Answers how many went. */
  async dropModel(assetModelId: string): Promise<number> {
    const rows = await this.db
      .selectFrom('render_cache')
      .select(['hash', 'outputs'])
      .where('asset_model_id', '=', assetModelId)
      .execute();
    for (const row of rows) await this.forget(row.hash, JSON.parse(row.outputs) as StoredRenderOutput[]);
    return rows.length;
  }

  private async forget(hash: string, outputs: StoredRenderOutput[]): Promise<void> {
    await this.db.deleteFrom('render_cache').where('hash', '=', hash).execute();
    for (const output of outputs) await this.storage.delete(output.key);
  }
}
