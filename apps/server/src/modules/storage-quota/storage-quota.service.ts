import { isAdmin, STORAGE_MESSAGES, type StorageUsage, type User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import { StorageUsageRepository, type Queries } from './storage-quota.repository.js';

/**
 * The per-user storage quota (STORAGE_QUOTA_BYTES; 0: no limit). A file that would take its owner past it is refused
 * with 413 in the transaction that would record it, and its caller deletes the stored file again (withMultipart).
 * Renders cannot know their size before they run: a render is refused while its user is at or over the quota, and
 * its files are recorded whatever their size once it ran.
 */
export class StorageQuota {
  private readonly usage: StorageUsageRepository;

  constructor(
    db: Db,
    /** Bytes one user's files may take; 0 for no limit. */
    readonly quotaBytes: number,
  ) {
    this.usage = new StorageUsageRepository(db);
  }

  private get limited(): boolean {
    return this.quotaBytes > 0;
  }

  /**
   * Inside the transaction that records a file of `bytes` for `ownerId`, before its row is written: 413 naming the
   * limit, the usage and the file when the owner's files would then take more than the quota.
   */
  async assertRoom(queries: Queries, ownerId: string, bytes: number): Promise<void> {
    if (!this.limited) return;
    await this.usage.lockOwner(ownerId, queries);
    const used = await this.usage.used(ownerId, queries);
    if (used + bytes > this.quotaBytes)
      throw new HttpError(413, STORAGE_MESSAGES.quotaExceeded(used, this.quotaBytes, bytes));
  }

  /** Before a render is queued: 413 when its user's files already take the whole quota. */
  async assertNotFull(ownerId: string): Promise<void> {
    if (!this.limited) return;
    const used = await this.usage.used(ownerId);
    if (used >= this.quotaBytes) throw new HttpError(413, STORAGE_MESSAGES.renderOverQuota(used, this.quotaBytes));
  }

  /** What a user's files take, and their limit: for the user themself, or an administrator. */
  async of(user: User, userId: string): Promise<StorageUsage> {
    if (userId !== user.id && !isAdmin(user)) throw forbidden(STORAGE_MESSAGES.otherUsersStorage);
    if (!(await this.usage.userExists(userId))) throw notFound();
    return {
      userId,
      usedBytes: await this.usage.used(userId),
      quotaBytes: this.limited ? this.quotaBytes : null,
    };
  }
}
