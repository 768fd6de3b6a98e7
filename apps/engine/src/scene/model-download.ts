import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { EngineError } from './engine-error.js';
import { engineFetch, NO_FETCHES, type FetchPolicy } from './engine-fetch.js';

/**
 * `Download File` / `Get Download Status`: fetches a car model (GLB, glTF or a ZIP of them) from the server's media
 * URL into the engine's folder, reporting progress, and unpacks ZIPs without letting any entry land outside its
 * folder. The client polls the status every 100 ms (spec §9) and then calls LoadCarByPath with `Path`.
 */
export interface DownloadStatus {
  Status: 'Idle' | 'Downloading' | 'Extracting' | 'Completed' | 'Failed';
  Percentage: number;
  BytesReceived: number;
  TotalBytes: number;
  /** Relative to the engine's data folder; what LoadCarByPath takes. */
  Path: string;
  Error: string;
}

export interface DownloadLimits {
  maxDownloadBytes: number;
  maxEntries: number;
  maxExtractedBytes: number;
}

export const DOWNLOAD_LIMITS: DownloadLimits = {
  maxDownloadBytes: 1024 ** 3,
  maxEntries: 2000,
  maxExtractedBytes: 2 * 1024 ** 3,
};

const MODEL_EXTENSIONS = ['.glb', '.gltf'];

export class ModelDownloader {
  private status: DownloadStatus = idle();
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private count = 0;

  constructor(
    private readonly dataDir: string,
    private readonly policy: FetchPolicy = NO_FETCHES,
    private readonly limits: DownloadLimits = DOWNLOAD_LIMITS,
  ) {}

  current(): DownloadStatus {
    return { ...this.status };
  }

  /** Settles when the running download ends (tests and shutdown). */
  async settled(): Promise<void> {
    await this.running;
  }

  /**
   * For the next user: stops a running download, forgets the last status and deletes every downloaded model, so
   * nobody can load what the previous user brought in (LoadCarByPath takes any model inside the engine's folder).
   */
  async reset(): Promise<void> {
    this.abort?.abort(new Error('The engine was reset'));
    await this.running;
    this.status = idle();
    await rm(path.join(this.dataDir, 'models'), { recursive: true, force: true });
  }

  start(url: string): void {
    if (!URL.canParse(url)) throw new EngineError('Download File: Url is not a URL');
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new EngineError('Download File: only http and https URLs are allowed');
    }
    if (this.running) throw new EngineError('Download File: a download is already running');
    this.count += 1;
    const folder = path.join(this.dataDir, 'models', `${Date.now()}-${this.count}`);
    this.status = { ...idle(), Status: 'Downloading' };
    const abort = new AbortController();
    this.abort = abort;
    this.running = this.run(parsed, folder, abort.signal)
      .catch(async (error: unknown) => {
        // Cleared before Failed shows, so a caller who sees Failed finds nothing half-written.
        await rm(folder, { recursive: true, force: true });
        // Sizes and progress of a failed fetch are not echoed: they would tell a caller what answered.
        this.status = {
          ...idle(),
          Status: 'Failed',
          Error: error instanceof Error ? error.message : String(error),
        };
      })
      .finally(() => {
        this.running = null;
        this.abort = null;
      });
  }

  private async run(url: URL, folder: string, signal: AbortSignal): Promise<void> {
    const { response, url: fetched } = await engineFetch(url.href, this.policy, signal);
    const total = Number(response.headers['content-length'] ?? 0);
    if (total > this.limits.maxDownloadBytes) {
      response.destroy();
      throw new Error('The model is larger than the download limit');
    }
    this.status.TotalBytes = total;
    await mkdir(folder, { recursive: true });
    const fileName = safeFileName(fetched);
    const filePath = path.join(folder, fileName);
    const limit = this.limits.maxDownloadBytes;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.status.BytesReceived += chunk.length;
        if (this.status.BytesReceived > limit) return done(new Error('The model is larger than the download limit'));
        // Without a Content-Length the percentage stays 0 until the end.
        if (total > 0) this.status.Percentage = Math.min(99, Math.floor((this.status.BytesReceived / total) * 100));
        done(null, chunk);
      },
    });
    await pipeline(response, counter, createWriteStream(filePath), { signal });

    let modelPath: string;
    if (await isZip(filePath)) {
      this.status.Status = 'Extracting';
      const target = path.join(folder, 'extracted');
      await extractZip(filePath, target, this.limits);
      await rm(filePath);
      const found = await findModel(target);
      if (!found) throw new Error('The ZIP holds no .glb or .gltf file');
      modelPath = found;
    } else {
      if (!MODEL_EXTENSIONS.includes(path.extname(filePath).toLowerCase())) {
        throw new Error('The download is neither a GLB, a glTF nor a ZIP');
      }
      modelPath = filePath;
    }
    this.status = {
      ...this.status,
      Status: 'Completed',
      Percentage: 100,
      TotalBytes: this.status.BytesReceived,
      Path: path.relative(this.dataDir, modelPath).split(path.sep).join('/'),
    };
  }
}

function idle(): DownloadStatus {
  return { Status: 'Idle', Percentage: 0, BytesReceived: 0, TotalBytes: 0, Path: '', Error: '' };
}

/** The URL's last segment, reduced to harmless characters; the server's media URLs end in the file name. */
function safeFileName(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const cleaned = last.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return cleaned || 'model.bin';
}

async function isZip(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } finally {
    await handle.close();
  }
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Unpacks a ZIP into `target`. Refuses the whole archive, before anything is written, when any entry is absolute,
 * climbs out with `..`, is a symlink, or when entries or sizes pass the limits; yauzl also checks each entry's
 * declared size against what it inflates to.
 */
export async function extractZip(zipPath: string, target: string, limits: DownloadLimits): Promise<void> {
  const root = path.resolve(target);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  try {
    const entries = await readEntries(zip);
    if (entries.length > limits.maxEntries) throw new Error('The ZIP has too many entries');
    let total = 0;
    for (const entry of entries) {
      const name = entry.fileName;
      if (path.isAbsolute(name) || /^[A-Za-z]:/.test(name) || name.startsWith('/') || name.startsWith('\\')) {
        throw new Error(`The ZIP entry ${name} has an absolute path`);
      }
      const resolved = path.resolve(root, name);
      if (resolved !== root && !resolved.startsWith(root + path.sep)) {
        throw new Error(`The ZIP entry ${name} points outside its folder`);
      }
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
        throw new Error(`The ZIP entry ${name} is a symbolic link`);
      }
      total += entry.uncompressedSize;
      if (total > limits.maxExtractedBytes) throw new Error('The ZIP unpacks to more than the size limit');
    }
    await mkdir(root, { recursive: true });
    for (const entry of entries) {
      const resolved = path.resolve(root, entry.fileName);
      if (entry.fileName.endsWith('/')) {
        await mkdir(resolved, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(resolved), { recursive: true });
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s))),
      );
      await pipeline(stream, createWriteStream(resolved, { flags: 'wx' }));
    }
  } finally {
    zip.close();
  }
}

function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The first GLB, else the first glTF, shallowest first. */
async function findModel(folder: string): Promise<string | undefined> {
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b));
  for (const extension of MODEL_EXTENSIONS) {
    const match = files.find((file) => path.extname(file).toLowerCase() === extension);
    if (match) return match;
  }
  return undefined;
}
