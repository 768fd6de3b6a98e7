import type { ListResult } from '@autostudio/protocol';

export type SortOrder = 'asc' | 'desc';

/**
 * What a list may be asked for, and what it shows when the address says nothing: page and limit (spec §9's
 * defaults), its filters with their default values, and the columns it sorts by.
 */
export interface ListSpec<F extends string = string> {
  defaults: { page: number; limit: number };
  /** Each filter's value when the address has none ('' is "any"). */
  filters: Readonly<Record<F, string>>;
  sorts: readonly string[];
}

export interface ListParams<F extends string = string> {
  page: number;
  limit: number;
  search: string;
  /** A column of the spec's sorts, or null for the list's own order. */
  sort: string | null;
  order: SortOrder;
  filters: Record<F, string>;
}

/** What a list page holds: the page of items, the total of all matches, and how the last fetch went. */
export interface ListState<T> extends ListResult<T> {
  isLoading: boolean;
  /** The spec's failure text when the last fetch failed (spec §8: a list failure is stored in its state). */
  error: string | null;
}

const positive = (text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
};

/** A list's parameters from the page's address; anything missing or malformed falls back to the spec's defaults. */
export function readListParams<F extends string>(query: URLSearchParams, spec: ListSpec<F>): ListParams<F> {
  const sort = query.get('sort');
  const filters: Record<F, string> = { ...spec.filters };
  for (const name of Object.keys(spec.filters) as F[]) {
    const value = query.get(name);
    if (value !== null) filters[name] = value;
  }
  return {
    page: positive(query.get('page'), spec.defaults.page),
    limit: positive(query.get('limit'), spec.defaults.limit, 100),
    search: query.get('search') ?? '',
    sort: sort && spec.sorts.includes(sort) ? sort : null,
    order: query.get('order') === 'desc' ? 'desc' : 'asc',
    filters,
  };
}

/**
 * The address for changed parameters. Defaults are left out, so a list's plain address stays plain; a new search,
 * filter, sort or page size starts again at the first page, as a user expects.
 */
export function writeListParams<F extends string>(
  current: ListParams<F>,
  change: Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<Record<F, string>> },
  spec: ListSpec<F>,
): URLSearchParams {
  const refines = (['search', 'sort', 'order', 'limit', 'filters'] as const).some((key) => key in change);
  const next: ListParams<F> = {
    ...current,
    ...change,
    filters: { ...current.filters, ...change.filters },
    page: change.page ?? (refines ? spec.defaults.page : current.page),
  };
  const query = new URLSearchParams();
  if (next.search) query.set('search', next.search);
  for (const name of Object.keys(spec.filters) as F[]) {
    if (next.filters[name] !== spec.filters[name]) query.set(name, next.filters[name]);
  }
  if (next.sort) {
    query.set('sort', next.sort);
    query.set('order', next.order);
  }
  if (next.page !== spec.defaults.page) query.set('page', String(next.page));
  if (next.limit !== spec.defaults.limit) query.set('limit', String(next.limit));
  return query;
}

/** The query a list call sends: page, limit, search, sort and the filters that are set. */
export function listCallQuery<F extends string>(params: ListParams<F>): Record<string, string | number | undefined> {
  return {
    page: params.page,
    limit: params.limit,
    search: params.search || undefined,
    ...(params.sort ? { sort: params.sort, order: params.order } : {}),
    ...params.filters,
  };
}
