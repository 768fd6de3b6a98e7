import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, vi } from 'vitest';
import type { TestEngine } from './test-engine.js';

/**
 * Starts Download File and polls Get Download Status, as the client does (spec §9), until the download completed or
 * failed; answers its last status. `onStatus` sees every status polled on the way.
 */
export async function downloadToEnd<Status extends { Status: string }>(
  t: Pick<TestEngine, 'call'>,
  url: string,
  options: { intervalMs?: number; timeoutMs?: number; onStatus?: (status: Status) => void } = {},
): Promise<Status> {
  expect(await t.call('car', 'Download File', { Url: url })).toEqual({ status: 200, body: {} });
  return vi.waitFor(
    async () => {
      const status = (await t.call('car', 'Get Download Status')).body as Status;
      options.onStatus?.(status);
      if (status.Status !== 'Completed' && status.Status !== 'Failed') {
        throw new Error(`The download of ${url} is still ${status.Status}`);
      }
      return status;
    },
    { interval: options.intervalMs ?? 10, timeout: options.timeoutMs ?? 10_000 },
  );
}

/**
 * Serves a GLB from a loopback server for one Download File, then loads it with LoadCarByPath, as the studio loads a
 * product. The engine's fetch policy must allow 127.0.0.1.
 */
export async function loadServedModel(t: Pick<TestEngine, 'call'>, glb: Buffer): Promise<void> {
  const path = await downloadServedModel(t, glb);
  expect((await t.call('car', 'LoadCarByPath', { Path: path })).status).toBe(200);
}

/** Serves a GLB from a loopback server for one Download File; answers its Path for LoadCarByPath. */
export async function downloadServedModel(t: Pick<TestEngine, 'call'>, glb: Buffer): Promise<string> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'model/gltf-binary', 'content-length': glb.length }).end(glb);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const status = await downloadToEnd<{ Status: string; Path: string }>(t, `http://127.0.0.1:${port}/terra.glb`, {
      intervalMs: 100,
      timeoutMs: 50_000,
    });
    expect(status.Status).toBe('Completed');
    return status.Path;
  } finally {
    server.close();
  }
}
