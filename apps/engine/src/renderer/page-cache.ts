import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * What the engine's page computes at every start and can keep across starts: the studio's prefiltered reflection
 * map is a constant of the product (a fixed capture and fixed softboxes), yet it is most of a CPU renderer's start.
 * Entries belong to one build of the page: their files are named by a hash of the page's compiled modules, three's
 * version and the HDRI assets, so a changed page never reads what an older one wrote.
 */

/** The largest entry a page may keep: a 256-texel cube's prefiltered mips in half floats take 4.2 MB. */
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** An entry's name as the page gives it: lower-case words and digits, so it can never leave the folder. */
const ENTRY_NAME = /^[a-z0-9][a-z0-9-]{0,95}$/;

/** Where engines on this machine keep their page cache unless told otherwise (`--cache-dir`). */
export function defaultPageCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'autostudio', 'engine');
}

export class PageCache {
  private constructor(
    readonly dir: string,
    /** The build of the page this cache serves. */
    readonly build: string,
  ) {}

  /**
   * The cache in `dir` for the page built from these files: `sources` are folders (every `.js` file in them counts)
   * and strings that stand for what is not a file here, such as a package's version.
   */
  static async open(
    dir: string,
    sources: { folders: readonly string[]; versions: readonly string[] },
  ): Promise<PageCache> {
    const hash = createHash('sha256');
    for (const version of sources.versions) hash.update(`version ${version}\n`);
    for (const folder of sources.folders) {
      const files = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.js')).sort();
      for (const file of files) {
        hash.update(`file ${file}\n`);
        hash.update(await readFile(path.join(folder, file)));
      }
    }
    return new PageCache(path.resolve(dir), hash.digest('hex').slice(0, 24));
  }

  /** The file of an entry, or null for a name the page may not use. */
  fileOf(name: string): string | null {
    return ENTRY_NAME.test(name) ? path.join(this.dir, `${this.build}-${name}.bin`) : null;
  }

  async read(name: string): Promise<Buffer | null> {
    const file = this.fileOf(name);
    if (!file) return null;
    return readFile(file).catch(() => null);
  }

  /**
   * Keeps an entry. Written aside and renamed into place, so engines starting together never read half a file;
   * when two write the same entry, both wrote the same bytes.
   */
  async write(name: string, data: Buffer): Promise<void> {
    const file = this.fileOf(name);
    if (!file) throw new Error(`"${name}" is not a page cache entry's name`);
    if (data.length === 0 || data.length > PAGE_CACHE_MAX_BYTES)
      throw new Error(`A page cache entry takes 1 byte to ${PAGE_CACHE_MAX_BYTES} bytes, not ${data.length}`);
    await mkdir(this.dir, { recursive: true });
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, data);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    await this.forgetOldBuilds();
  }

  /**
   * Each rebuild of the page starts a new set of entries: a developer's machine would gather megabytes a day. The
   * newest builds' entries stay (another checkout on the machine may still run one of them); older ones go.
   */
  private async forgetOldBuilds(): Promise<void> {
    const entries = await readdir(this.dir, { withFileTypes: true });
    const newest = new Map<string, number>();
    const files: { name: string; build: string }[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const modified = (await stat(path.join(this.dir, entry.name)).catch(() => null))?.mtimeMs ?? 0;
      // What a process stopped in the middle of writing left behind.
      if (entry.name.endsWith('.partial') && modified < Date.now() - PARTIAL_AGE_MS) {
        await rm(path.join(this.dir, entry.name), { force: true });
        continue;
      }
      const match = /^([0-9a-f]{24})-.*\.bin$/.exec(entry.name);
      if (!match?.[1]) continue;
      newest.set(match[1], Math.max(newest.get(match[1]) ?? 0, modified));
      files.push({ name: entry.name, build: match[1] });
    }
    const kept = new Set(
      [...newest]
        .sort((a, b) => b[1] - a[1])
        .slice(0, BUILDS_KEPT)
        .map(([build]) => build),
    );
    kept.add(this.build);
    for (const file of files) {
      if (!kept.has(file.build)) await rm(path.join(this.dir, file.name), { force: true });
    }
  }
}

/** Builds whose entries a cache folder keeps. */
const BUILDS_KEPT = 4;
/** A write older than this is not in progress. */
const PARTIAL_AGE_MS = 60 * 60 * 1000;
