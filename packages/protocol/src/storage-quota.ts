import { z } from 'zod';

/**
 * The bytes of files one user may own unless configured (README: STORAGE_QUOTA_BYTES; 0 there means no limit): their
 * uploads, the model files of their asset models' live versions and the files of their live rendered assets.
 */
export const STORAGE_QUOTA_DEFAULT_BYTES = 5 * 1024 ** 3;

/** GET /me/storage, and GET /users/:id/storage for administrators: what a user's files take, and their limit. */
export const storageUsageSchema = z.object({
  userId: z.string(),
  usedBytes: z.number().int().min(0),
  /** The limit in bytes; null when storage is not limited (STORAGE_QUOTA_BYTES=0). */
  quotaBytes: z.number().int().min(1).nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size as people read it, in units of 1024: `5 GB`, `4.9 GB`, `200 MB`, `512 bytes`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} bytes`;
  // One decimal below 10 (4.9 GB), none above (200 MB); a whole number shows no ".0".
  const shown = Number(value.toFixed(value < 10 ? 1 : 0));
  // Just under the next unit rounds up to it: 1 MB, not 1024 KB.
  if (shown >= 1024 && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${shown} ${UNITS[unit]}`;
}

/** Texts of the storage quota (issue 30 item 5). */
export const STORAGE_MESSAGES = {
  quotaExceeded: (usedBytes: number, quotaBytes: number, fileBytes: number) =>
    `Storage quota exceeded: ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used; this file is ${formatBytes(fileBytes)}. Delete files or ask an administrator to raise STORAGE_QUOTA_BYTES.`,
  renderOverQuota: (usedBytes: number, quotaBytes: number) =>
    `Storage quota exceeded: ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used, and a render's pictures are stored with your files. Delete files or ask an administrator to raise STORAGE_QUOTA_BYTES.`,
  otherUsersStorage: 'Only administrators see the storage of other users',
} as const;
