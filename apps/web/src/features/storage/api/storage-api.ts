import { API_ROUTES, storageUsageSchema, type StorageUsage } from '@autostudio/protocol';
import { serverCall } from '@/api/server-call';

/** What the signed-in user's files take of their storage quota. */
export function fetchMyStorage(signal?: AbortSignal): Promise<StorageUsage> {
  return serverCall('get', API_ROUTES.me.storage, { schema: storageUsageSchema, ...(signal ? { signal } : {}) });
}

/** Uploads and renders change it: whoever stores or deletes a file may invalidate this key. */
export const MY_STORAGE_KEY = ['storage', 'me'] as const;
