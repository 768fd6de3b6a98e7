import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPageCacheDir, PAGE_CACHE_MAX_BYTES, PageCache } from './page-cache.js';

let root: string;
let page: string;
let dir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'autostudio-page-cache-'));
  page = path.join(root, 'page');
  dir = path.join(root, 'cache');
  await mkdir(path.join(page, 'environments'), { recursive: true });
  await writeFile(path.join(page, 'main.js'), 'export const main = 1;');
  await writeFile(path.join(page, 'environments', 'studio.js'), 'export const softboxes = 3;');
});

afterEach(() => rm(root, { recursive: true, force: true }));

const open = () => PageCache.open(dir, { folders: [page], versions: ['three 0.187.0'] });

describe('the page cache', () => {
  it('gives back what a start kept, to a later start of the same page', async () => {
    await (await open()).write('studio-reflections-7c4ac7de', Buffer.from('texels'));
    expect(await (await open()).read('studio-reflections-7c4ac7de')).toEqual(Buffer.from('texels'));
  });

  it('keeps nothing for a page built from changed code, or on another three', async () => {
    await (await open()).write('studio-reflections-7c4ac7de', Buffer.from('texels'));
    await writeFile(path.join(page, 'environments', 'studio.js'), 'export const softboxes = 4;');
    expect(await (await open()).read('studio-reflections-7c4ac7de')).toBeNull();
    const otherThree = await PageCache.open(dir, { folders: [page], versions: ['three 0.188.0'] });
    expect(await otherThree.read('studio-reflections-7c4ac7de')).toBeNull();
  });

  it('takes only names of lower-case words, so an entry cannot leave its folder', async () => {
    const cache = await open();
    for (const name of ['../escape', 'a/b', 'Studio', '', '.hidden', 'x'.repeat(97)]) {
      expect(cache.fileOf(name), name).toBeNull();
      await expect(cache.write(name, Buffer.from('x'))).rejects.toThrow('is not a page cache entry');
    }
    expect(await readdir(root)).toEqual(['page']);
  });

  it('refuses an empty entry and one over the limit, and keeps nothing of them', async () => {
    const cache = await open();
    await expect(cache.write('empty', Buffer.alloc(0))).rejects.toThrow('takes 1 byte');
    await expect(cache.write('huge', Buffer.alloc(PAGE_CACHE_MAX_BYTES + 1))).rejects.toThrow('takes 1 byte');
    expect(await cache.read('empty')).toBeNull();
    expect(await cache.read('huge')).toBeNull();
  });

  it('leaves one whole entry when engines starting together keep the same one', async () => {
    const bytes = Buffer.alloc(1024 * 1024, 7);
    await Promise.all([1, 2, 3, 4].map(async () => (await open()).write('studio-reflections-7c4ac7de', bytes)));
    // Buffer's own comparison: a deep equality of a megabyte takes vitest seconds.
    expect((await (await open()).read('studio-reflections-7c4ac7de'))?.equals(bytes)).toBe(true);
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('forgets the entries of all but the newest builds when it keeps one', async () => {
    const old = Date.now() / 1000 - 3600;
    const builds = ['a', 'b', 'c', 'd', 'e'].map((letter) => letter.repeat(24));
    await mkdir(dir, { recursive: true });
    for (const [index, build] of builds.entries()) {
      const file = path.join(dir, `${build}-studio-reflections-7c4ac7de.bin`);
      await writeFile(file, 'old texels');
      await utimes(file, old + index, old + index);
    }
    // A write a stopped process left half done, and one another engine is making now.
    const abandoned = path.join(dir, `${'a'.repeat(24)}-studio-reflections-7c4ac7de.bin.1234.partial`);
    await writeFile(abandoned, 'half');
    await utimes(abandoned, old, old);
    const inProgress = path.join(dir, `${'e'.repeat(24)}-studio-reflections-7c4ac7de.bin.5678.partial`);
    await writeFile(inProgress, 'half');
    const cache = await open();
    await cache.write('studio-reflections-7c4ac7de', Buffer.from('texels'));
    // This build and the three newest of the others remain, and the write in progress; the oldest went.
    expect((await readdir(dir)).sort()).toEqual(
      [
        ...[cache.build, ...builds.slice(2)].map((build) => `${build}-studio-reflections-7c4ac7de.bin`),
        path.basename(inProgress),
      ].sort(),
    );
  });

  it('lives in the machine cache folder unless told otherwise', () => {
    expect(defaultPageCacheDir({ XDG_CACHE_HOME: '/var/cache/studio' })).toBe('/var/cache/studio/autostudio/engine');
    expect(defaultPageCacheDir({})).toMatch(/\.cache\/autostudio\/engine$/);
  });
});
