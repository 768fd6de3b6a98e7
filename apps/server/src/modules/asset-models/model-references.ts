import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { GLB_HEADER_BYTES, MAX_GLTF_JSON_BYTES, MODEL_REFERENCE_MESSAGES, glbJsonChunk } from '@autostudio/protocol';
import yauzl from 'yauzl';
import { badRequest } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StoredFile } from '../../storage/multipart.js';

/**
 * What a model's glTF names (buffers[].uri, images[].uri) is fetched by the engine page that loads it: an address
 * outside the model (`http://127.0.0.1:…`, `//host/…`, `/etc/…`, `../other-model/…`) would have the engine reach for
 * it on every preview and load. So a model may name only data: URIs and, inside a ZIP, files beside it in the ZIP.
 * Checked at upload, on the stored file, before the model's row exists.
 */

const MODEL_ENTRY = /\.(gltf|glb)$/i;

type Where = { zipped: false } | { zipped: true; folder: string };

export async function checkModelReferences(storage: BlobStore, file: StoredFile): Promise<void> {
  const name = file.fileName;
  switch (file.type.extension) {
    case 'glb':
      return checkGltf(name, await readGlbJson(name, (start, end) => storage.get(file.key, { start, end })), {
        zipped: false,
      });
    case 'gltf':
      return checkGltf(name, await readAll(name, await storage.get(file.key)), { zipped: false });
    case 'zip':
      return checkZip(storage, file);
    default:
      return;
  }
}

/** Every .gltf and .glb in the ZIP is checked, not only the one the engine picks first. */
async function checkZip(storage: BlobStore, file: StoredFile): Promise<void> {
  const zip = await openZip(storage, file).catch(() => {
    throw badRequest(MODEL_REFERENCE_MESSAGES.badZip);
  });
  try {
    for await (const entry of entries(zip)) {
      if (!MODEL_ENTRY.test(entry.fileName)) continue;
      const where: Where = { zipped: true, folder: path.posix.dirname(entry.fileName) };
      const open = () => openEntry(zip, entry);
      const json = entry.fileName.toLowerCase().endsWith('.glb')
        ? await readGlbJson(entry.fileName, async (start, end) => slice(await open(), start, end))
        : await readAll(entry.fileName, await open());
      checkGltf(entry.fileName, json, where);
    }
  } finally {
    zip.close();
  }
}

