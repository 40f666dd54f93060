// /ddgl 多门店管理 through the real router: the stores with their review state, switching into a
// store (the call, then a full page load to its cart), the acting banner with the way back, and a
// store's orders from the URL.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoresOverview } from '../../src/domain/stores';
import type { RouteDef } from '../../src/routes/types';
import { pageLoad } from '../../src/api/user';
import { toast } from '../../src/ui/toast';
import { makeUser, renderRoute, serve } from './catalog-harness';
import { listOf, makeSummary } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const store = (
  id: number,
  company: string,
  over: Partial<StoresOverview['stores'][number]> = {},
): StoresOverview['stores'][number] => ({
  company_id: id,
  company,
  user_id: id + 100,
  username: `chain-${id}`,
  review_status: 'approved',
  review_note: '',
  contact: '吴静',
  phone: '15927083341',
  address: '湖北省武汉市江岸区中山大道1088号',
  contract_signed: 1,
  order_count: 2,
  cart_count: 0,
  ...over,
});

let overview: StoresOverview;
const replace = vi.spyOn(pageLoad, 'replace').mockImplementation(() => undefined);

beforeEach(() => {
  overview = {
    head_office: { company_id: 3, company: '湖北同济堂连锁药房有限公司' },
    acting_company_id: null,
    stores: [
      store(4, '同济堂汉口店'),
      store(5, '同济堂武昌店', { review_status: 'pending', contract_signed: 0, order_count: 0 }),
    ],
  };
  serve(http.get, {
    user: makeUser(),
    other: (path) => {
      if (path === 'user/stores/manage') return overview;
      if (path === 'user/stores/4/orders') return listOf([makeSummary({ id: 41, order_no: 'DD202506010041' })]);
      return undefined;
    },
  });
  http.post.mockResolvedValue(overview);
  http.delete.mockResolvedValue(overview);
});
afterEach(() => {
  act(() => toast.clear());
  http.get.mockReset();
  http.post.mockReset();
  http.delete.mockReset();
  replace.mockClear();
});

describe('stores page', () => {
  it('lists the stores with their review state, and switches into one, landing on its cart', async () => {
    renderRoute('/ddgl');
    const hankou = await screen.findByTestId('store-4', {}, { timeout: 5_000 });
    expect(within(hankou).getByText('已审核')).toBeTruthy();
    expect(within(screen.getByTestId('store-5')).getByText('审核中')).toBeTruthy();
    expect(within(screen.getByTestId('store-5')).getByText('未签署')).toBeTruthy();

    fireEvent.click(within(hankou).getByRole('button', { name: '切换到同济堂汉口店' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/cart'));
    expect(http.post).toHaveBeenCalledWith('user/stores/4/act');
  });

  it('while acting, says which store and goes back to the head office', async () => {
    overview = { ...overview, acting_company_id: 4 };
    renderRoute('/ddgl');
    const banner = await screen.findByRole('status', {}, { timeout: 5_000 });
    expect(banner.textContent).toContain('当前正在代理 同济堂汉口店 采购');
    expect(within(screen.getByTestId('store-4')).getByText('当前代理')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: '返回总部（湖北同济堂连锁药房有限公司）' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/ddgl'));
    expect(http.delete).toHaveBeenCalledWith('user/stores/act');
  });

  it('shows the orders of the store the URL names', async () => {
    renderRoute('/ddgl?store=4');
    expect(await screen.findByRole('heading', { name: '同济堂汉口店 的订单' }, { timeout: 5_000 })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'DD202506010041' })).getAttribute('href')).toBe('/order/info/41');
    expect(http.get).toHaveBeenCalledWith('user/stores/4/orders', { page: 1, page_size: 10 });
  });

  it('says so when there are no stores', async () => {
    overview = { ...overview, stores: [] };
    renderRoute('/ddgl');
    expect(await screen.findByText('您的账户下暂无门店', {}, { timeout: 5_000 })).toBeTruthy();
  });
});
