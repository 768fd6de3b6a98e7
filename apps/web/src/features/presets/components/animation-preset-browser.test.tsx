import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_ROUTES, type Preset, type User } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { createPresetBrowserStore } from '../stores/preset-browser-store';
import { AnimationPresetBrowser } from './animation-preset-browser';

const preset = (id: string, name: string, category: string): Preset => ({
  id,
  name,
  type: 'animation',
  category,
  settings: '{"fps":24,"frames":[]}',
  isDefault: false,
  groupId: null,
  ownerId: 'u1',
  sharedUsers: [],
  sharedGroups: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const SAVED = [preset('p1', 'Orbit', 'Showroom'), preset('p2', 'Reveal', 'Launch'), preset('p3', 'Spin', 'default')];
const USER = { id: 'u1', name: 'Ada', username: 'ada', roles: ['user'] } as unknown as User; // What the menus read.

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

describe('the saved animations’ category filter (spec §3 "Sequence": browser filter)', () => {
  let lists: URL[];
  beforeEach(() => {
    lists = [];
    pointApiClientAt('http://server.test');
    // Radix Select measures and captures the pointer: jsdom has neither.
    Element.prototype.hasPointerCapture = () => false;
    Element.prototype.scrollIntoView = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input);
        if (url.pathname === `${API_BASE}${API_ROUTES.presets.categories}`) return json(['Launch', 'Showroom']);
        lists.push(url);
        const category = url.searchParams.get('category');
        const items = SAVED.filter((item) => !category || item.category === category);
        return json({ items, total: items.length });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the categories in use, shows each animation’s, and lists one category when chosen', async () => {
    const store = createPresetBrowserStore();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AnimationPresetBrowser store={store} user={USER} openId={null} onLoad={() => {}} onShare={() => {}} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Animations' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('button', { name: 'Load Orbit' })).toHaveTextContent('Showroom');
    // The hidden default category is not shown.
    expect(within(list).getByRole('button', { name: 'Load Spin' })).not.toHaveTextContent('default');

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    expect(screen.queryByRole('option', { name: 'default' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Launch' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('button', { name: 'Load Reveal' })).toBeVisible();
    expect(lists.at(-1)?.searchParams.get('category')).toBe('Launch');
  });
});
