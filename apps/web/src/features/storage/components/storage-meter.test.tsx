import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_ROUTES, type StorageUsage } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { StorageMeter } from './storage-meter';

const ORIGIN = 'http://storage.test';
const GB = 1024 ** 3;

function serve(answer: StorageUsage | number) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname !== `${API_BASE}${API_ROUTES.me.storage}`) throw new Error(`unexpected ${url.pathname}`);
      return Promise.resolve(
        typeof answer === 'number'
          ? new Response('{"message":"down"}', { status: answer, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StorageMeter />
    </QueryClientProvider>,
  );
}

describe('the storage meter', () => {
  beforeEach(() => pointApiClientAt(ORIGIN));
  afterEach(() => vi.unstubAllGlobals());

  it('says how much of the quota the user’s files take', async () => {
    serve({ userId: 'u1', usedBytes: Math.round(1.2 * GB), quotaBytes: 5 * GB });
    const meter = await screen.findByRole('meter', { name: 'Storage used' });
    expect(meter).toHaveAttribute('aria-valuetext', '1.2 GB of 5 GB');
    expect(meter).toHaveTextContent('1.2 GB of 5 GB');
    expect(screen.getByTestId('storage-fill')).toHaveAttribute('style', expect.stringMatching(/width: 24(\.0+\d*)?%/));
    expect(screen.getByTestId('storage-fill')).not.toHaveClass('bg-destructive');
  });

  it('warns when the quota is nearly full, before an upload is refused', async () => {
    serve({ userId: 'u1', usedBytes: Math.round(4.8 * GB), quotaBytes: 5 * GB });
    await screen.findByRole('meter', { name: 'Storage used' });
    expect(screen.getByTestId('storage-fill')).toHaveClass('bg-destructive');
  });

  it('says only what is stored when storage is not limited', async () => {
    serve({ userId: 'u1', usedBytes: 200 * 1024 ** 2, quotaBytes: null });
    expect(await screen.findByText('200 MB stored')).toBeVisible();
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('shows nothing when the server cannot say', async () => {
    serve(503);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('meter')).toBeNull();
  });
});
