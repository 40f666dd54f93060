// /ddgl URL state: the store whose orders are open and their page; a hand-edited URL never throws.
import { describe, expect, it } from 'vitest';
import { storesHref, storesSearch } from '../../src/features/stores/stores-search';

describe('stores search', () => {
  it('reads the store and the page', () => {
    expect(storesSearch({ store: '12', page: 3 })).toEqual({ store: 12, page: 3 });
    expect(storesSearch({})).toEqual({ store: undefined, page: 1 });
  });

  it('drops what is not a positive id or page', () => {
    expect(storesSearch({ store: '-1', page: 'x' })).toEqual({ store: undefined, page: 1 });
    expect(storesSearch({ store: '1e3', page: 0 })).toEqual({ store: undefined, page: 1 });
    expect(storesSearch(null)).toEqual({ store: undefined, page: 1 });
  });

  it('writes the shortest href and reads it back', () => {
    expect(storesHref({ page: 1 })).toBe('/ddgl');
    expect(storesHref({ store: 7, page: 2 })).toBe('/ddgl?store=7&page=2');
    expect(storesSearch(Object.fromEntries(new URLSearchParams('store=7&page=2')))).toEqual({ store: 7, page: 2 });
  });
});
