import type { Readable } from 'node:stream';

/** What a store knows about a blob without reading it: enough for Content-Length, ETag and Last-Modified. */
export interface BlobStat {
  size: number;
  lastModified: Date;
  /** A quoted HTTP entity tag (`"…"`) that changes whenever the blob is written again. */
  etag: string;
}

/** Bytes `start` to `end`, both included, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploads, previews, models and renders live: a local folder by default, S3 at scale. */
export interface BlobStore {
  readonly driver: 'local' | 's3';
  /** Streams the body into the store. A reader sees the old blob or the whole new one; a failed body leaves none. */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /**
   * Streams the blob, or only `range` of it. An `end` past the last byte stops at the last byte; a `start` past it
   * throws BlobRangeError. A missing blob throws BlobNotFoundError.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The blob's size, modification time and entity tag, or null when there is no such blob. */
  stat(key: string): Promise<BlobStat | null>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the store cannot be written to. */
  check(): Promise<void>;
  /** Lets go of connections; the store is not used afterwards. */
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {}

export class BlobRangeError extends Error {}

/** Keys are slash-separated names made by the server; anything that could climb out of the store is refused. */
export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return !(
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))
  );
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** A range is a caller's bug, not a client's, when it is not two whole numbers in order. */
export function assertValidRange(range: ByteRange | undefined): void {
  if (
    range &&
    !(
      Number.isSafeInteger(range.start) &&
      Number.isSafeInteger(range.end) &&
      0 <= range.start &&
      range.start <= range.end
    )
  ) {
    throw new RangeError(`Invalid byte range ${JSON.stringify(range)}`);
  }
}