function checkGltf(entry: string, text: Buffer, where: Where): void {
  let json: unknown;
  try {
    // A byte-order mark is dropped as the browser's TextDecoder drops it.
    json = JSON.parse(text.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest(MODEL_REFERENCE_MESSAGES.unreadable(entry));
  }
  for (const uri of namedUris(json)) {
    const problem = uriProblem(uri, where);
    if (problem)
      throw badRequest(
        problem === 'outside'
          ? MODEL_REFERENCE_MESSAGES.outside(entry, uri)
          : MODEL_REFERENCE_MESSAGES.notZipped(entry, uri),
      );
  }
}

/** The URIs of every buffer and image; anything else a loader fetches is named through these. */
function namedUris(json: unknown): string[] {
  if (typeof json !== 'object' || json === null) return [];
  const uris: string[] = [];
  for (const list of [(json as { buffers?: unknown }).buffers, (json as { images?: unknown }).images]) {
    if (!Array.isArray(list)) continue;
    for (const item of list as unknown[]) {
      const uri = typeof item === 'object' && item !== null ? (item as { uri?: unknown }).uri : undefined;
      // A uri that is not a string is a broken file the loader fails on, not a fetch.
      if (typeof uri === 'string') uris.push(uri);
    }
  }
  return uris;
}

/**
 * `outside` for anything that leaves the upload; `notZipped` for a relative file named by a lone glTF or GLB, which
 * cannot carry it. Read the way a browser resolves a relative URL: backslashes are slashes, %2e%2e is `..`.
 */
export function uriProblem(uri: string, where: Where): 'outside' | 'notZipped' | null {
  const trimmed = uri.trim();
  if (/^data:/i.test(trimmed)) return null;
  // Any scheme (http:, https:, file:, blob:, C:) or a protocol-relative //host.
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return 'outside';
  let decoded: string;
  try {
    decoded = decodeURIComponent(trimmed).replace(/\\/g, '/');
  } catch {
    return 'outside';
  }
  if (decoded.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(decoded)) return 'outside';
  if (!where.zipped) return 'notZipped';
  const resolved = path.posix.normalize(path.posix.join(where.folder, decoded.split(/[?#]/)[0] ?? ''));
  if (resolved === '..' || resolved.startsWith('../') || resolved.startsWith('/')) return 'outside';
  return null;
}

/** A GLB's JSON chunk: the header says where it ends; its binary chunk is never read. */
async function readGlbJson(entry: string, range: (start: number, end: number) => Promise<Readable>): Promise<Buffer> {
  const chunk = glbJsonChunk(await readAll(entry, await range(0, GLB_HEADER_BYTES - 1), GLB_HEADER_BYTES));
  if ('refused' in chunk) {
    throw badRequest(
      chunk.refused === 'tooLarge'
        ? MODEL_REFERENCE_MESSAGES.tooLarge(entry, MAX_GLTF_JSON_BYTES / 1024 ** 2)
        : MODEL_REFERENCE_MESSAGES.unreadable(entry),
    );
  }
  return readAll(entry, await range(GLB_HEADER_BYTES, GLB_HEADER_BYTES + chunk.length - 1), chunk.length);
}

/** The stream's first `exact` bytes, or all of it (refused past the glTF JSON limit). */
async function readAll(entry: string, stream: Readable, exact?: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (exact !== undefined && length >= exact) break;
      if (length > MAX_GLTF_JSON_BYTES) {
        throw badRequest(MODEL_REFERENCE_MESSAGES.tooLarge(entry, MAX_GLTF_JSON_BYTES / 1024 ** 2));
      }
    }
  } finally {
    stream.destroy();
  }
  const whole = Buffer.concat(chunks);
  return exact === undefined ? whole : whole.subarray(0, exact);
}

/** Bytes `start`..`end` (inclusive) of a stream that can only be read from its start (an inflated ZIP entry). */
function slice(stream: Readable, start: number, end: number): Readable {
  async function* bytes() {
    let offset = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const from = Math.max(0, start - offset);
        const to = Math.min(chunk.length, end + 1 - offset);
        if (to > from) yield chunk.subarray(from, to);
        offset += chunk.length;
        if (offset > end) break;
      }
    } finally {
      stream.destroy();
    }
  }
  return PassThrough.from(bytes());
}

/** yauzl reads the stored ZIP through ranges, so a model in S3 is checked without a local copy. */
class StoreReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: BlobStore,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    // yauzl's end is exclusive, the store's inclusive; an empty range has nothing to read.
    if (end <= start) {
      out.end();
      return out;
    }
    this.storage.get(this.key, { start, end: end - 1 }).then(
      (stream) => stream.pipe(out),
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return out;
  }
}

function openZip(storage: BlobStore, file: StoredFile): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      new StoreReader(storage, file.key),
      file.size,
      { lazyEntries: true, autoClose: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );
}

async function* entries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const next = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (entry: yauzl.Entry) => done(() => resolve(entry));
      const onEnd = () => done(() => resolve(null));
      const onError = (error: Error) =>
        done(() => reject(badRequest(`${MODEL_REFERENCE_MESSAGES.badZip}: ${error.message}`)));
      const done = (settle: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        settle();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
    if (!next) return;
    yield next;
  }
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error ? reject(badRequest(`${MODEL_REFERENCE_MESSAGES.badZip}: ${error.message}`)) : resolve(stream),
    ),
  );
}
