import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  FAILURE_TOASTS,
  RENDER_THUMBNAIL_KIND,
  type RenderedAsset,
  type RenderedAssetItem,
} from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { useGalleryStore } from '../stores/gallery-store';
import { useGallery } from './use-gallery';

function asset(id: string, createdAt: string, changes: Partial<RenderedAsset> = {}): RenderedAsset {
  return {
    id,
    name: `Render ${id}`,
    description: '',
    category: '',
    type: 'image',
    brand: '',
    configId: null,
    thumbnailUrl: `/api/media/renders/${id}/thumbnail.jpg`,
    itemCount: 3,
    ownerId: 'u1',
    createdAt,
    updatedAt: createdAt,
    sharedUsers: [],
    sharedGroups: [],
    ...changes,
  };
}

function item(assetId: string, kind: string, position: number): RenderedAssetItem {
  return {
    id: `${assetId}-${position}`,
    kind,
    url: `/api/media/renders/${assetId}/${kind}.jpg`,
    fileName: `${kind}.jpg`,
    contentType: 'image/jpeg',
    size: 1000,
    width: 320,
    height: 180,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/**
 * The rendered-assets API at the fetch boundary, over a list the test changes: pages newest first as the server
 * does, the items of a render, rename and delete; `failing` paths answer 500.
 */
function galleryServer(assets: RenderedAsset[], files: Record<string, RenderedAssetItem[]> = {}) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const failing = new Set<string>();
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(input as string);
    const method = init?.method ?? 'GET';
    const path = url.pathname.slice(API_BASE.length);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, query: url.searchParams, body });
    if (failing.has(path)) return json({ message: 'Internal Server Error' }, 500);
    if (path === '/asset-rendered/filtered') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const newestFirst = [...assets].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return json({ items: newestFirst.slice((page - 1) * limit, page * limit), total: assets.length });
    }
    const [, , id, action] = path.split('/');
    const index = assets.findIndex((candidate) => candidate.id === id);
    if (index < 0) return json({ message: 'Rendered asset not found' }, 404);
    if (action === 'items') return json(files[id!] ?? []);
    if (action === 'delete') {
      assets.splice(index, 1);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    assets[index] = { ...assets[index]!, ...(body as Partial<RenderedAsset>) };
    return json(assets[index]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, failing, lists: () => calls.filter((call) => call.path === '/asset-rendered/filtered') };
}

/** 45 renders, one a minute: r1 the oldest, r45 the newest. */
const manyRenders = () =>
  Array.from({ length: 45 }, (_, index) =>
    asset(`r${index + 1}`, new Date(Date.UTC(2026, 0, 1, 12, index)).toISOString()),
  );

const store = useGalleryStore.getState;

/** The gallery as the panel reads it, open, over its own query cache. */
function openGallery() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  act(() => store().setOpen(true));
  const { result } = renderHook(() => useGallery(), { wrapper });
  const gallery = () => result.current;
  return { client, gallery, names: () => gallery().items.map((entry) => entry.id) };
}

/** A change made inside act; TanStack tells React of it a tick later, hence the waitFor after. */
const settle = <T,>(change: () => Promise<T>): Promise<T> => act(change);

