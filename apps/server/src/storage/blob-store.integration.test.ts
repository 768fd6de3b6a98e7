import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { BlobNotFoundError, BlobRangeError, type BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** A fresh, empty store and a way to see everything it holds, including anything a failed write left behind. */
interface StoreUnderTest {
  store: BlobStore;
  everything(): Promise<string[]>;
  dispose(): Promise<void>;
}

interface StoreHarness {
  name: 'local' | 's3';
  setup(): Promise<void>;
  create(): Promise<StoreUnderTest>;
  teardown(): Promise<void>;
}

const local: StoreHarness = {
  name: 'local',
  setup: () => Promise.resolve(),
  create() {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-blobs-'));
    return Promise.resolve({
      store: new LocalBlobStore(root),
      everything: async () =>
        (await fs.promises.readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
      dispose: () => fs.promises.rm(root, { recursive: true, force: true }),
    });
  },
  teardown: () => Promise.resolve(),
};

function s3(): StoreHarness {
  let server: TestS3Server;
  let client: S3Client;
  return {
    name: 's3',
    async setup() {
      server = await startS3Server();
      const { credentials, endpoint, region } = server.storeOptions();
      client = new S3Client({ credentials, endpoint, region, forcePathStyle: true });
    },
    async create() {
      const bucket = `contract-${randomUUID()}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      const store = new S3BlobStore(server.storeOptions(bucket));
      return {
        store,
        async everything() {
          const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
          const unfinished = await server.unfinishedUploads(bucket);
          return [
            ...(listed.Contents ?? []).map((object) => object.Key ?? ''),
            ...unfinished.map((uploadId) => `unfinished multipart upload ${uploadId}`),
          ];
        },
        dispose: () => store.close(),
      };
    },
    async teardown() {
      client.destroy();
      await server.close();
    },
  };
}

const MiB = 1024 * 1024;

/** Deterministic bytes, so that a mix-up of parts or offsets shows. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 12)) & 0xff;
  return bytes;
}

/** Sends `bytes` in 64 KiB chunks, as a slow client would, then fails when `failAfter` is set. */
function chunked(bytes: Buffer, failAfter?: Error): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= bytes.length) {
        if (failAfter) this.destroy(failAfter);
        else this.push(null);
        return;
      }
      this.push(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each([local, s3()])('the $name blob store', (harness) => {
  let t: StoreUnderTest;
  beforeAll(() => harness.setup());
  afterAll(() => harness.teardown());
  beforeEach(async () => {
    t = await harness.create();
  });
  afterEach(() => t.dispose());

  it('stores a blob, reads it back, describes it and deletes it', async () => {
    const before = Date.now();
    await expect(t.store.put('uploads/a/b.png', Readable.from(['hello ', 'world']))).resolves.toEqual({ size: 11 });
    await expect(text(await t.store.get('uploads/a/b.png'))).resolves.toBe('hello world');

    const stat = await t.store.stat('uploads/a/b.png');
    expect(stat).toMatchObject({ size: 11, etag: expect.stringMatching(/^"[^"]+"$/) as unknown });
    // S3 keeps whole seconds.
    expect(stat!.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stat!.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    await t.store.delete('uploads/a/b.png');
    await expect(t.store.get('uploads/a/b.png')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(t.store.stat('uploads/a/b.png')).resolves.toBeNull();
  });

  it('replaces a blob with a new entity tag', async () => {
    await t.store.put('renders/still.jpg', Readable.from(['first']));
    const first = await t.store.stat('renders/still.jpg');
    await t.store.put('renders/still.jpg', Readable.from(['second']));
    const second = await t.store.stat('renders/still.jpg');
    await expect(text(await t.store.get('renders/still.jpg'))).resolves.toBe('second');
    expect(second!.size).toBe(6);
    expect(second!.etag).not.toBe(first!.etag);
  });

  it('stores an empty blob', async () => {
    await expect(t.store.put('uploads/empty.txt', Readable.from([]))).resolves.toEqual({ size: 0 });
    expect((await t.store.stat('uploads/empty.txt'))?.size).toBe(0);
    await expect(text(await t.store.get('uploads/empty.txt'))).resolves.toBe('');
  });

  it('reads byte ranges, stopping at the last byte', async () => {
    await t.store.put('models/car.glb', Readable.from(['0123456789']));
    await expect(text(await t.store.get('models/car.glb', { start: 2, end: 5 }))).resolves.toBe('2345');
    await expect(text(await t.store.get('models/car.glb', { start: 0, end: 1 }))).resolves.toBe('01');
    await expect(text(await t.store.get('models/car.glb', { start: 7, end: 100 }))).resolves.toBe('789');
  });

  it('refuses a range that starts past the last byte', async () => {
    await t.store.put('models/car.glb', Readable.from(['0123456789']));
    await expect(t.store.get('models/car.glb', { start: 10, end: 20 })).rejects.toBeInstanceOf(BlobRangeError);
  });

  it('treats a missing blob alike everywhere', async () => {
    await expect(t.store.get('uploads/none.png')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(t.store.get('uploads/none.png', { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(t.store.stat('uploads/none.png')).resolves.toBeNull();
    await expect(t.store.delete('uploads/none.png')).resolves.toBeUndefined();
  });

  it('does not take a folder of blobs for a blob', async () => {
    await t.store.put('users/u1/a.png', Readable.from(['x']));
    await expect(t.store.stat('users/u1')).resolves.toBeNull();
    await expect(t.store.get('users/u1')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('streams a large blob through in parts and back byte for byte', async () => {
    const bytes = pattern(17 * MiB + 123);
    await expect(t.store.put('renders/video.mp4', chunked(bytes))).resolves.toEqual({ size: bytes.length });
    expect((await t.store.stat('renders/video.mp4'))?.size).toBe(bytes.length);
    expect(sha256(await buffer(await t.store.get('renders/video.mp4')))).toBe(sha256(bytes));
    const tail = await buffer(await t.store.get('renders/video.mp4', { start: 16 * MiB, end: bytes.length - 1 }));
    expect(tail.equals(bytes.subarray(16 * MiB))).toBe(true);
  });

  it.each([
    ['at once', 10],
    ['after several megabytes', 9 * MiB],
  ])('leaves nothing behind when the body fails %s', async (_when, sentBytes) => {
    const failed = t.store.put('uploads/broken.bin', chunked(pattern(sentBytes), new Error('client went away')));
    await expect(failed).rejects.toThrow('client went away');
    await expect(t.store.stat('uploads/broken.bin')).resolves.toBeNull();
    await expect(t.everything()).resolves.toEqual([]);
  });

  it('keeps the old blob when a replacement fails', async () => {
    await t.store.put('uploads/kept.txt', Readable.from(['old']));
    await expect(t.store.put('uploads/kept.txt', chunked(pattern(10), new Error('gone')))).rejects.toThrow('gone');
    await expect(text(await t.store.get('uploads/kept.txt'))).resolves.toBe('old');
    await expect(t.everything()).resolves.toEqual(['uploads/kept.txt']);
  });

  it.each(['../escape', '/absolute', 'a/../../b', 'a//b', 'a/./b', 'a\\b', ''])('refuses the key %j', async (key) => {
    await expect(t.store.put(key, Readable.from(['x']))).rejects.toThrow(/Unsafe storage key/);
    await expect(t.store.get(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(t.store.stat(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(t.store.delete(key)).rejects.toThrow(/Unsafe storage key/);
  });

  it('says it is writable', async () => {
    await expect(t.store.check()).resolves.toBeUndefined();
  });
});

describe('the local blob store on a slow disk', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves nothing behind when the body fails before the disk has opened the file', async () => {
    const t = await local.create();
    // Every open reaches the disk 50 ms late, as on a busy volume; the body fails long before that.
    const open = fs.open.bind(fs) as (...args: unknown[]) => void;
    vi.spyOn(fs, 'open').mockImplementation((...args: unknown[]) => {
      setTimeout(() => open(...args), 50);
    });
    const openPromise = fs.promises.open.bind(fs.promises);
    vi.spyOn(fs.promises, 'open').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return openPromise(...args);
    });
    try {
      await expect(t.store.put('uploads/broken.bin', chunked(pattern(10), new Error('gone')))).rejects.toThrow('gone');
      await new Promise((resolve) => setTimeout(resolve, 150));
      await expect(t.everything()).resolves.toEqual([]);
    } finally {
      vi.restoreAllMocks();
      await t.dispose();
    }
  });
});

describe('the S3 blob store against a bucket that is not there', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  it('fails its check with the bucket name', async () => {
    const store = new S3BlobStore(server.storeOptions('no-such-bucket'));
    await expect(store.check()).rejects.toThrow('S3 bucket no-such-bucket does not exist');
    await store.close();
  });
});
