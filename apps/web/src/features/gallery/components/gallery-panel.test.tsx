import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenderedAsset, RenderedAssetItem, User } from '@autostudio/protocol';
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
/** Opens the viewer over the open gallery, as a click on a card does. */
const showInViewer = (shown: RenderedAsset, items: RenderedAssetItem[]) =>
  act(() => useGalleryStore.setState({ viewer: { asset: shown, items, isLoading: false, error: null } }));
const ORBIT = asset('Orbit', 'video');

/** The gallery open on a page of renders, with its actions replaced where a test watches them. */
function openGallery(changes: Partial<ReturnType<typeof useGalleryStore.getState>> = {}) {
  useGalleryStore.setState({ open: true, items: [DUSK, ORBIT], total: 2, ...changes });
}

describe('the gallery panel and its viewer', () => {
  afterEach(() => useGalleryStore.setState(useGalleryStore.getInitialState(), true));

  it('lists the renders with a Still or Video badge, and opens one in the viewer', async () => {
    const user = userEvent.setup();
    const view = vi.fn(() => Promise.resolve());
    openGallery({ view });
    render(<GalleryPanel user={owner} onShare={vi.fn()} />);
    const gallery = screen.getByRole('dialog', { name: 'Gallery' });
    const cards = within(within(gallery).getByRole('list', { name: 'Renders' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^Still.*Dusk/),
      expect.stringMatching(/^Video.*Orbit/),
    ]);
    expect(within(gallery).getByText('1–2 of 2')).toBeVisible();
    await user.click(within(gallery).getByRole('button', { name: 'Dusk' }));
    expect(view).toHaveBeenCalledWith(DUSK);
  });

  it('says so when there is nothing to show', () => {
    openGallery({ items: [], total: 0 });
    render(<GalleryPanel user={guest} onShare={vi.fn()} />);
    expect(screen.getByText('No renders yet')).toBeVisible();
    expect(screen.getByText('Renders shared with you appear here.')).toBeVisible();
  });

  it('shows each pass in the viewer, one at a time, with its download', async () => {
    const user = userEvent.setup();
    openGallery();
    render(<GalleryPanel user={owner} onShare={vi.fn()} />);
    showInViewer(DUSK, [file('Beauty'), file('Depth')]);
    const viewer = screen.getByRole('dialog', { name: 'Dusk' });
    expect(within(viewer).getByRole('img', { name: 'Dusk, Beauty' })).toHaveAttribute('src', '/api/media/dusk/Beauty');
    await user.click(within(viewer).getByRole('radio', { name: 'Depth' }));
    expect(within(viewer).getByRole('img', { name: 'Dusk, Depth' })).toBeVisible();
    expect(within(viewer).getByText('dusk-depth.png · 640×360 · 20 KB')).toBeVisible();
    const download = within(viewer).getByRole('link', { name: 'Download Depth' });
    expect(download).toHaveAttribute('href', '/api/media/dusk/Depth');
    expect(download).toHaveAttribute('download', 'dusk-depth.png');
  });

  it('plays a video with its controls', () => {
    openGallery();
    render(<GalleryPanel user={owner} onShare={vi.fn()} />);
    showInViewer(ORBIT, [file('video', 'video/mp4')]);
    const viewer = screen.getByRole('dialog', { name: 'Orbit' });
    expect(within(viewer).queryByRole('radiogroup')).not.toBeInTheDocument();
    const video = within(viewer).getByLabelText('Orbit video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(within(viewer).getByRole('link', { name: 'Download Video' })).toBeVisible();
  });

  it('lets the owner rename, share and delete (after confirming)', async () => {
    const user = userEvent.setup();
    const onShare = vi.fn();
    const remove = vi.fn(() => Promise.resolve());
    openGallery({ remove });
    render(<GalleryPanel user={owner} onShare={onShare} />);
    showInViewer(DUSK, [file('Beauty')]);
    const viewer = screen.getByRole('dialog', { name: 'Dusk' });
    await user.click(within(viewer).getByRole('button', { name: 'Share' }));
    expect(onShare).toHaveBeenCalledWith(DUSK);

    await user.click(within(viewer).getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('dialog', { name: 'Rename render' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(within(viewer).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete render?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith('Dusk');
  });

  it('gives a guest no rename, share or delete for a render shared with them (issue 17 item 7)', () => {
    const shared = asset('Shared dusk', 'image', { ownerId: 'u1', sharedUsers: [{ id: 'g1', name: 'Gus' }] });
    openGallery({ items: [shared], total: 1 });
    render(<GalleryPanel user={guest} onShare={vi.fn()} />);
    showInViewer(shared, [file('Beauty')]);
    expect(screen.queryByRole('button', { name: 'Actions for Shared dusk' })).not.toBeInTheDocument();
    const viewer = screen.getByRole('dialog', { name: 'Shared dusk' });
    for (const name of ['Rename', 'Share', 'Delete'])
      expect(within(viewer).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Download Beauty' })).toBeVisible();
  });
});
