import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchPolicy } from '../scene/engine-fetch.js';
import { TINY_PNG } from './test-renderer.js';

export interface ImageHost {
  /** An image URL on the host; every path answers the same PNG. */
  url(path: string): string;
  /** The policy that lets an engine fetch from this host (named in its allow-list, port and all). */
  fetchPolicy: FetchPolicy;
  close(): Promise<void>;
}

/** A local HTTP server standing in for an allow-listed image host, for tests of the image imports. */
export async function startImageHost(): Promise<ImageHost> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': TINY_PNG.length }).end(TINY_PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `http://${host}${path}`,
    fetchPolicy: { filesUrls: [], allow: [host] },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
