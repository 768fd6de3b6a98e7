import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, POLLING, type RenderedAsset, type RenderJob } from '@autostudio/protocol';
import { useGalleryStore } from '@/features/gallery';
import { useRenderJobsStore } from '@/features/render';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { followCompletedRenders } from './gallery-follow';

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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the gallery fills as renders complete', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
    stop = followCompletedRenders();
  });
  afterEach(() => {
    stop();
    useRenderJobsStore.getState().clear();
    useGalleryStore.getState().clear();
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

    useGalleryStore.getState().setOpen(true);
    await vi.waitFor(() => expect(useGalleryStore.getState().items.map((item) => item.id)).toEqual(['older']));
    await useRenderJobsStore.getState().startStill({ settings: {}, metadata: { name: 'Dusk' } });
    await vi.advanceTimersByTimeAsync(POLLING.renderStatusMs);
    expect(lists).toBe(1);

    // The render service writes the asset as the job completes.
    gallery.push(render('dusk', '2026-01-02T00:00:00.000Z'));
    await vi.advanceTimersByTimeAsync(POLLING.renderStatusMs);
    expect(useRenderJobsStore.getState().jobs[0]).toMatchObject({ status: 'completed', renderedAssetId: 'dusk' });
    await vi.waitFor(() => expect(useGalleryStore.getState().items.map((item) => item.id)).toEqual(['dusk', 'older']));
    expect(useGalleryStore.getState().total).toBe(2);

    // Later changes to the finished render's entry (its dismissal) fetch nothing more.
    useRenderJobsStore.getState().dismiss(useRenderJobsStore.getState().jobs[0]!.id);
    await vi.advanceTimersByTimeAsync(POLLING.renderStatusMs);
    expect(lists).toBe(2);
  });
});
