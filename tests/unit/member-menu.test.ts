// The member menu links only to member pages the manifest serves, and marks
// the item a path shows, aliases and sub-pages included.
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/routes/manifest';
import { MEMBER_MENU, activeMenuHref } from '../../src/routes/member-menu';

const rowFor = (path: string) => routes.find((r) => !r.layout && (r.path === path || r.aliases?.includes(path)));

describe('member menu', () => {
  it('links every item to a member page of the manifest', () => {
    for (const item of MEMBER_MENU.flatMap((g) => g.items)) {
      const row = rowFor(item.href);
      expect(row, item.href).toBeDefined();
      expect(row?.auth, item.href).toBe(true);
    }
  });

  it('marks the item a path shows, through aliases, sub-pages and a trailing slash', () => {
    expect(activeMenuHref('/zhzx')).toBe('/basic');
    expect(activeMenuHref('/wdqb')).toBe('/yegl');
    expect(activeMenuHref('/wdqb_yhq')).toBe('/yhq');
    expect(activeMenuHref('/pzqg/add')).toBe('/pzqg');
    expect(activeMenuHref('/wdxx/')).toBe('/wdxx');
    expect(activeMenuHref('/cart')).toBeNull();
  });
});
