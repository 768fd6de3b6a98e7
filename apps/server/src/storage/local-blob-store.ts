import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store.js';

export class LocalBlobStore implements BlobStore {
  readonly driver = 'local';

  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file and a failed upload leaves none.
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    const { size } = await fs.promises.stat(target);
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const target = this.pathOf(key);
    try {
      await fs.promises.access(target, fs.constants.R_OK);
    } catch {
      throw new BlobNotFoundError(`No blob ${key}`);
    }
    return fs.createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.rm(target, { force: true });
    // Keys are folders per item (uploads/<id>/<name>); leave no empty folder behind.
    for (let dir = path.dirname(target); dir.startsWith(`${this.root}${path.sep}`); dir = path.dirname(dir)) {
      try {
        await fs.promises.rmdir(dir);
      } catch {
        break;
      }
    }
  }

  async check(): Promise<void> {
    await fs.promises.access(this.root, fs.constants.W_OK);
  }
}