describe('the gallery (spec §2: items, limit 20, page 1, total 0, open, isLoading)', () => {
  beforeEach(() => pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' }));
  afterEach(() => {
    act(() => store().clear());
    vi.unstubAllGlobals();
  });

  it('starts closed on page 1 of 20, and fetches the newest renders when it opens', async () => {
    const server = galleryServer(manyRenders());
    expect(store()).toMatchObject({ open: false, page: 1, limit: 20, viewing: null });
    const { gallery, names } = openGallery();
    expect(gallery()).toMatchObject({ items: [], total: 0, isLoading: true });
    await waitFor(() => expect(gallery().isLoading).toBe(false));
    expect(server.lists()[0]?.query.toString()).toBe('page=1&limit=20');
    expect(gallery().total).toBe(45);
    expect(names()).toHaveLength(20);
    expect(names().slice(0, 3)).toEqual(['r45', 'r44', 'r43']);
  });

  it('pages through the older renders and steps back when a delete empties the last page', async () => {
    const renders = manyRenders();
    const server = galleryServer(renders);
    const { gallery, names } = openGallery();
    await waitFor(() => expect(gallery().isLoading).toBe(false));
    act(() => store().setPage(3));
    await waitFor(() => expect(names()).toEqual(['r5', 'r4', 'r3', 'r2', 'r1']));
    expect(server.lists().at(-1)?.query.get('page')).toBe('3');

    // Five renders leave (elsewhere); deleting one more here empties page 3, and the gallery shows page 2.
    renders.splice(0, 5);
    await settle(() => gallery().remove('r6'));
    await waitFor(() => expect(store().page).toBe(2));
    await waitFor(() => expect(names().at(-1)).toBe('r7'));
    expect(gallery().total).toBe(39);
  });

  it('shows a render’s passes in the viewer without its thumbnail, and keeps a failure in the state', async () => {
    const renders = [asset('a', '2026-01-01T00:00:00.000Z'), asset('b', '2026-01-02T00:00:00.000Z')];
    const server = galleryServer(renders, {
      a: [item('a', 'Beauty', 0), item('a', 'Depth', 1), item('a', RENDER_THUMBNAIL_KIND, 2)],
    });
    const { gallery } = openGallery();
    await waitFor(() => expect(gallery().items).toHaveLength(2));

    act(() => store().view(renders[0]!));
    await waitFor(() => expect(gallery().viewer).toMatchObject({ asset: { id: 'a' }, isLoading: false, error: null }));
    expect(gallery().viewer?.items.map((file) => file.kind)).toEqual(['Beauty', 'Depth']);

    server.failing.add('/asset-rendered/b/items');
    act(() => store().view(renders[1]!));
    await waitFor(() =>
      expect(gallery().viewer).toMatchObject({ asset: { id: 'b' }, items: [], error: FAILURE_TOASTS.fetchAssetItems }),
    );

    act(() => store().setOpen(false));
    expect(gallery().viewer).toBeNull();
  });

  it('renames a render on its page and in the viewer; a failed rename or delete says the spec’s words', async () => {
    const renders = [asset('a', '2026-01-01T00:00:00.000Z')];
    const server = galleryServer(renders, { a: [item('a', 'Beauty', 0)] });
    const { gallery } = openGallery();
    await waitFor(() => expect(gallery().items).toHaveLength(1));
    act(() => store().view(renders[0]!));

    await settle(() => gallery().rename(gallery().items[0]!, 'Dusk hero', 'For the brochure'));
    expect(server.calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/asset-rendered/a',
      body: { name: 'Dusk hero', description: 'For the brochure' },
    });
    await waitFor(() => expect(gallery().items[0]?.name).toBe('Dusk hero'));
    expect(gallery().viewer?.asset.name).toBe('Dusk hero');

    server.failing.add('/asset-rendered/a');
    await expect(settle(() => gallery().rename(gallery().items[0]!, 'Other', ''))).rejects.toThrow(
      FAILURE_TOASTS.updateAssetRendered,
    );
    server.failing.add('/asset-rendered/a/delete');
    await expect(settle(() => gallery().remove('a'))).rejects.toThrow(FAILURE_TOASTS.deleteAssetRendered);
    expect(gallery().items).toHaveLength(1);

    server.failing.clear();
    await settle(() => gallery().remove('a'));
    await waitFor(() => expect(gallery()).toMatchObject({ items: [], total: 0, viewer: null }));
  });

  it('keeps the spec’s failure text when the list cannot be fetched', async () => {
    const server = galleryServer([]);
    server.failing.add('/asset-rendered/filtered');
    const { gallery } = openGallery();
    await waitFor(() => expect(gallery().isLoading).toBe(false));
    expect(gallery().error).toBe(FAILURE_TOASTS.fetchAssetRendered);
  });
});
