import { describe, expect, it } from 'vitest';
import { LIST_DEFAULTS } from '@autostudio/protocol';
import { createPresetBrowserStore } from './preset-browser-store';

describe('a preset browser returning to the place a configuration saved', () => {
  it('shows the saved category, search and page, with the saved preset chosen', () => {
    const store = createPresetBrowserStore();
    store.getState().restore({ selectedPresetId: 'p-7', where: { category: 'Warm', search: 'sun', page: 3 } });
    expect(store.getState()).toMatchObject({ selectedPresetId: 'p-7', category: 'Warm', search: 'sun', page: 3 });
  });

  it('keeps where it is when the configuration saved only the chosen preset', () => {
    const store = createPresetBrowserStore();
    store.getState().setCategory('Cool');
    store.getState().setPage(2);
    store.getState().restore({ selectedPresetId: 'p-1' });
    expect(store.getState()).toMatchObject({ selectedPresetId: 'p-1', category: 'Cool', page: 2 });
  });

  it('takes an empty part of the saved place as the first page of every category', () => {
    const store = createPresetBrowserStore();
    store.getState().setSearch('old');
    store.getState().restore({ selectedPresetId: null, where: { category: null, search: null, page: null } });
    expect(store.getState()).toMatchObject({
      selectedPresetId: null,
      category: null,
      search: '',
      page: LIST_DEFAULTS.presets.page,
    });
  });
});
