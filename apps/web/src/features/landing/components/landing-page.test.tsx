import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, LIST_DEFAULTS, type AssetModel } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { renderAtAddress } from '@/test/browser-router';
import { LandingPage } from './landing-page';

const ORIGIN = 'http://catalogue.test';

function model(index: number): AssetModel {
  const at = '2026-11-01T00:00:00.000Z';
  return {
    id: `m${index}`,
    modelId: `m${index}`,
    name: `Car ${index}`,
    description: '',
    category: index % 2 ? 'SUV' : 'Sedan',
    type: 'Vehicle',
    brand: 'Acme',
    region: '',
    version: 1,
    modelUrl: null,
    fileName: null,
    fileSize: null,
    settings: { unrealParams: {}, configOptions: {} },
    isPublic: false,
    previewUrl: `/api/media/previews/m${index}.jpg`,
    ownerId: 'u1',
    createdAt: at,
    updatedAt: at,
    sharedUsers: [],
    sharedGroups: [],
  };
}

/** 23 models behind the filtered list, paged and searched the way the server does. */
const CATALOGUE = Array.from({ length: 23 }, (_, index) => model(index + 1));

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

let calls: URL[] = [];

function renderLanding(path = '/landing') {
  renderAtAddress(
    path,
    [{ path: '/landing', element: <LandingPage userName="Ada" onChoose={() => {}} /> }],
    (routed) => (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {routed}
      </QueryClientProvider>
    ),
  );
}

const listCalls = () => calls.filter((url) => url.pathname.endsWith('/asset-model/filtered'));

describe('/landing’s catalogue', () => {
  beforeEach(() => {
    calls = [];
    pointApiClientAt(ORIGIN);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        calls.push(url);
        if (url.pathname === `${API_BASE}/asset-model/filter-options`) {
          return json({ categories: ['Sedan', 'SUV'], brands: ['Acme'], types: ['Vehicle'], regions: [] });
        }
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const category = url.searchParams.get('category');
        const matches = CATALOGUE.filter(
          (item) => item.name.toLowerCase().includes(search) && (!category || item.category === category),
        );
        return json({ items: matches.slice((page - 1) * limit, page * limit), total: matches.length });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a page of the spec’s size, not the first 100, and pages through the rest', async () => {
    renderLanding();
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Open Car 1' })).toBeVisible();
    expect(listCalls()[0]?.searchParams.get('limit')).toBe(String(LIST_DEFAULTS.assets.limit));
    expect(screen.getAllByRole('button', { name: /^Open / })).toHaveLength(LIST_DEFAULTS.assets.limit);
    expect(screen.getByText('1–10 of 23')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('button', { name: 'Open Car 11' })).toBeVisible();
    expect(window.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21–23 of 23')).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Open / })).toHaveLength(3);
  });

  it('searches the catalogue, keeping the search in the address', async () => {
    renderLanding();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search vehicles' }), 'Car 2');
    // The search box asks once typing pauses; the machine running the tests may be slow.
    const slow = { timeout: 5000 };
    await waitFor(() => expect(window.location.search).toBe('?search=Car+2'), slow);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Open / })).toHaveLength(5), slow);
    expect(listCalls().at(-1)?.searchParams.get('search')).toBe('Car 2');

    await user.clear(screen.getByRole('searchbox', { name: 'Search vehicles' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search vehicles' }), 'Bus');
    expect(await screen.findByText('No vehicle matches “Bus”.', {}, slow)).toBeVisible();
  });

  it('filters by category and brand from the address', async () => {
    renderLanding('/landing?category=SUV&brand=Acme');
    expect(await screen.findByRole('button', { name: 'Open Car 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open Car 2' })).toBeNull();
    expect(listCalls()[0]?.searchParams.get('category')).toBe('SUV');
    expect(listCalls()[0]?.searchParams.get('brand')).toBe('Acme');
    expect(screen.getByText('1–10 of 12')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('SUV');
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveTextContent('Acme');
  });

  it('names each card with the text it shows (axe label-in-name), its details as the description', async () => {
    renderLanding();
    const card = await screen.findByRole('button', { name: 'Open Car 1' });
    expect(card).toHaveAccessibleDescription('Acme · SUV · Vehicle');
    const results = await axe.run(screen.getByRole('list', { name: 'Products' }), {
      runOnly: ['label-content-name-mismatch'],
    });
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
  });
});
