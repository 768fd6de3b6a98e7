import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_MESSAGES } from '@autostudio/protocol';
import { HttpError } from '../../http/errors.js';
import type { BlobStat, ByteRange } from '../../storage/blob-store.js';
import { parseRange } from './byte-range.js';
import { isNotModified, rangeStillApplies } from './conditional-get.js';

/** A stored blob a route has decided to serve: what the store says of it, and how to read it. */
export interface ServedBlob {
  stat: BlobStat;
  contentType: string;
  /** How long a browser may keep its copy without asking again; it stays private to that browser. */
  maxAgeSeconds: number;
  open: (range?: ByteRange) => Promise<Readable>;
}

/**
 * Streams a blob with revalidation (304) and single ranges (206, 416), never holding it in memory. Shared by every
 * route that serves stored files, so that they answer conditional and partial requests alike.
 */
export async function sendBlob(request: FastifyRequest, reply: FastifyReply, blob: ServedBlob): Promise<FastifyReply> {
  const { stat } = blob;
  reply.headers({
    etag: stat.etag,
    'last-modified': stat.lastModified.toUTCString(),
    'cache-control': `private, max-age=${blob.maxAgeSeconds}`,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    // Nothing served here is a page; should a browser open one anyway, it may run nothing.
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (isNotModified(request.headers, stat)) return reply.status(304).send(null);

  const range = parseRange(rangeStillApplies(request.headers, stat) ? request.headers.range : undefined, stat.size);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${stat.size}`);
    throw new HttpError(416, PRODUCT_MESSAGES.rangeNotSatisfiable(stat.size));
  }
  reply.type(blob.contentType);
  if (range.kind === 'part') {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', stat.size);
  }
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await blob.open(range.kind === 'part' ? range : undefined));
}
