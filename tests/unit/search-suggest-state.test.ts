// The pure search-suggestion state (SPEC §4, §5): highlight wrap, cache freshness, which view
// the dropdown shows, what Enter submits, and that stale answers are dropped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dropdownView,
  initSuggestState,
  searchUrl,
  submitKeyword,
  suggestCacheStatus,
  suggestReducer,
  wrapIndex,
  type SuggestAction,
  type SuggestState,
} from '../../src/app/shell/search-box/suggest-state';
import type { SearchSuggestion } from '../../src/domain/contracts';

const item = (keyword: string): SearchSuggestion => ({ id: 1, keyword, name: keyword, sccj: '', ypgg: '' });
const ITEMS = [item('感冒灵颗粒'), item('感冒灵胶囊'), item('感冒灵片')];

const run = (actions: SuggestAction[], from: SuggestState = initSuggestState()) => actions.reduce(suggestReducer, from);

/** Typed "gml" and got the three items back. */
const withList = () =>
  run([
    { type: 'input', text: 'gml' },
    { type: 'results', request: { type: 1, keyword: 'gml' }, items: ITEMS, final: true },
  ]);

describe('wrapIndex', () => {
  it('goes first/last from "none" and wraps at both ends', () => {
    expect(wrapIndex(-1, 1, 3)).toBe(0);
    expect(wrapIndex(-1, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(-1);
  });

  it('always lands on a row, and Down then Up returns to the same row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: -1, max: 60 }), (length, start) => {
        const current = Math.min(start, length - 1);
        const down = wrapIndex(current, 1, length);
        expect(down).toBeGreaterThanOrEqual(0);
        expect(down).toBeLessThan(length);
        if (current >= 0) expect(wrapIndex(down, -1, length)).toBe(current);
      }),
    );
  });
});

describe('suggestCacheStatus', () => {
  it('is a miss without data, fresh younger than 5 s (SPEC §4), stale from then on', () => {
    expect(suggestCacheStatus(undefined, 10_000)).toBe('miss');
    expect(suggestCacheStatus(0, 10_000)).toBe('miss');
    expect(suggestCacheStatus(10_000, 14_999)).toBe('fresh');
    expect(suggestCacheStatus(10_000, 15_000)).toBe('stale');
  });
});

describe('suggestReducer', () => {
  it('typing opens the list and requests the trimmed keyword; the view is loading until answered', () => {
    const s = run([{ type: 'input', text: '  gml ' }]);
    expect(s.open).toBe(true);
    expect(s.pending).toMatchObject({ type: 1, keyword: 'gml' });
    expect(dropdownView(s)).toBe('loading');
  });

  it('an answer fills the list; an empty answer shows 暂无数据', () => {
    expect(dropdownView(withList())).toBe('list');
    const empty = run([
      { type: 'input', text: 'zz' },
      { type: 'results', request: { type: 1, keyword: 'zz' }, items: [], final: true },
    ]);
    expect(dropdownView(empty)).toBe('empty');
  });

  it('drops an answer for another keyword or type', () => {
    const s = run([
      { type: 'input', text: 'gml' },
      { type: 'results', request: { type: 1, keyword: 'gm' }, items: ITEMS, final: true },
      { type: 'results', request: { type: 2, keyword: 'gml' }, items: ITEMS, final: true },
    ]);
    expect(s.items).toEqual([]);
    expect(dropdownView(s)).toBe('loading');
  });

  it('an empty keyword clears the suggestions and closes', () => {
    const s = run([{ type: 'input', text: '  ' }], withList());
    expect(s).toMatchObject({ open: false, items: [], itemsFor: null, pending: null, highlight: -1 });
    expect(dropdownView(run([{ type: 'focus' }], s))).toBe('hidden');
  });

  it('trailing spaces do not search again', () => {
    const s = run([{ type: 'input', text: 'gml ' }], withList());
    expect(s.pending).toBeNull();
    expect(dropdownView(s)).toBe('list');
  });

  it('arrows move and wrap only over a shown list; Escape closes and resets the highlight', () => {
    let s = run([{ type: 'move', delta: -1 }], withList());
    expect(s.highlight).toBe(2);
    s = run([{ type: 'move', delta: 1 }], s);
    expect(s.highlight).toBe(0);
    s = run([{ type: 'close' }], s);
    expect(s).toMatchObject({ open: false, highlight: -1 });
    // The first arrow after closing reopens the list without moving.
    s = run([{ type: 'move', delta: 1 }], s);
    expect(s).toMatchObject({ open: true, highlight: -1 });
    const loading = run([{ type: 'input', text: 'abc' }]);
    expect(run([{ type: 'move', delta: 1 }], loading).highlight).toBe(-1);
  });

  it('focus reopens a list that answers the text, or asks again when it does not', () => {
    const closed = run([{ type: 'close' }], withList());
    expect(dropdownView(run([{ type: 'focus' }], closed))).toBe('list');
    const synced = run([{ type: 'sync', text: '布洛芬', searchType: 1 }]);
    const focused = run([{ type: 'focus' }], synced);
    expect(focused.pending).toMatchObject({ keyword: '布洛芬' });
  });

  it('switching the type asks again for the same keyword', () => {
    const s = run([{ type: 'setType', searchType: 2 }], withList());
    expect(s.pending).toMatchObject({ type: 2, keyword: 'gml' });
    expect(dropdownView(s)).toBe('loading');
  });

  it('a non-final (stale cache) answer shows the list while the refresh stays pending', () => {
    const s = run([
      { type: 'input', text: 'gml' },
      { type: 'results', request: { type: 1, keyword: 'gml' }, items: ITEMS, final: false },
    ]);
    expect(dropdownView(s)).toBe('list');
    expect(s.pending).not.toBeNull();
  });

  it('a failure ends the wait with 暂无数据', () => {
    const s = run([
      { type: 'input', text: 'gml' },
      { type: 'failed', request: { type: 1, keyword: 'gml' } },
    ]);
    expect(dropdownView(s)).toBe('empty');
    expect(s.pending).toBeNull();
  });
});

describe('submitKeyword and searchUrl', () => {
  it('submits the highlighted suggestion, else the trimmed text, else nothing', () => {
    expect(submitKeyword(run([{ type: 'move', delta: 1 }], withList()))).toBe('感冒灵颗粒');
    expect(submitKeyword(run([{ type: 'input', text: '  布洛芬  ' }]))).toBe('布洛芬');
    expect(submitKeyword(run([{ type: 'input', text: '   ' }]))).toBeNull();
  });

  it('builds /search?keywords=<trimmed>&type=<1|2>', () => {
    expect(searchUrl(' 感冒 灵 ', 1)).toBe(`/search?keywords=${encodeURIComponent('感冒 灵')}&type=1`);
    expect(searchUrl('a&b', 2)).toBe('/search?keywords=a%26b&type=2');
  });
});
