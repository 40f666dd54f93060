// The shared pager's page counts, and the favourites list's page links (other parameters kept).
import { describe, expect, it } from 'vitest';
import { pageCountOf, totalPagesOf } from '../../src/ui/pager/pager-pages';
import { pageHrefFor } from '../../src/features/favorites/page-param';

describe('page counts', () => {
  it('totalPagesOf is 0 for an empty list; pageCountOf keeps page 1', () => {
    expect(totalPagesOf(0, 10)).toBe(0);
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(35, 10)).toBe(4);
    expect(pageCountOf(40, 10)).toBe(4);
    expect(pageCountOf(5, 0)).toBe(1);
  });
});

describe('pageHrefFor', () => {
  it('drops page 1, sets later pages and keeps other parameters', () => {
    expect(pageHrefFor('/star', {}, 1)).toBe('/star');
    expect(pageHrefFor('/star', { page: 3 }, 2)).toBe('/star?page=2');
    expect(pageHrefFor('/star', { page: 3, tab: 'all' }, 1)).toBe('/star?tab=all');
  });
});
