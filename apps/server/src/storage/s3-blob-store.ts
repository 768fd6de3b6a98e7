import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertSafeKey,
  assertValidRange,
  BlobNotFoundError,
  BlobRangeError,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2…); AWS itself when absent. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** When absent the SDK's own chain applies (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Parts are buffered one at a time per uploader, so an upload holds at most `queueSize × partSize` in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** Counts the bytes that pass, because a streamed upload learns its size only at the end. */
function byteCounter(): Transform & { bytes: number } {
  const counter = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        counter.bytes += chunk.length;
        callback(null, chunk);
      },
    }),
    { bytes: 0 },
  );
  return counter;
}

/** Blobs in one bucket of any S3-compatible store; keys are the same as in the local store. */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // The SDK's default adds CRC checksums in aws-chunked trailers, which many S3-compatible stores refuse;
      // ask for them only where the S3 API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    assertSafeKey(key);
    const counter = byteCounter();
    // A failure of the body reaches the upload through the counter, which pipeline() destroys with the same
    // error; the upload then rejects with it and aborts any multipart upload, so nothing is left in the bucket.
    pipeline(body, counter, () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counter },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    try {
      await upload.done();
    } catch (error) {
      // The store failed rather than the body: stop reading the client's stream too.
      body.destroy();
      throw error;
    }
    return { size: counter.bytes };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key);
    assertValidRange(range);
    try {
      const output = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // In Node the SDK answers with the HTTP response stream itself.
      if (!(output.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return output.Body;
    } catch (error) {
      if (statusOf(error) === 404) throw new BlobNotFoundError(`No blob ${key}`);
      if (statusOf(error) === 416) throw new BlobRangeError(`${key} does not reach byte ${range?.start ?? 0}`);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${(head.LastModified ?? new Date(0)).getTime().toString(16)}"`,
      };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // HeadBucket has no body, so the SDK's message is only the status; name the bucket and the status instead.
      const status = statusOf(error);
      if (status === 404) throw new Error(`S3 bucket ${this.bucket} does not exist`);
      if (status === 403) throw new Error(`S3 bucket ${this.bucket} refuses these credentials`);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
