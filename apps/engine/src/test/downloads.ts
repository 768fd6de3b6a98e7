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
