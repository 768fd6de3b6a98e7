import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILURE_TOASTS } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { applyLatest, PresetFetchError } from './apply-preset';

describe('applying a preset as it is stored now', () => {
  beforeEach(() => {
    pointApiClientAt('http://server.test');
  });

  it('fails with "Failed to fetch Preset" when the preset can no longer be read', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(JSON.stringify({ message: 'Preset not found' }), { status: 404 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const applying = applyLatest({ id: 'gone' });
    await expect(applying).rejects.toBeInstanceOf(PresetFetchError);
    await expect(applying).rejects.toThrow(FAILURE_TOASTS.fetchPreset);
    expect(fetchMock.mock.calls[0]?.[0] as string).toMatch(/\/preset\/id\/gone$/);
  });
});
