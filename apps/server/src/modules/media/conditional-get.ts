import type { IncomingHttpHeaders } from 'node:http';
import type { BlobStat } from '../../storage/blob-store.js';

/** Entity tags compare without their weak marker for GET (RFC 9110 §8.8.3.2). */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** HTTP dates have whole seconds; so must the blob's time before it is compared with one. */
function wholeSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}

/** Whether the client's copy is current, so a 304 without a body will do (RFC 9110 §13.1.2 and §13.1.3). */
export function isNotModified(headers: IncomingHttpHeaders, blob: BlobStat): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map(opaque);
    return tags.includes('*') || tags.includes(opaque(blob.etag));
  }
  const modifiedSince = headers['if-modified-since'];
  if (modifiedSince === undefined) return false;
  const since = Date.parse(modifiedSince);
  return !Number.isNaN(since) && wholeSeconds(blob.lastModified) <= since;
}

/**
 * Whether a Range may be honoured: without If-Range always; with it only while the client's validator still
 * names this blob, or a resumed download would splice two different files (RFC 9110 §13.1.5).
 */
export function rangeStillApplies(headers: IncomingHttpHeaders, blob: BlobStat): boolean {
  const header = headers['if-range'];
  if (header === undefined) return true;
  if (typeof header !== 'string') return false;
  const ifRange = header.trim();
  if (ifRange.startsWith('"')) return ifRange === blob.etag;
  if (ifRange.startsWith('W/')) return false;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && wholeSeconds(blob.lastModified) === date;
}
