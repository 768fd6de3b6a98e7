import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAtAddress } from '@/test/browser-router';
import type { ListSpec } from './list-params';
import { useListParams, type ListParamsControls } from './use-list-params';

const SPEC: ListSpec<'category'> = {
  defaults: { page: 1, limit: 10 },
  filters: { category: '' },
  sorts: [],
};

/** A list page that hands out its `update`, as a search box's timer or a late answer holds on to it. */
function listRouter() {
  const held: { update?: ListParamsControls<'category'>['update'] } = {};
  function ListPage() {
    held.update = useListParams(SPEC).update;
    return <p>list</p>;
  }
  const { navigate } = renderAtAddress('/admin/configs', [
    { path: '/admin/configs', element: <ListPage /> },
    { path: '/landing', element: <p>landing</p> },
  ]);
  return {
    navigate,
    update: (change: Parameters<ListParamsControls<'category'>['update']>[0]) => held.update?.(change),
  };
}

describe('a list in the address', () => {
  it('writes its search into its own page’s address', () => {
    const { update } = listRouter();
    act(() => update({ search: 'Carless' }));
    expect(window.location.pathname).toBe('/admin/configs');
    expect(window.location.search).toBe('?search=Carless');
  });

  // The clean-clone e2e run: an admin searched, opened a configuration in the studio within the search box's pause,
  // and /landing opened as /landing?search=<the admin's search>, showing "No vehicle matches".
  it('leaves the next page’s address alone once the user has left its page', () => {
    const { navigate, update } = listRouter();
    act(() => navigate('/landing'));
    act(() => update({ search: 'Carless' }));
    expect(window.location.pathname).toBe('/landing');
    expect(window.location.search).toBe('');
  });
});
