import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, HttpError } from '../http/errors.js';
import type { BlobStore } from './blob-store.js';
import { parseFields } from './parse-fields.js';
import { safeFileName } from './media-url.js';
import { ACCEPTED_TYPES, SNIFF_BYTES, sniff, type SniffedType } from './sniff.js';

export interface StoredFile {
  field: string;
  key: string;
  fileName: string;
  size: number;
  type: SniffedType;
}

export interface FileRule {
  kind: SniffedType['kind'];
  maxBytes: number;
  /** The storage key for a file of this field, from a fresh id and the sanitised name. */
  key: (id: string, fileName: string, type: SniffedType) => string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: StoredFile[];
  /** Deletes what was stored, for when the request fails after the files are in. */
  discard: () => Promise<void>;
}

/**
 * A multipart request as far as the services may read it: whether it is one, and its parts. The route hands its
 * request in; a service sees nothing else of HTTP (no headers, no reply), and a test can hand in parts of its own.
 */
export type MultipartSource = Pick<FastifyRequest, 'isMultipart' | 'parts'>;

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 1_000_000;

/** Reads the first bytes of a stream and gives back a stream of the whole, so a file can be sniffed and still streamed. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, whole: Readable.from(rest()) };
}

/**
 * Reads a multipart request: text fields into a record, each file (only in the fields `rules` names, one per field) sniffed
 * from its first bytes and streamed straight to storage, never held whole in memory. Anything that fails
 * leaves nothing stored.
 */
export async function receiveMultipart(
  request: MultipartSource,
  storage: BlobStore,
  rules: Record<string, FileRule>,
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('The body must be multipart/form-data');
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((file) => storage.delete(file.key).catch(() => undefined)));
  };
  const largest = Math.max(1, ...Object.values(rules).map((rule) => rule.maxBytes));
  try {
    for await (const part of request.parts({
      limits: { fileSize: largest, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      // One file per field: a second part of the same field would be stored with no row to name it and never
      // cleaned, so the whole form is refused (and what was stored before it deleted below).
      if (files.some((file) => file.field === part.fieldname)) {
        part.file.resume();
        throw badRequest(`${part.fieldname}: only one file is accepted in this field`);
      }
      files.push(await storeFile(part, storage, rules));
    }
  } catch (error) {
    await discard();
    throw toHttpError(error);
  }
  return { fields, files, discard };
}

/** What a multipart form carries: its files, by field, and its text fields. */
export interface MultipartForm<Fields extends z.ZodType, Required extends string> {
  files: Record<string, FileRule>;
  fields: Fields;
  /** File fields the form cannot do without; checked before the text fields, each answered `<field>: a file is required`. */
  required?: readonly Required[];
}

/** A multipart form as its handler sees it: text fields validated, files stored, required files present. */
export interface ReceivedForm<Fields extends z.ZodType, Required extends string> {
  fields: z.infer<Fields>;
  files: StoredFile[];
  required: Record<Required, StoredFile>;
}

/**
 * The one multipart upload flow: receive the form (files sniffed and streamed to storage), check its required files
 * and text fields, and run `handle`; if anything fails, from a bad field to the handler's own insert, the files it
 * stored are deleted again before the error goes on.
 */
export async function withMultipart<Fields extends z.ZodType, Result, Required extends string = never>(
  request: MultipartSource,
  storage: BlobStore,
  form: MultipartForm<Fields, Required>,
  handle: (received: ReceivedForm<Fields, Required>) => Promise<Result>,
): Promise<Result> {
  const body = await receiveMultipart(request, storage, form.files);
  try {
    const required: Partial<Record<Required, StoredFile>> = {};
    for (const field of form.required ?? []) {
      const file = body.files.find((stored) => stored.field === field);
      if (!file) throw badRequest(`${field}: a file is required`);
      required[field] = file;
    }
    const fields = parseFields(form.fields, body.fields);
    // Every required field was found just above.
    return await handle({ fields, files: body.files, required: required as Record<Required, StoredFile> });
  } catch (error) {
    await body.discard();
    throw error;
  }
}

async function storeFile(
  part: MultipartFile,
  storage: BlobStore,
  rules: Record<string, FileRule>,
): Promise<StoredFile> {
  const rule = rules[part.fieldname];
  if (!rule) {
    part.file.resume();
    throw badRequest(`${part.fieldname}: no file is expected in this field`);
  }
  const { head, whole } = await peek(part.file, SNIFF_BYTES);
  const type = sniff(head);
  if (!type || type.kind !== rule.kind) {
    whole.resume();
    throw badRequest(
      `${part.fieldname}: the file is not a ${ACCEPTED_TYPES[rule.kind]} file (its content was checked, not its name)`,
    );
  }
  // part.filename is typed as a string but is absent when the part names no file (FormData sends no filename for
  // an empty name); safeFileName takes that too.
  const fileName = safeFileName(part.filename, `file.${type.extension}`);
  const key = rule.key(randomUUID(), fileName, type);
  const counted = countBytes(whole, rule.maxBytes, part.fieldname);
  const { size } = await storage.put(key, counted);
  if (part.file.truncated) {
    await storage.delete(key);
    throw tooLarge(part.fieldname, rule.maxBytes);
  }
  return { field: part.fieldname, key, fileName, size, type };
}

/** Stops a stream with 413 as soon as it passes the field's own limit (the parser's limit is the largest of all). */
function countBytes(stream: Readable, maxBytes: number, field: string): Readable {
  async function* limited() {
    let seen = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > maxBytes) throw tooLarge(field, maxBytes);
      yield chunk;
    }
  }
  return Readable.from(limited());
}

function tooLarge(field: string, maxBytes: number): HttpError {
  return new HttpError(413, `${field}: the file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);
}

function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'The file is too large');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return badRequest('The form has too many parts');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('The body must be multipart/form-data');
  }
  if (error instanceof Error && /multipart|boundary|Unexpected end of form/i.test(error.message)) {
    return badRequest(`The multipart body is malformed: ${error.message}`);
  }
  return error;
}
