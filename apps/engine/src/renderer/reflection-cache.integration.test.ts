import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialSceneState } from '../scene/initial-state.js';
import { Pixels } from '../test/pixels.js';
import { ChromiumRenderer } from './chromium-renderer.js';

/**
 * The studio's reflection map is prefiltered by the first engine on a machine and uploaded by the next from the page
 * cache: the next start skips most of its GPU work, and its picture is the same to the last bit.
 */
const SIZE = { width: 160, height: 90 };
/** The studio's map: a 256-texel half-float cube, six mips, all six faces, after a 12-byte header. */
const ENTRY_BYTES = 12 + 6 * 4 * 2 * (256 ** 2 + 128 ** 2 + 64 ** 2 + 32 ** 2 + 16 ** 2 + 8 ** 2);

let root: string;
let cacheDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'autostudio-page-cache-'));
  cacheDir = path.join(root, 'cache');
});

afterAll(() => rm(root, { recursive: true, force: true }));

/** A still of the default studio scene by a fresh engine on the shared cache folder. */
async function stillOfFreshEngine(name: string): Promise<Pixels> {
  const renderer = new ChromiumRenderer({ ...SIZE, dataDir: path.join(root, name), cacheDir, idleRefinement: false });
  try {
    await renderer.start(initialSceneState(SIZE));
    return Pixels.fromPng(await renderer.still({ ...SIZE, format: 'png', samples: 2 }));
  } finally {
    await renderer.close();
  }
}

/** The cache's entries with their size and when each was last written. */
async function entries(): Promise<{ name: string; size: number; written: number }[]> {
  const names = await readdir(cacheDir).catch(() => []);
  return Promise.all(
    names.map(async (name) => {
      const info = await stat(path.join(cacheDir, name));
      return { name, size: info.size, written: info.mtimeMs };
    }),
  );
}

/** Waits for the first engine's entry: the page hands it over while it draws on. */
async function entryWritten(): Promise<{ name: string; size: number; written: number }[]> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = await entries();
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return entries();
}

describe('the studio reflection map kept across engine starts', () => {
  it('is kept by the first engine, read by the next, and the two pictures are identical', async () => {
    expect(await entries()).toEqual([]);
    const first = await stillOfFreshEngine('first');
    const kept = await entryWritten();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.name).toMatch(/studio-reflections-[0-9a-f]{8}\.bin$/);
    expect(kept[0]?.size).toBe(ENTRY_BYTES);

    const second = await stillOfFreshEngine('second');
    // The second engine read the entry rather than prefiltering and keeping its own.
    expect(await entries()).toEqual(kept);
    // Not one channel of one pixel differs (a face or mip out of place would show on the paint).
    expect(second.changed(first, 0)).toBe(0);
    // And it is a picture: the lit grey studio, not an empty frame.
    expect(first.luminance()).toBeGreaterThan(30);
  });
});
