import type { ByteRange } from '../../storage/blob-store.js';

export type RangeRequest = { kind: 'whole' } | ({ kind: 'part' } & ByteRange) | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a Range header against a blob of `size` bytes (RFC 9110 §14). One range is served as asked; a header
 * that is malformed, names another unit or asks for several ranges is ignored, as the RFC allows, and the whole
 * blob is sent.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };

  if (first === '') {
    // "-n": the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }

  // "a-b" with b before a is not a range at all; "a-" runs to the last byte.
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}
