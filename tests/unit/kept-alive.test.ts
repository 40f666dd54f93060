// Which pages stay mounted (src/routes/kept-alive.ts): a key per kept row and path, read from the
// matches on screen, and at most five instances, the least recently shown dropped first.
import { describe, expect, it } from 'vitest';
import { keptAliveKey, showKept } from '../../src/routes/kept-alive';
import { routesByName } from '../../src/routes/manifest';
import type { RouteDef } from '../../src/routes/types';

const match = (def: RouteDef | undefined, pathname: string) => ({ pathname, staticData: def ? { def } : {} });
const row = (name: string) => {
  const def = routesByName.get(name);
  if (!def) throw new Error(`no row ${name}`);
  return def;
};
const entry = (key: string) => ({ key });

describe('keptAliveKey', () => {
  it('names the kept row and its path; the deepest row decides, not its layout', () => {
    expect(keptAliveKey([match(undefined, '/'), match(row('list'), '/list'), match(row('list_index'), '/list')])).toBe(
      'list_index /list',
    );
    expect(keptAliveKey([match(undefined, '/'), match(row('list_other'), '/list/other/3')])).toBe(
      'list_other /list/other/3',
    );
  });

  it('is null for a page that is not kept alive (the goods detail under the same layout)', () => {
    expect(
      keptAliveKey([
        match(undefined, '/'),
        match(row('list'), '/list/info/5'),
        match(row('list_info'), '/list/info/5'),
      ]),
    ).toBeNull();
    expect(keptAliveKey([match(undefined, '/')])).toBeNull();
  });

  it('covers the kept rows: goods lists, searches and the free-shipping table', () => {
    for (const name of [
      'list_other',
      'list_index',
      'list_table',
      'list_no_image',
      'search_index',
      'search_table',
      'yx_table',
    ]) {
      expect(keptAliveKey([match(row(name), '/p')])).toBe(`${name} /p`);
    }
  });
});

describe('showKept', () => {
  it('adds a shown page at the end and keeps at most five, dropping the least recently shown', () => {
    let kept: readonly { key: string }[] = [];
    for (const key of ['a', 'b', 'c', 'd', 'e']) kept = showKept(kept, key, entry);
    expect(kept.map((e) => e.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    kept = showKept(kept, 'a', entry);
    expect(kept.map((e) => e.key)).toEqual(['b', 'c', 'd', 'e', 'a']);
    kept = showKept(kept, 'f', entry);
    expect(kept.map((e) => e.key)).toEqual(['c', 'd', 'e', 'a', 'f']);
  });

  it('keeps the same instance when a page is shown again, and the same array when nothing changes', () => {
    const first = showKept([], 'a', entry);
    const withB = showKept(first, 'b', entry);
    const again = showKept(withB, 'a', entry);
    expect(again.at(-1)).toBe(first[0]);
    expect(showKept(again, 'a', entry)).toBe(again);
    expect(showKept(again, null, entry)).toBe(again);
  });
});
