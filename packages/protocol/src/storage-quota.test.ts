import { describe, expect, it } from 'vitest';
import { formatBytes, STORAGE_MESSAGES, STORAGE_QUOTA_DEFAULT_BYTES } from './storage-quota.js';

describe('storage sizes as people read them', () => {
  it('uses units of 1024, one decimal below 10 and none above, no ".0"', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 2 - 1)).toBe('1 MB');
    expect(formatBytes(200 * 1024 ** 2)).toBe('200 MB');
    expect(formatBytes(STORAGE_QUOTA_DEFAULT_BYTES)).toBe('5 GB');
    expect(formatBytes(4.9 * 1024 ** 3)).toBe('4.9 GB');
    expect(formatBytes(3 * 1024 ** 5)).toBe('3072 TB');
  });

  it('names the limit, the usage, the file and the setting when the quota is exceeded', () => {
    expect(STORAGE_MESSAGES.quotaExceeded(4.9 * 1024 ** 3, STORAGE_QUOTA_DEFAULT_BYTES, 200 * 1024 ** 2)).toBe(
      'Storage quota exceeded: 4.9 GB of 5 GB used; this file is 200 MB. Delete files or ask an administrator to raise STORAGE_QUOTA_BYTES.',
    );
  });
});
