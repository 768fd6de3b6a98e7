import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readListParams, writeListParams, type ListParams, type ListSpec } from './list-params';

export interface ListParamsControls<F extends string> {
  params: ListParams<F>;
  /** Changes some parameters; the address follows, so a list can be linked to, reloaded and gone back to. */
  update: (change: Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<Record<F, string>> }) => void;
}

/** A list's page, limit, search, sort and filters, kept in the page's address (issue 18: one list contract). */
export function useListParams<F extends string>(spec: ListSpec<F>): ListParamsControls<F> {
  const [query, setQuery] = useSearchParams();
  const { pathname } = useLocation();
  const params = useMemo(() => readListParams(query, spec), [query, spec]);
  const update = useCallback<ListParamsControls<F>['update']>(
    (change) => {
      // A page the user has just left stays on screen while the next one loads (a navigation is a React
      // transition), and its search box's pause or a late answer can still write here. The address is the next
      // page's by then, and `setQuery` would give it this list's search: /landing?search=<an admin list's search>.
      // The browser's address, not the router's last rendered location: only it has moved on already.
      if (window.location.pathname !== pathname) return;
      // A page turn is a step the Back button should undo; typing a search is not.
      setQuery(writeListParams(params, change, spec), { replace: !('page' in change) });
    },
    [params, pathname, setQuery, spec],
  );
  return { params, update };
}

/**
 * A list's parameters kept in the component instead (a list inside a dialog, whose page and search are not the
 * page's): the same defaults and the same rules as in the address, since each change goes through them.
 */
export function useLocalListParams<F extends string>(spec: ListSpec<F>): ListParamsControls<F> {
  const [params, setParams] = useState(() => readListParams(new URLSearchParams(), spec));
  const update = useCallback<ListParamsControls<F>['update']>(
    (change) => setParams((current) => readListParams(writeListParams(current, change, spec), spec)),
    [spec],
  );
  return { params, update };
}
