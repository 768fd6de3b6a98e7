import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListResult } from '@autostudio/protocol';
import type { ListParams, ListState } from './list-params';
import { withFailureToast } from './with-failure-toast';
import type { ListParamsControls } from './use-list-params';

export interface ListQueryOptions<T, F extends string> {
  /** The list's key in the query cache (a resource's `…Keys.lists()`); its parameters are added to it. */
  key: QueryKey;
  /** The list's parameters (in the address, or a dialog's own); a page emptied by a delete is stepped back through them. */
  controls: ListParamsControls<F>;
  fetch: (params: ListParams<F>, signal: AbortSignal) => Promise<ListResult<T>>;
  /** The spec's failure text for this list ("Failed to fetch Users"). */
  failure: string;
  /** How soon to look again given the rows shown (a preview the server is still rendering), or false. */
  refetchInterval?: (items: readonly T[]) => number | false;
}

export interface ListQueryResult<T> extends ListState<T> {
  /** True while any fetch runs, including a refresh behind rows already shown. */
  isFetching: boolean;
  /** Fetches the list again (after a create, an edit or a delete). */
  refresh: () => Promise<void>;
}

const NO_ITEMS: never[] = [];

/**
 * One page of a server list as the admin pages and the studio's dialogs show it: the rows, the total, loading and the error text. The rows of
 * the page before stay up while the next loads, so the table does not jump.
 */
export function useListQuery<T, F extends string>({
  key,
  controls: { params, update },
  fetch,
  failure,
  refetchInterval,
}: ListQueryOptions<T, F>): ListQueryResult<T> {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...key, params],
    queryFn: withFailureToast(({ signal }: { signal: AbortSignal }) => fetch(params, signal), failure),
    placeholderData: keepPreviousData,
    retry: false,
    ...(refetchInterval
      ? {
          refetchInterval: (query: { state: { data?: ListResult<T> | undefined } }) =>
            refetchInterval(query.state.data?.items ?? []),
        }
      : {}),
  });

  const total = query.data?.total ?? 0;
  useStepBackFromEmptiedPage(query, params, (page) => update({ page }));

  return {
    items: query.data?.items ?? NO_ITEMS,
    total,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    error: query.isError ? failure : null,
    refresh: () => client.invalidateQueries({ queryKey: key }),
  };
}

/**
 * A page emptied by a delete (the last rows of a later page gone) steps back to the last page that has rows, rather
 * than show an empty one. Only a fresh answer counts: the page before's rows shown while the next loads do not.
 */
export function useStepBackFromEmptiedPage(
  query: { data?: ListResult<unknown> | undefined; isSuccess: boolean; isPlaceholderData: boolean },
  { page, limit }: { page: number; limit: number },
  setPage: (page: number) => void,
): void {
  const lastPage = Math.max(1, Math.ceil((query.data?.total ?? 0) / limit));
  const gone = query.isSuccess && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (gone) setPage(lastPage);
  }, [gone, lastPage, setPage]);
}
