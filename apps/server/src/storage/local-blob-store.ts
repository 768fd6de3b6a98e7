import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  assertSafeKey,
  assertValidRange,
  BlobNotFoundError,
  BlobRangeError,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';

/** A missing file, or a path through something that is not a folder: either way there is no such blob. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

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
    await fs.promises.mkdir(path.dirname(target), { recursive: true }).catch(async (error: unknown) => {
      // A recursive mkdir on a read-only file system says ENOENT; the root itself says what is wrong (EROFS, EACCES).
      await fs.promises.access(this.root, fs.constants.W_OK);
      throw error;
    });
    // Write beside the target and rename, so a reader never sees half a file and a failed upload leaves none.
    const partial = `${target}.${randomUUID()}.partial`;
    // Create the file before reading the body: a write stream opens it in the background, and when the body fails
    // first that open can land after the clean-up below and leave the partial file behind.
    const file = await fs.promises.open(partial, 'wx');
    try {
      await pipeline(body, file.createWriteStream());
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    const { size } = await fs.promises.stat(target);
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const target = this.pathOf(key);
    assertValidRange(range);
    // Open first and read through the handle, so the blob cannot vanish between the checks and the read.
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(target, 'r');
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(`No blob ${key}`);
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new BlobNotFoundError(`No blob ${key}`);
      if (range && range.start >= stats.size) throw new BlobRangeError(`${key} has ${stats.size} bytes`);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<BlobStat | null> {
    const target = this.pathOf(key);
    try {
      const stats = await fs.promises.stat(target);
      if (!stats.isFile()) return null;
      // Every put renames a new file into place, so the inode alone changes on each write; size and time make
      // the tag safe across restores and copies too.
      const etag = `"${stats.ino.toString(16)}-${stats.size.toString(16)}-${Math.round(stats.mtimeMs).toString(16)}"`;
      return { size: stats.size, lastModified: stats.mtime, etag };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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

  async close(): Promise<void> {}
}
