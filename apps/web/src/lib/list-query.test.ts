import { describe, expect, it } from 'vitest';
import { listPath } from './list-query';

describe('listPath', () => {
  it('sends page, limit and the filters given, and leaves out an empty search and absent filters', () => {
    expect(listPath('/config/filtered', { page: 2, limit: 10, search: '' })).toBe('/config/filtered?page=2&limit=10');
    expect(listPath('/preset/filtered', { page: 1, limit: 20, search: 'dusk & dawn', category: undefined })).toBe(
      '/preset/filtered?page=1&limit=20&search=dusk+%26+dawn',
    );
  });
});
