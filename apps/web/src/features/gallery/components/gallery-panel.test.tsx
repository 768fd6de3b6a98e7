import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, type RenderedAsset, type RenderedAssetItem, type User } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { useGalleryStore } from '../stores/gallery-store';
import { GalleryPanel } from './gallery-panel';

const owner: User = { id: 'u1', name: 'Riley', username: 'riley', roles: ['user'] };
const guest: User = { id: 'g1', name: 'Gus', username: 'gus', roles: ['client'] };

const asset = (id: string, type: string, changes: Partial<RenderedAsset> = {}): RenderedAsset => ({
  id,
  name: id,
  description: '',
  category: '',
  type,
  brand: '',
  configId: null,
  thumbnailUrl: type === 'video' ? null : `/api/media/${id}/thumbnail.jpg`,
  itemCount: 2,
  ownerId: 'u1',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  sharedUsers: [],
  sharedGroups: [],
  ...changes,
});

const file = (kind: string, contentType = 'image/png'): RenderedAssetItem => ({
  id: kind,
  kind,
  url: `/api/media/dusk/${kind}`,
  fileName: `dusk-${kind.toLowerCase()}.png`,
  contentType,
  size: 20_480,
  width: 640,
  height: 360,
  createdAt: '2026-03-01T10:00:00.000Z',
});

const DUSK = asset('Dusk', 'image');
const ORBIT = asset('Orbit', 'video');

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The rendered-assets API at the fetch boundary: a page of `renders`, each render's `files`, and deletes. */
function galleryServer(renders: RenderedAsset[], files: Record<string, RenderedAssetItem[]> = {}) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input as string).pathname.slice(API_BASE.length);
      calls.push({ method, path });
      if (path === '/asset-rendered/filtered') return json({ items: renders, total: renders.length });
      const [, , id, action] = path.split('/');
      if (action === 'items') return json(files[decodeURIComponent(id ?? '')] ?? []);
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  return calls;
}

/** The gallery open over a page of renders (two unless told), as the studio shows it. */
function openGallery(
  user: User,
  renders: RenderedAsset[] = [DUSK, ORBIT],
  files: Record<string, RenderedAssetItem[]> = {},
) {
  const calls = galleryServer(renders, files);
  const onShare = vi.fn();
  act(() => useGalleryStore.getState().setOpen(true));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GalleryPanel user={user} onShare={onShare} />
    </QueryClientProvider>,
  );
  return { calls, onShare };
}

/** Opens the viewer over the open gallery, as a click on a card does, once its files have arrived. */
async function showInViewer(shown: RenderedAsset) {
  act(() => useGalleryStore.getState().view(shown));
  const viewer = await screen.findByRole('dialog', { name: shown.name });
  await waitFor(() => expect(within(viewer).queryByLabelText('Loading files')).not.toBeInTheDocument());
  return viewer;
}

describe('the gallery panel and its viewer', () => {
  beforeEach(() => pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' }));
  afterEach(() => {
    act(() => useGalleryStore.getState().clear());
    vi.unstubAllGlobals();
  });

  it('lists the renders with a Still or Video badge, and opens one in the viewer', async () => {
    const user = userEvent.setup();
    openGallery(owner, [DUSK, ORBIT], { Dusk: [file('Beauty')] });
    const gallery = screen.getByRole('dialog', { name: 'Gallery' });
    const list = within(gallery).getByRole('list', { name: 'Renders' });
    const cards = await waitFor(() => within(list).getAllByRole('listitem'));
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^Still.*Dusk/),
      expect.stringMatching(/^Video.*Orbit/),
    ]);
    expect(within(gallery).getByText('1–2 of 2')).toBeVisible();
    await user.click(within(gallery).getByRole('button', { name: 'Dusk' }));
    const viewer = await screen.findByRole('dialog', { name: 'Dusk' });
    expect(await within(viewer).findByRole('img', { name: 'Dusk, Beauty' })).toBeVisible();
  });

  it('says so when there is nothing to show', async () => {
    openGallery(guest, []);
    expect(await screen.findByText('No renders yet')).toBeVisible();
    expect(screen.getByText('Renders shared with you appear here.')).toBeVisible();
  });

  it('shows each pass in the viewer, one at a time, with its download', async () => {
    const user = userEvent.setup();
    openGallery(owner, [DUSK, ORBIT], { Dusk: [file('Beauty'), file('Depth')] });
    const viewer = await showInViewer(DUSK);
    expect(within(viewer).getByRole('img', { name: 'Dusk, Beauty' })).toHaveAttribute('src', '/api/media/dusk/Beauty');
    await user.click(within(viewer).getByRole('radio', { name: 'Depth' }));
    expect(within(viewer).getByRole('img', { name: 'Dusk, Depth' })).toBeVisible();
    expect(within(viewer).getByText('dusk-depth.png · 640×360 · 20 KB')).toBeVisible();
    const download = within(viewer).getByRole('link', { name: 'Download Depth' });
    expect(download).toHaveAttribute('href', '/api/media/dusk/Depth');
    expect(download).toHaveAttribute('download', 'dusk-depth.png');
  });

  it('plays a video with its controls', async () => {
    openGallery(owner, [DUSK, ORBIT], { Orbit: [file('video', 'video/mp4')] });
    const viewer = await showInViewer(ORBIT);
    expect(within(viewer).queryByRole('radiogroup')).not.toBeInTheDocument();
    const video = within(viewer).getByLabelText('Orbit video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(within(viewer).getByRole('link', { name: 'Download Video' })).toBeVisible();
  });

  it('lets the owner rename, share and delete (after confirming)', async () => {
    const user = userEvent.setup();
    const { calls, onShare } = openGallery(owner, [DUSK, ORBIT], { Dusk: [file('Beauty')] });
    const viewer = await showInViewer(DUSK);
    await user.click(within(viewer).getByRole('button', { name: 'Share' }));
    expect(onShare).toHaveBeenCalledWith(DUSK);

    await user.click(within(viewer).getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('dialog', { name: 'Rename render' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(within(viewer).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete render?' });
    const deletes = () => calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/delete'));
    expect(deletes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toEqual([{ method: 'PUT', path: '/asset-rendered/Dusk/delete' }]));
  });

  it('gives a guest no rename, share or delete for a render shared with them (issue 17 item 7)', async () => {
    const shared = asset('Shared dusk', 'image', { ownerId: 'u1', sharedUsers: [{ id: 'g1', name: 'Gus' }] });
    openGallery(guest, [shared], { 'Shared dusk': [file('Beauty')] });
    await screen.findByRole('button', { name: 'Shared dusk' });
    await showInViewer(shared);
    expect(screen.queryByRole('button', { name: 'Actions for Shared dusk' })).not.toBeInTheDocument();
    const viewer = screen.getByRole('dialog', { name: 'Shared dusk' });
    for (const name of ['Rename', 'Share', 'Delete'])
      expect(within(viewer).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Download Beauty' })).toBeVisible();
  });
});
