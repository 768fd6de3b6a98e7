import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3BlobStoreOptions } from '../storage/s3-blob-store.js';

export const TEST_BUCKET = 'autostudio-test';

export interface TestS3Server {
  endpoint: string;
  /** Store options for the test bucket, or for another bucket on the same server. */
  storeOptions(bucket?: string): S3BlobStoreOptions;
  /** Multipart uploads begun in a bucket and neither completed nor aborted. */
  unfinishedUploads(bucket?: string): Promise<string[]>;
  close(): Promise<void>;
}

/** The part of s3rver's Koa context the abort handler uses; s3rver's typings leave Koa out. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/**
 * A fake S3 over real HTTP on a free loopback port (s3rver), with an empty test bucket. The S3 store talks to it
 * exactly as it talks to AWS or MinIO: signed requests, path-style URLs, multipart uploads, ranges.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-s3-'));
  // Where s3rver keeps the parts of a multipart upload until it is completed.
  const uploadsDir = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });

  // s3rver has no AbortMultipartUpload (it answers 405). Real stores do, and the S3 store relies on it to leave
  // nothing behind after a failed upload, so the fake gets it: drop the parts and answer 204 as S3 does.
  const abortMultipartUpload: KoaMiddleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const bucket = ctx.path.split('/')[1] ?? '';
    await fs.promises.rm(path.join(uploadsDir(bucket), path.basename(uploadId)), { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  };
  // s3rver is a Koa application; its middleware list is composed when it starts listening.
  (server as unknown as { middleware: KoaMiddleware[] }).middleware.unshift(abortMultipartUpload);

  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storeOptions: (bucket = TEST_BUCKET) => ({
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      // s3rver's fixed credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    async unfinishedUploads(bucket = TEST_BUCKET) {
      try {
        return await fs.promises.readdir(uploadsDir(bucket));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
