import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, POLLING, type RenderedAsset, type RenderJob } from '@autostudio/protocol';
import { useGalleryStore } from '@/features/gallery';
import { useGallery } from '@/features/gallery/hooks/use-gallery';
import { dismissRender, useRenderJobs, useRenderJobsStore, useStartRender } from '@/features/render';
import { pointApiClientAt } from '@/test/api-client-hooks';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const render = (id: string, createdAt: string): RenderedAsset => ({
  id,
  name: id,
  description: '',
  category: '',
  type: 'image',
  brand: '',
  configId: null,
  thumbnailUrl: null,
  itemCount: 2,
  ownerId: 'u1',
  createdAt,
  updatedAt: createdAt,
  sharedUsers: [],
  sharedGroups: [],
});

const job = (status: RenderJob['status'], renderedAssetId: string | null = null): RenderJob => ({
  jobId: 'j1',
  kind: 'still',
  status,
  progress: status === 'completed' ? 100 : 50,
  message: '',
  error: null,
  outputs: [],
  renderedAssetId,
  items: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The studio's gallery, open, beside the render tray that follows the tab's renders. */
function openGallery() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  act(() => useGalleryStore.getState().setOpen(true));
  const { result, unmount } = renderHook(
    () => ({ gallery: useGallery(), renders: useRenderJobs(), start: useStartRender() }),
    { wrapper },
  );
  return {
    ids: () => result.current.gallery.items.map((item) => item.id),
    total: () => result.current.gallery.total,
    renders: () => result.current.renders,
    startStill: (name: string) => act(() => result.current.start.startStill({ settings: {}, metadata: { name } })),
    unmount,
  };
}

describe('the gallery fills as renders complete', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
  });
  afterEach(() => {
    useRenderJobsStore.getState().clear();
    act(() => useGalleryStore.getState().clear());
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('an open gallery shows a still that completes, newest first, once', async () => {
    const gallery = [render('older', '2026-01-01T00:00:00.000Z')];
    const statuses = [job('in progress'), job('completed', 'dusk')];
    let lists = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const path = new URL(input as string).pathname.slice(API_BASE.length);
        if (init?.method === 'POST') return json(job('queued'), 202);
        if (path.startsWith('/asset-rendered/filtered')) {
          lists += 1;
          return json({ items: [...gallery].reverse(), total: gallery.length });
        }
        return json(statuses.length > 1 ? statuses.shift() : statuses[0]);
      }),
    );

    const shown = openGallery();
    await vi.waitFor(() => expect(shown.ids()).toEqual(['older']));
    await shown.startStill('Dusk');
    await act(() => vi.advanceTimersByTimeAsync(POLLING.renderStatusMs));
    expect(lists).toBe(1);

    // The render service writes the asset as the job completes.
    gallery.push(render('dusk', '2026-01-02T00:00:00.000Z'));
    await act(() => vi.advanceTimersByTimeAsync(POLLING.renderStatusMs));
    await vi.waitFor(() => expect(shown.renders()[0]).toMatchObject({ status: 'completed', renderedAssetId: 'dusk' }));
    await vi.waitFor(() => expect(shown.ids()).toEqual(['dusk', 'older']));
    expect(shown.total()).toBe(2);

    // Later changes to the finished render's entry (its dismissal) fetch nothing more.
    act(() => dismissRender(shown.renders()[0]!.id));
    await act(() => vi.advanceTimersByTimeAsync(POLLING.renderStatusMs));
    expect(lists).toBe(2);
    shown.unmount();
  });
});
