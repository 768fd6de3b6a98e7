import type { StorageConfig } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

export function createBlobStore(config: StorageConfig): BlobStore {
  return config.driver === 's3' ? new S3BlobStore(config) : new LocalBlobStore(config.root);
}
