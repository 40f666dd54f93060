// Zone and brand pages: the zone preset reaches GET /api/goods/list and cannot be lifted from the
// URL, each zone uses its own category tree and banner slot, the 控销 zone explains a 403 in place
// (no global alert), the free-shipping rules page, and the brand zone with pages in the path.
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { BrandInfo } from '../../src/domain/catalog';
import type { RouteDef } from '../../src/routes/types';
import { KX_RESTRICTED_MESSAGE } from '../../src/features/catalog/zone-pages';
import { listCalls, listResult, makeCommon, makeUser, renderRoute, serve } from './catalog-harness';
import { makeGoods } from './goods-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

afterEach(() => {
  http.get.mockReset();
});

const FIRST_RENDER = { timeout: 5_000 };
const node = (id: number, name: string) => ({ id, name, logo: '', logo1: '', children: [], childrenShow: [] });
const COMMON = makeCommon({
  category_qx: [node(40, '防护用品'), node(41, '检测器械')],
  category_zy: [node(50, '根茎类')],
  category_yx: [node(20, '包邮西药')],
});
const lastQuery = () => listCalls(http.get).at(-1);
const getCalls = (path: string) => http.get.mock.calls.filter(([p]) => p === path);

describe('zone pages', () => {
  it('/jxqzc sends zone=jxq and the URL cannot lift it', async () => {
    serve(http.get, { user: makeUser(), common: COMMON, list: () => listResult([makeGoods({ id: 1, is_jxq: 1 })]) });
    renderRoute('/jxqzc?zone=qx&sort=sales');
    expect(await screen.findByRole('heading', { level: 1, name: '近效期专区' }, FIRST_RENDER)).toBeTruthy();
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, page_size: 20, zone: 'jxq', sort: 'sales' }));
    // No zone chips on a zone page; its title stands in the hero when the zone has no banner slot.
    expect(screen.queryByRole('group', { name: '专区' })?.textContent ?? '').not.toContain('近效期');
    expect(screen.getByText(/下单前请核对效期/)).toBeTruthy();
  });

  it('/qxzq uses the devices category tree; /zyyp its own tree and the zyzq banner', async () => {
    serve(http.get, {
      user: makeUser(),
      common: COMMON,
      list: () => listResult([makeGoods({ id: 1 })]),
      other: (path) =>
        path === 'focus/zyzq'
          ? [{ image: '/media/zy.svg', url: '/zyyp?category_id=50', title: '道地药材节' }]
          : undefined,
    });
    const first = renderRoute('/qxzq');
    const rows = await screen.findByRole('group', { name: '分类' }, FIRST_RENDER);
    expect(
      within(rows)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['全部', '防护用品', '检测器械']);
    expect(lastQuery()).toMatchObject({ zone: 'qx' });
    first.unmount();

    renderRoute('/zyyp?category_id=50');
    expect(await screen.findByRole('img', { name: '道地药材节' }, FIRST_RENDER)).toBeTruthy();
    expect(getCalls('focus/zyzq')).toHaveLength(1);
    await waitFor(() => expect(lastQuery()).toMatchObject({ zone: 'zy', category_id: 50 }));
  });

  it('/yx and /yx/table: the free-shipping zone (zone=yx, yx=1, the yx tree) with a link to its rules', async () => {
    serve(http.get, {
      user: makeUser(),
      common: COMMON,
      list: () => listResult([makeGoods({ id: 1, is_free_shipping: 1 })]),
    });
    const first = renderRoute('/yx?category_id=20');
    expect(await screen.findByRole('heading', { level: 1, name: '包邮专区' }, FIRST_RENDER)).toBeTruthy();
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, page_size: 20, category_id: 20, zone: 'yx', yx: 1 }));
    expect(screen.getByRole('link', { name: '查看包邮规则 ›' }).getAttribute('href')).toBe('/yx/rule');
    expect(getCalls('focus/yx')).toHaveLength(1);
    const views = screen.getByRole('navigation', { name: '显示方式' });
    expect(within(views).getByRole('link', { name: '列表' }).getAttribute('href')).toBe('/yx/table?category_id=20');
    first.unmount();

    renderRoute('/yx/table');
    expect(await screen.findByRole('table', { name: '商品列表' }, FIRST_RENDER)).toBeTruthy();
    expect(lastQuery()).toMatchObject({ zone: 'yx', yx: 1 });
  });

  it('/kxzq explains a 403 in place of the list, without the global alert', async () => {
    serve(http.get, {
      user: makeUser({ is_special: 0 }),
      list: () => {
        throw new ApiError({ code: 403, status: 403, msg: '无权查看控销商品', data: null });
      },
    });
    renderRoute('/kxzq');
    expect(await screen.findByText(KX_RESTRICTED_MESSAGE, undefined, FIRST_RENDER)).toBeTruthy();
    expect(lastQuery()).toMatchObject({ zone: 'kx' });
    expect(screen.getByText(/您的客户经理：李经理/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('无权查看控销商品')).toBeNull();
  });

  it('/kxzq tells a visitor the same and offers to sign in and come back', async () => {
    serve(http.get, {
      user: null,
      list: () => {
        throw new ApiError({ code: 403, status: 403, msg: '该专区仅对控销客户开放', data: null });
      },
    });
    const { redirects } = renderRoute('/kxzq?sort=sales');
    expect(await screen.findByText(KX_RESTRICTED_MESSAGE, undefined, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录后查看' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/kxzq?sort=sales')}`,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(redirects).toEqual([]);
  });

  it('/kxzq lists 控销 goods for a company with the agreement', async () => {
    serve(http.get, {
      user: makeUser({ is_special: 1 }),
      list: () => listResult([makeGoods({ id: 5, name: '控销感冒药', is_kx: 1 })]),
    });
    renderRoute('/kxzq');
    expect(await screen.findByRole('link', { name: '控销感冒药' }, FIRST_RENDER)).toBeTruthy();
    expect(lastQuery()).toMatchObject({ zone: 'kx' });
  });

  it('/kxzq/new sorts newest first; /kxzq/goods/:url/:ads takes the category and the ad ids', async () => {
    serve(http.get, { user: makeUser({ is_special: 1 }), list: () => listResult([makeGoods({ id: 5 })]) });
    const first = renderRoute('/kxzq/new');
    await waitFor(() => expect(lastQuery()).toMatchObject({ zone: 'kx', sort: 'newest' }), FIRST_RENDER);
    expect(getCalls('focus/new_kxzq')).toHaveLength(1);
    first.unmount();

    renderRoute('/kxzq/goods/12/3,4');
    await waitFor(() => expect(lastQuery()).toMatchObject({ zone: 'kx', category_id: 12 }), FIRST_RENDER);
    expect(getCalls('focus/kxzq_ad').at(-1)).toEqual(['focus/kxzq_ad', { ids: '3,4' }]);
  });

  it('/yx/rule explains free shipping, 单品包邮 and the shortfall with a worked example', async () => {
    serve(http.get, { user: makeUser() });
    renderRoute('/yx/rule');
    expect(await screen.findByRole('heading', { level: 1, name: '包邮规则' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '二、单品包邮' })).toBeTruthy();
    expect(screen.getByText(/还差金额 = 包邮金额 − 已勾选商品金额 − 当日已下单未发货金额/)).toBeTruthy();
    const example = screen.getByRole('table');
    expect(within(example).getByRole('row', { name: /还差/ }).textContent).toContain('¥130.00');
    expect(listCalls(http.get)).toHaveLength(0);
  });
});

describe('brand pages', () => {
  it('/ppzq/:page lists brands with the page in the path', async () => {
    serve(http.get, {
      user: makeUser(),
      other: (path, params) =>
        path === 'goods/brands'
          ? {
              list: [{ id: 5, name: '同仁堂', logo: '', description: '中华老字号', goods_count: 42 }],
              total: 45,
              page: (params as { page: number }).page,
              page_size: 20,
            }
          : undefined,
    });
    renderRoute('/ppzq/2');
    const link = await screen.findByRole('link', { name: '同仁堂' }, FIRST_RENDER);
    expect(link.getAttribute('href')).toBe('/ppzq/info/5');
    expect(getCalls('goods/brands').at(-1)).toEqual(['goods/brands', { page: 2 }]);
    expect(getCalls('focus/ppzq')).toHaveLength(1);
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('link', { name: '第 1 页' }).getAttribute('href')).toBe('/ppzq');
    expect(within(pager).getByRole('link', { name: '第 3 页' }).getAttribute('href')).toBe('/ppzq/3');
  });

  it('/ppzq/info/:id/:page shows the brand head and its goods (brand fixed, page from the path)', async () => {
    const brand: BrandInfo = { id: 5, name: '同仁堂', logo: '', banner: '', description: '中华老字号', focus: [] };
    serve(http.get, {
      user: makeUser(),
      list: () => listResult([makeGoods({ id: 1, name: '安宫牛黄丸' })], { total: 60, page: 3 }),
      other: (path) => (path === 'focus/brand/5' ? brand : undefined),
    });
    renderRoute('/ppzq/info/5/3?brand_id=9');
    expect(await screen.findByRole('heading', { level: 1, name: '同仁堂' }, FIRST_RENDER)).toBeTruthy();
    await waitFor(() => expect(lastQuery()).toEqual({ page: 3, page_size: 20, brand_id: 5 }));
    const pager = await screen.findByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('link', { name: '第 2 页' }).getAttribute('href')).toBe('/ppzq/info/5/2');
  });

  it('an unknown brand says so', async () => {
    serve(http.get, {
      user: makeUser(),
      other: (path) => {
        if (path === 'focus/brand/77') throw new ApiError({ code: 404, status: 404, msg: '品牌不存在', data: null });
        return undefined;
      },
    });
    renderRoute('/ppzq/info/77');
    expect(await screen.findByText('品牌不存在或已下架', undefined, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
