import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';

describe('the local blob store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-blobs-'));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, reads back and deletes a blob', async () => {
    const store = new LocalBlobStore(root);
    await expect(store.put('uploads/a/b.png', Readable.from(['hello ', 'world']))).resolves.toEqual({ size: 11 });
    await expect(text(await store.get('uploads/a/b.png'))).resolves.toBe('hello world');
    await store.delete('uploads/a/b.png');
    await expect(store.get('uploads/a/b.png')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('leaves nothing behind when the body fails half way', async () => {
    const store = new LocalBlobStore(root);
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('uploads/broken.bin', failing)).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(root, 'uploads'))).toEqual([]);
  });

  it.each(['../escape', '/absolute', 'a/../../b', 'a//b', ''])('refuses the key %j', async (key) => {
    const store = new LocalBlobStore(root);
    await expect(store.put(key, Readable.from(['x']))).rejects.toThrow(/Unsafe storage key/);
  });
});
