import type { Readable } from 'node:stream';

/** Where uploads, previews, models and renders live: a local folder by default, S3 at scale. */
export interface BlobStore {
  readonly driver: 'local' | 's3';
  put(key: string, body: Readable): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Throws when the store cannot be written to. */
  check(): Promise<void>;
}

export class BlobNotFoundError extends Error {}

/** Keys are slash-separated names made by the server; anything that could climb out of the store is refused. */
export function assertSafeKey(key: string): void {
  const parts = key.split('/');
  if (
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
