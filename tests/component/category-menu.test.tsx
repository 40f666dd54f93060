// Category menu (SPEC §2): first 7 entries, hover flyout with levels 2
// and 3, yx=1 on the free-shipping variant only, /loading on list routes, full navigation elsewhere.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { CategoryMenu, documentNavigation } from '../../src/app/shell/category-menu/category-menu';
import type { CategoryNode } from '../../src/domain/contracts';
import { makeCommon, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

/** Shows its first three children under the entry, as the server decides by default. */
const node = (
  id: number,
  name: string,
  children: CategoryNode[] = [],
  childrenShow = children.slice(0, 3).map((c) => c.id),
): CategoryNode => ({
  id,
  name,
  logo: '',
  logo1: '',
  children,
  childrenShow,
});
const tree = Array.from({ length: 9 }, (_, i) =>
  node(100 + i, `一级${i + 1}`, [node(200 + i, `二级${i + 1}`, [node(300 + i, `三级${i + 1}`)])]),
);

let assign: MockInstance<(href: string) => void>;
beforeEach(() => {
  http.get.mockImplementation(() =>
    Promise.resolve(makeCommon({ category: tree, category_yx: [node(900, '包邮一级')] })),
  );
  assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  http.get.mockReset();
  assign.mockRestore();
});

describe('category menu', () => {
  it('pinned: lists the first 7 categories (SPEC §9) with a level-2/3 flyout on hover', async () => {
    renderInApp(<CategoryMenu variant="standard" pinned onListRoute={false} />);
    await screen.findByRole('link', { name: '一级1' });
    expect(screen.getAllByRole('link', { name: /^一级/ })).toHaveLength(7);
    expect(screen.queryByRole('link', { name: '三级1' })).toBeNull();
    fireEvent.mouseEnter(screen.getByRole('link', { name: '一级1' }).closest('li')!);
    expect(screen.getByRole('link', { name: '三级1' }).getAttribute('href')).toBe('/list?category_id=300');
    expect(screen.getAllByRole('link', { name: '二级1' })[0].getAttribute('href')).toBe('/list?category_id=200');
  });

  it('shows under an entry the children its childrenShow names (SPEC §3), not simply the first ones', async () => {
    const kids = ['感冒用药', '解热镇痛', '止咳化痰', '抗过敏'].map((name, i) => node(500 + i, name));
    const shown = node(400, '西药', kids, [501, 503]);
    http.get.mockImplementation(() => Promise.resolve(makeCommon({ category: [shown] })));
    renderInApp(<CategoryMenu variant="standard" pinned onListRoute={false} />);
    const entry = (await screen.findByRole('link', { name: '西药' })).closest('li')!;
    expect(
      within(entry)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['西药', '解热镇痛', '抗过敏']);
  });

  it('the free-shipping variant uses its own tree and adds yx=1', async () => {
    renderInApp(<CategoryMenu variant="freeShipping" pinned onListRoute={false} />);
    const link = await screen.findByRole('link', { name: '包邮一级' });
    expect(link.getAttribute('href')).toBe('/list?category_id=900&yx=1');
  });

  it('outside list routes a click is a full page navigation', async () => {
    const { router } = renderInApp(<CategoryMenu variant="standard" pinned onListRoute={false} />);
    fireEvent.click(await screen.findByRole('link', { name: '一级2' }));
    expect(assign).toHaveBeenCalledWith('/list?category_id=101');
    expect(router.state.location.pathname).toBe('/');
  });

  it('on list routes a click goes through the loading route inside the app', async () => {
    const { router } = renderInApp(<CategoryMenu variant="freeShipping" pinned onListRoute />);
    const link = await screen.findByRole('link', { name: '包邮一级' });
    await act(async () => {
      fireEvent.click(link);
    });
    expect(assign).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/loading');
    expect(router.state.location.search).toEqual({ to: '/list?category_id=900&yx=1' });
  });

  it('unpinned: the list opens from the heading', async () => {
    renderInApp(<CategoryMenu variant="standard" pinned={false} onListRoute={false} />);
    const heading = await screen.findByRole('button', { name: '全部商品分类' });
    expect(heading.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(heading);
    expect(heading.getAttribute('aria-expanded')).toBe('true');
    const list = heading.nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole('link', { name: /^一级/ }).length).toBeGreaterThan(0);
  });
});
