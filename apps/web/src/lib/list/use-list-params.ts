import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, writeListParams, type ListParams, type ListSpec } from './list-params';

export interface ListParamsControls<F extends string> {
  params: ListParams<F>;
  /** Changes some parameters; the address follows, so a list can be linked to, reloaded and gone back to. */
  update: (change: Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<Record<F, string>> }) => void;
}

/** A list's page, limit, search, sort and filters, kept in the page's address (issue 18: one list contract). */
export function useListParams<F extends string>(spec: ListSpec<F>): ListParamsControls<F> {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => readListParams(query, spec), [query, spec]);
  const update = useCallback<ListParamsControls<F>['update']>(
    // A page turn is a step the Back button should undo; typing a search is not.
    (change) => setQuery(writeListParams(params, change, spec), { replace: !('page' in change) }),
    [params, setQuery, spec],
  );
  return { params, update };
}
