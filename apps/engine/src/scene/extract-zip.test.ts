import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeZip, type ZipEntry } from '../test/zip-writer.js';
import { DOWNLOAD_LIMITS, extractZip } from './model-download.js';

/** The ZIP rules on their own: every refusal happens before the first byte is written. */
let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'autostudio-zip-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function extract(entries: ZipEntry[], limits = DOWNLOAD_LIMITS): Promise<string> {
  const zip = path.join(root, 'in.zip');
  await writeFile(zip, writeZip(entries));
  const target = path.join(root, 'out');
  await extractZip(zip, target, limits);
  return target;
}

const file = (name: string, text = 'x'): ZipEntry => ({ name, data: Buffer.from(text) });

describe('extractZip', () => {
  it('unpacks nested files', async () => {
    const target = await extract([file('car/car.glb', 'glTF'), file('car/tex/a.png', 'png')]);
    expect(await readFile(path.join(target, 'car', 'tex', 'a.png'), 'utf8')).toBe('png');
  });

  it.each(['../evil.txt', 'car/../../evil.txt', '/abs.txt', 'C:/evil.txt'])('refuses %s', async (name) => {
    await expect(extract([file('car.glb'), file(name)])).rejects.toThrow();
    expect(existsSync(path.join(root, 'out', 'car.glb'))).toBe(false);
    expect(existsSync(path.join(root, 'evil.txt'))).toBe(false);
  });

  it('refuses symbolic links', async () => {
    await expect(
      extract([file('car.glb'), { name: 'link', data: Buffer.from('/etc'), mode: 0o120777 }]),
    ).rejects.toThrow(/symbolic link/);
  });

  it('refuses too many entries and too many bytes', async () => {
    await expect(extract([file('a'), file('b')], { ...DOWNLOAD_LIMITS, maxEntries: 1 })).rejects.toThrow(
      /too many entries/,
    );
    await expect(extract([file('a', 'hello')], { ...DOWNLOAD_LIMITS, maxExtractedBytes: 4 })).rejects.toThrow(
      /size limit/,
    );
    expect(existsSync(path.join(root, 'out'))).toBe(false);
  });
});
