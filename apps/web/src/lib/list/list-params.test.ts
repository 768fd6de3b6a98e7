import { describe, expect, it } from 'vitest';
import { listCallQuery, readListParams, writeListParams, type ListSpec } from './list-params';

const spec: ListSpec<'category' | 'latestVersion'> = {
  defaults: { page: 1, limit: 10 },
  filters: { category: '', latestVersion: 'true' },
  sorts: ['name', 'version'],
};

describe('a list’s parameters in the address', () => {
  it('falls back to the spec’s defaults for anything missing or malformed', () => {
    expect(readListParams(new URLSearchParams('page=0&limit=abc&sort=password&order=up'), spec)).toEqual({
      page: 1,
      limit: 10,
      search: '',
      sort: null,
      order: 'asc',
      filters: { category: '', latestVersion: 'true' },
    });
    expect(readListParams(new URLSearchParams('limit=5000'), spec).limit).toBe(100);
  });

  it('reads a search, a page, a sort and the filters that differ from their defaults', () => {
    const params = readListParams(
      new URLSearchParams('search=terra&page=3&sort=version&order=desc&latestVersion=false&category=SUV'),
      spec,
    );
    expect(params).toMatchObject({ search: 'terra', page: 3, sort: 'version', order: 'desc' });
    expect(params.filters).toEqual({ category: 'SUV', latestVersion: 'false' });
  });

  it('leaves defaults out of the address, and starts again at page 1 when the search, a filter or the sort changes', () => {
    const on3 = readListParams(new URLSearchParams('page=3&search=terra'), spec);
    expect(writeListParams(on3, { page: 4 }, spec).toString()).toBe('search=terra&page=4');
    expect(writeListParams(on3, { search: 'ranger' }, spec).toString()).toBe('search=ranger');
    expect(writeListParams(on3, { filters: { latestVersion: 'false' } }, spec).toString()).toBe(
      'search=terra&latestVersion=false',
    );
    expect(writeListParams(on3, { sort: 'name', order: 'desc' }, spec).toString()).toBe(
      'search=terra&sort=name&order=desc',
    );
    expect(writeListParams(on3, { search: '', page: 1 }, spec).toString()).toBe('');
  });

  it('sends page, limit, the search when there is one, the sort when chosen and every filter', () => {
    const params = readListParams(new URLSearchParams('sort=name&order=desc&category=SUV'), spec);
    expect(listCallQuery(params)).toEqual({
      page: 1,
      limit: 10,
      search: undefined,
      sort: 'name',
      order: 'desc',
      category: 'SUV',
      latestVersion: 'true',
    });
  });
});
