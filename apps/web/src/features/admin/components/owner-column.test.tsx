import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_ROUTES, type User } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { AssetModelsPage } from '@/features/admin/asset-models';
import { ConfigsPage } from '@/features/admin/configs';
import { PresetsPage } from '@/features/admin/presets';
import { RenderedAssetsPage } from '@/features/admin/rendered-assets';

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

/** What every owned item carries, as the server answers an administrator: the owner's id and username. */
const owned = {
  ownerId: 'u7',
  ownerUsername: 'riley',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sharedUsers: [],
  sharedGroups: [],
};
const ITEMS: Record<string, unknown> = {
  [API_ROUTES.configs.filtered]: {
    id: 'c1',
    name: 'Dealer launch',
    description: '',
    projectPath: '',
    settings: {},
    imageUrl: null,
    stillUrl: null,
    ...owned,
  },
  [API_ROUTES.presets.filtered]: {
    id: 'p1',
    name: 'Evening',
    type: 'postProcess',
    category: 'Studio',
    settings: '{}',
    isDefault: false,
    groupId: null,
    ...owned,
  },
  [API_ROUTES.assetModels.filtered]: {
    id: 'm1',
    modelId: 'm1',
    version: 1,
    name: 'Terra',
    description: '',
    category: 'SUV',
    type: 'car',
    brand: 'Autostudio',
    region: 'EU',
    modelUrl: null,
    fileName: null,
    fileSize: null,
    previewUrl: null,
    settings: { unrealParams: {}, configOptions: {} },
    isPublic: false,
    ...owned,
  },
  [API_ROUTES.renderedAssets.filtered]: {
    id: 'r1',
    name: 'Dusk',
    description: '',
    category: '',
    type: 'image',
    brand: '',
    configId: null,
    thumbnailUrl: null,
    itemCount: 1,
    ...owned,
  },
};

const me: User = { id: 'admin', username: 'admin', name: 'Admin', roles: ['admin'] };
const PAGES: [string, string, ReactNode][] = [
  [
    'configurations',
    'Dealer launch',
    <ConfigsPage key="c" me={me} renderShare={() => null} onOpenInStudio={() => undefined} />,
  ],
  ['presets', 'Evening', <PresetsPage key="p" renderShare={() => null} />],
  ['asset models', 'Terra', <AssetModelsPage key="m" renderShare={() => null} />],
  ['rendered assets', 'Dusk', <RenderedAssetsPage key="r" renderShare={() => null} renderViewer={() => null} />],
];

describe('the admin lists', () => {
  beforeEach(() => {
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
    vi.stubGlobal('fetch', (url: string) => {
      const path = new URL(url).pathname.slice(API_BASE.length);
      const item = ITEMS[path];
      return json(item ? { items: [item], total: 1 } : { items: [], total: 0 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(PAGES)('%s have an Owner column with the owner’s username', async (_name, itemName, page) => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{page}</MemoryRouter>
      </QueryClientProvider>,
    );
    const row = (await screen.findByText(itemName)).closest('tr');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toContain('Owner');
    const owner = headers.indexOf('Owner');
    expect(within(row as HTMLElement).getAllByRole('cell')[owner]).toHaveTextContent('riley');
  });
});
