// The list URL (src/features/catalog/search-params.ts): garbage falls back to defaults and never
// throws, serialising is short and round-trips, yuan in the URL become fen in the API query.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParseSearch } from '@tanstack/router-core';
import {
  DEFAULT_LIST_SEARCH,
  hasNarrowingFilters,
  MAX_KEYWORDS_CHARS,
  MAX_PAGE,
  parseListSearch,
  serializeListSearch,
  toGoodsListQuery,
  withFilter,
  withoutPreset,
} from '../../src/domain/list-search';
import { highlightRuns } from '../../src/ui/highlight';
import { pagerItems, totalPagesOf } from '../../src/ui/pager/pager-pages';
import { categoryPath, categoryRows } from '../../src/features/catalog/category-path';

/** What the router hands the page for a query string (it JSON-parses values). */
const fromUrl = (qs: string) => parseListSearch(defaultParseSearch(qs));

describe('parseListSearch', () => {
  it('reads every filter the list URL carries', () => {
    const s = fromUrl(
      '?keywords=%20感冒灵%20&type=2&category_id=12&manufacturer_id=3&brand_id=4&tags=优,新&zone=jxq&yx=1&price_min=1.5&price_max=20&in_stock=1&sort=price_desc&view=table&page_size=40&page=3',
    );
    expect(s).toEqual({
      page: 3,
      page_size: 40,
      keywords: '感冒灵',
      type: 2,
      category_id: 12,
      manufacturer_id: 3,
      brand_id: 4,
      tags: ['优', '新'],
      zone: 'jxq',
      yx: true,
      price_min: 1.5,
      price_max: 20,
      in_stock: true,
      sort: 'price_desc',
      view: 'table',
    });
  });

  it('turns garbage into defaults', () => {
    const s = fromUrl(
      '?page=-1&page_size=1000&type=9&category_id=abc&manufacturer_id=0&brand_id=1.5&tags=xx,<b>&zone=nope&yx=maybe&price_min=-3&price_max=abc&in_stock=2&sort=random&view=huge',
    );
    expect(s).toEqual(DEFAULT_LIST_SEARCH);
  });

  it('accepts the shapes the router produces: numbers, booleans, arrays, objects', () => {
    expect(parseListSearch({ keywords: 999, page: '2', yx: true, tags: ['优', '赠'] })).toMatchObject({
      keywords: '999',
      page: 2,
      yx: true,
      tags: ['优', '赠'],
    });
    expect(parseListSearch({ keywords: { a: 1 }, page: [4, 5], category_id: null })).toMatchObject({
      keywords: '',
      page: 4,
      category_id: undefined,
    });
    expect(parseListSearch(null)).toEqual(DEFAULT_LIST_SEARCH);
    expect(parseListSearch('page=2')).toEqual(DEFAULT_LIST_SEARCH);
  });

  it('caps pages and keywords, strips control characters and swaps a reversed price range', () => {
    expect(fromUrl(`?page=${MAX_PAGE + 1}`).page).toBe(1);
    expect(fromUrl(`?keywords=${'药'.repeat(80)}`).keywords).toHaveLength(MAX_KEYWORDS_CHARS);
    expect(parseListSearch({ keywords: 'a\tb\n\u0000c' }).keywords).toBe('a b c');
    expect(fromUrl('?price_min=50&price_max=10')).toMatchObject({ price_min: 10, price_max: 50 });
    expect(fromUrl('?price_min=1.239').price_min).toBe(1.23);
  });

  it('keeps tags in the badge order, once each, from commas (also full-width) or repeats', () => {
    expect(fromUrl('?tags=新，优,新,满').tags).toEqual(['优', '满', '新']);
    expect(fromUrl('?tags=换购&tags=赠').tags).toEqual(['换购', '赠']);
  });

  it('applies page defaults (a zone that sorts newest first)', () => {
    expect(fromUrl('').sort).toBe('default');
    expect(parseListSearch({}, { sort: 'newest' }).sort).toBe('newest');
    expect(parseListSearch({ sort: 'sales' }, { sort: 'newest' }).sort).toBe('sales');
  });

  it('never throws on anything', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (raw) => {
        const s = parseListSearch(raw);
        expect(s.page).toBeGreaterThanOrEqual(1);
        expect(Number.isInteger(s.page_size)).toBe(true);
        expect(() => serializeListSearch(s)).not.toThrow();
        expect(() => toGoodsListQuery(s)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on any query string', () => {
    fc.assert(
      fc.property(fc.string(), (qs) => {
        expect(() => fromUrl(qs)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('serializeListSearch', () => {
  it('leaves defaults out', () => {
    expect(serializeListSearch(DEFAULT_LIST_SEARCH)).toBe('');
    expect(serializeListSearch({ ...DEFAULT_LIST_SEARCH, sort: 'newest' }, { sort: 'newest' })).toBe('');
    expect(serializeListSearch({ ...DEFAULT_LIST_SEARCH, category_id: 12 })).toBe('?category_id=12');
  });

  it('writes the type only next to keywords, and the short URL the search box writes', () => {
    expect(serializeListSearch({ ...DEFAULT_LIST_SEARCH, type: 2 })).toBe('');
    expect(serializeListSearch({ ...DEFAULT_LIST_SEARCH, keywords: '感冒灵', type: 1 })).toBe(
      `?keywords=${encodeURIComponent('感冒灵')}&type=1`,
    );
  });

  it('round-trips through the router parser', () => {
    const full = fromUrl(
      '?keywords=999&type=2&category_id=12&tags=优,新&zone=qx&yx=1&price_min=0.5&price_max=99.99&in_stock=1&sort=sales&view=no_image&page_size=60&page=7',
    );
    expect(fromUrl(serializeListSearch(full))).toEqual(full);
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('page', 'keywords', 'tags', 'price_min', 'sort', 'type', 'yx'), fc.string()),
        (raw) => {
          const s = parseListSearch(raw);
          // The router JSON-parses values: a keyword such as "1.0" or "null" comes back as 1 or
          // null (a TanStack default, see decisions); other text round-trips exactly.
          fc.pre(!/^(-?\d|true$|false$|null$|["[{])/.test(s.keywords));
          expect(fromUrl(serializeListSearch(s))).toEqual(s);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('toGoodsListQuery', () => {
  it('converts yuan to fen and leaves unset filters out', () => {
    const q = toGoodsListQuery(fromUrl('?price_min=1.5&price_max=20.01&tags=优,新&yx=1&in_stock=1&sort=default'));
    expect(q).toMatchObject({
      page: 1,
      page_size: 20,
      price_min: 150,
      price_max: 2001,
      tags: '优,新',
      yx: 1,
      in_stock: 1,
    });
    expect(q.sort).toBeUndefined();
    expect(q.keywords).toBeUndefined();
    expect(q.type).toBeUndefined();
  });

  it('lets the preset win over the URL (a zone cannot be lifted)', () => {
    const q = toGoodsListQuery(fromUrl('?zone=qx&brand_id=5'), { zone: 'kx', brand_id: 9 });
    expect(q).toMatchObject({ zone: 'kx', brand_id: 9 });
  });
});

describe('filters', () => {
  it("drops the URL's copy of what a page fixes, so it neither shows as selected nor travels on", () => {
    const s = fromUrl('?zone=qx&yx=1&brand_id=9&tags=优');
    expect(withoutPreset(s, { zone: 'jxq' })).toMatchObject({ zone: undefined, yx: true, brand_id: 9 });
    expect(withoutPreset(s, { zone: 'yx', yx: 1 })).toMatchObject({ zone: undefined, yx: false });
    expect(serializeListSearch(withoutPreset(s, { brand_id: 5 }))).toBe(
      `?zone=qx&yx=1&tags=${encodeURIComponent('优')}`,
    );
  });

  it('a filter change goes back to page 1; narrowing filters are recognised', () => {
    const s = { ...DEFAULT_LIST_SEARCH, page: 5, category_id: 3 };
    expect(withFilter(s, { in_stock: true })).toMatchObject({ page: 1, in_stock: true, category_id: 3 });
    expect(hasNarrowingFilters(s)).toBe(false);
    expect(hasNarrowingFilters({ ...s, tags: ['优'] })).toBe(true);
  });
});

describe('helpers of the list screen', () => {
  it('highlights every term case-insensitively, as text runs', () => {
    expect(highlightRuns('999感冒灵颗粒', '感冒灵')).toEqual([
      { text: '999', match: false },
      { text: '感冒灵', match: true },
      { text: '颗粒', match: false },
    ]);
    expect(
      highlightRuns('Vitamin C 片', 'vitamin 片')
        .filter((r) => r.match)
        .map((r) => r.text),
    ).toEqual(['Vitamin', '片']);
    expect(highlightRuns('abc', '')).toEqual([{ text: 'abc', match: false }]);
  });

  it('pages: first, last and a window around the current page', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(6, 40)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 40]);
    expect(pagerItems(4, 40)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 40]);
    expect(totalPagesOf(41, 20)).toBe(3);
    expect(totalPagesOf(0, 20)).toBe(0);
  });

  it('category path and chip rows follow the tree', () => {
    const leaf = (id: number, name: string) => ({ id, name, logo: '', logo1: '', children: [], childrenShow: [] });
    const tree = [
      { ...leaf(1, '西药'), children: [{ ...leaf(2, '感冒'), children: [leaf(3, '颗粒')] }] },
      leaf(4, '中成药'),
    ];
    expect(categoryPath(tree, 3).map((n) => n.name)).toEqual(['西药', '感冒', '颗粒']);
    expect(categoryPath(tree, 99)).toEqual([]);
    const rows = categoryRows(tree, categoryPath(tree, 2));
    expect(rows.map((r) => [r.level, r.selected, r.options.map((o) => o.id)])).toEqual([
      [0, 1, [1, 4]],
      [1, 2, [2]],
      [2, undefined, [3]],
    ]);
  });
});
