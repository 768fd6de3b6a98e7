import type { Readable } from 'node:stream';
import { PRODUCT_MESSAGES, type User } from '@autostudio/protocol';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import {
  BlobNotFoundError,
  isSafeKey,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from '../../storage/blob-store.js';
import type { MediaAccess } from './media-access.js';

export class MediaService {
  constructor(
    private readonly storage: BlobStore,
    private readonly access: MediaAccess,
  ) {}

  /**
   * The blob at `key` when `user` may read it. Access is decided before the store is asked, so that nobody
   * learns which blobs exist by reading the ones they may not.
   */
  async find(user: User, key: string): Promise<BlobStat> {
    if (!isSafeKey(key)) throw badRequest(PRODUCT_MESSAGES.invalidMediaKey);
    if (!(await this.access.canReadMedia(user, key))) throw forbidden();
    const blob = await this.storage.stat(key);
    if (!blob) throw notFound();
    return blob;
  }

  /** Streams a blob that `find` returned. */
  async open(key: string, range?: ByteRange): Promise<Readable> {
    try {
      return await this.storage.get(key, range);
    } catch (error) {
      // Deleted between find() and now: the same answer as if it had been gone before.
      if (error instanceof BlobNotFoundError) throw notFound();
      throw error;
    }
  }
}
