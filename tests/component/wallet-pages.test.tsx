// The wallet pages and the member centre through the real router: the ledger filters reach the URL
// and the API only when valid (a reversed range is refused at the field, by the server's rule);
// the coupon tabs show their counts, live in the URL and ask for their state; the member centre
// shows the card's numbers with links to the order tabs and the wallet pages.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CouponCounts, HeldCouponView, LedgerEntryView, LedgerPage, MemberCard } from '../../src/domain/wallet';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { currentHref, makeUser, renderRoute, serve } from './catalog-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const entry = (over: Partial<LedgerEntryView>): LedgerEntryView => ({
  id: 1,
  use_type: 'recharge',
  use_type_text: '充值',
  amount: 100_000,
  balance_after: 100_000,
  order_id: null,
  order_no: null,
  remark: '对公转账充值',
  created_at: 1_748_800_000,
  ...over,
});

const ledger = (list: LedgerEntryView[]): LedgerPage => ({
  list,
  total: list.length,
  page: 1,
  page_size: 10,
  income: 100_000,
  expense: 2_345,
});

const held = (over: Partial<HeldCouponView>): HeldCouponView => ({
  id: 1,
  kind: 'coupon',
  name: '满1000减50',
  status: 0,
  threshold: 100_000,
  amount: 5_000,
  discount_percent: null,
  scope_text: '全场正价商品可用',
  scope_category_ids: [],
  received_at: 1_748_000_000,
  expires_at: 1_749_000_000,
  used_at: null,
  used_order_id: null,
  expiring_soon: false,
  ...over,
});

const counts: CouponCounts = {
  coupon: { usable: 3, used: 1, expired: 2, expiring_soon: 1 },
  voucher: { usable: 2, used: 1, expired: 1, expiring_soon: 1 },
};

const card: MemberCard = {
  user: { username: 'demo', name: '陈建华' },
  company: { name: '广州市康宁大药房有限公司', rank: 2, review_status: 'approved', is_passed: 1 },
  account_manager: { name: '张经理', phone: '13926041288' },
  salesperson: { name: '李业务', phone: '15820476631' },
  order_counts: { all: 9, unpaid: 2, paid: 1, shipped: 3, completed: 2, cancelled: 1, after_sale: 0 },
  wallet: { balance: 5_008_800, points: 12_800 },
  coupons: counts,
  expiring: [held({ id: 7, name: '新人无门槛10元券', threshold: 0, amount: 1_000, expiring_soon: true })],
};

beforeEach(() => {
  serve(http.get, {
    user: makeUser(),
    other: (path, params) => {
      const q = (params ?? {}) as Record<string, unknown>;
      if (path === 'user/user_money') return { balance: 5_008_800, points: 12_800 };
      if (path === 'user/user_money_log') {
        if (q.use_type === 'pay')
          return ledger([
            entry({
              id: 2,
              use_type: 'pay',
              use_type_text: '订单支付',
              amount: -2_345,
              balance_after: 97_655,
              order_id: 31,
              order_no: 'DD2025060100031',
              remark: '订单余额支付',
            }),
          ]);
        return ledger([
          entry({}),
          entry({
            id: 2,
            use_type: 'pay',
            use_type_text: '订单支付',
            amount: -2_345,
            balance_after: 97_655,
            order_id: 31,
            order_no: 'DD2025060100031',
            remark: '订单余额支付',
          }),
        ]);
      }
      if (path === 'user/points_log')
        return ledger([entry({ use_type: 'cashback', use_type_text: '订单赠送', amount: 128, balance_after: 12_800 })]);
      if (path === 'user/couponNum') return counts;
      if (path === 'user/coupon') {
        const list =
          q.status === 1
            ? [held({ id: 4, status: 1, used_at: 1_748_500_000, used_order_id: 31, name: '满500减20' })]
            : [
                held({
                  id: 5,
                  name: '中药饮片专用 满800减40',
                  scope_text: '限中药饮片类商品使用',
                  scope_category_ids: [5],
                  expiring_soon: true,
                }),
                held({}),
              ];
        return { list, total: list.length, page: 1, page_size: 12 };
      }
      if (path === 'user/member_card') return card;
      if (path === 'user/zizhi') {
        const gsp = {
          id: 3,
          kind: 'gsp',
          kind_name: 'GSP证书',
          expires_on: '2025-06-22',
          days_left: 20,
          expiry: 'expiring',
          status: 'approved',
        };
        return { company: '广州市康宁大药房有限公司', list: [gsp], expired: 0, expiring: 1, blocking: [] };
      }
      if (path === 'user/message') {
        const list = [
          {
            id: 7,
            kind: 'order',
            title: '您的订单已发货',
            body: '订单 DD2025060100031 已发货',
            link: '/order',
            is_read: 0,
            created_at: 1_748_500_000,
          },
        ];
        return { list, total: 1, page: 1, page_size: 10, unread: 1 };
      }
      return undefined;
    },
  });
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
});

const getsTo = (path: string) =>
  http.get.mock.calls.filter(([p]) => p === path).map(([, q]) => q as Record<string, unknown>);

describe('balance ledger /yegl', () => {
  it('shows the balance from user_money and the entries with signs, order links and totals', async () => {
    renderRoute('/yegl');
    const table = await screen.findByRole('table', { name: '余额明细' }, { timeout: 5_000 });
    expect(screen.getByTestId('wallet-held').textContent).toBe('50088.00');
    const pay = within(table).getByRole('row', { name: /订单支付/ });
    expect(within(pay).getByText('-¥23.45')).toBeTruthy();
    expect(within(pay).getByRole('link', { name: 'DD2025060100031' }).getAttribute('href')).toBe('/order/info/31');
    expect(within(table).getByText('+¥1000.00')).toBeTruthy();
    expect(screen.getByText(/共 2 条/).textContent).toContain('¥23.45');
  });

  it('puts type, dates and keywords in the URL on 查询 and asks the API with them', async () => {
    const { router } = renderRoute('/yegl');
    await screen.findByRole('table', { name: '余额明细' }, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'pay' } });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2025-05-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2025-05-31' } });
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: ' DD2025 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(currentHref(router)).toBe('/yegl?use_type=pay&start_time=2025-05-01&end_time=2025-05-31&keywords=DD2025'),
    );
    await waitFor(() =>
      expect(getsTo('user/user_money_log').at(-1)).toEqual({
        page: 1,
        page_size: 10,
        use_type: 'pay',
        start_time: '2025-05-01',
        end_time: '2025-05-31',
        keywords: 'DD2025',
      }),
    );
    await waitFor(() => expect(screen.queryByText('对公转账充值')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(currentHref(router)).toBe('/yegl'));
  });

  it('refuses a range the wrong way round at the field, without asking the API', async () => {
    const { router } = renderRoute('/yegl');
    await screen.findByRole('table', { name: '余额明细' }, { timeout: 5_000 });
    const before = getsTo('user/user_money_log').length;
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2025-06-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2025-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect((await screen.findByRole('alert')).textContent).toBe('结束日期不能早于开始日期');
    expect(screen.getByLabelText('结束日期').getAttribute('aria-invalid')).toBe('true');
    expect(currentHref(router)).toBe('/yegl');
    expect(getsTo('user/user_money_log')).toHaveLength(before);
  });

  it('a hand-edited reversed range in the URL says what is wrong instead of listing', async () => {
    renderRoute('/yegl?start_time=2025-06-01&end_time=2025-05-01');
    expect(await screen.findByText('结束日期不能早于开始日期', {}, { timeout: 5_000 })).toBeTruthy();
    expect(getsTo('user/user_money_log')).toHaveLength(0);
  });
});

describe('points /jfgl', () => {
  it('shows the points and their ledger with the points types', async () => {
    renderRoute('/jfgl');
    const table = await screen.findByRole('table', { name: '积分明细' }, { timeout: 5_000 });
    expect(screen.getByTestId('wallet-held').textContent).toBe('12800');
    expect(within(table).getByText('+128')).toBeTruthy();
    const types = within(screen.getByLabelText('类型'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(types).toEqual(['全部', '订单赠送', '积分兑换', '积分调整', '幸运抽奖']);
  });
});

describe('coupons /yhq and vouchers /xjq', () => {
  it('tabs show the counts; usable coupons show threshold, scope, expiry and link to their goods', async () => {
    renderRoute('/yhq');
    const list = await screen.findByRole('list', { name: '可使用的优惠券' }, { timeout: 5_000 });
    const tabs = screen.getByRole('navigation', { name: '优惠券状态' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['可使用(3)', '已使用(1)', '已过期(2)']);
    expect(
      within(tabs)
        .getByRole('link', { name: /可使用/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    const zy = within(list).getByRole('listitem', { name: '中药饮片专用 满800减40' });
    expect(within(zy).getByText('限中药饮片类商品使用')).toBeTruthy();
    expect(within(zy).getByText('即将过期')).toBeTruthy();
    expect(within(zy).getByText('满1000元可用')).toBeTruthy();
    expect(
      within(zy)
        .getByRole('link', { name: /去使用/ })
        .getAttribute('href'),
    ).toBe('/list?category_id=5');
    expect(within(list).getByRole('listitem', { name: '满1000减50' }).querySelector('a')?.getAttribute('href')).toBe(
      '/list',
    );
    expect(getsTo('user/coupon')[0]).toEqual({ type: 'coupon', status: 0, page: 1, page_size: 12 });
  });

  it('the 已使用 tab is in the URL, asks for status 1 and links the order', async () => {
    const { router } = renderRoute('/yhq');
    await screen.findByRole('list', { name: '可使用的优惠券' }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('link', { name: '已使用(1)' }));
    const used = await screen.findByRole('list', { name: '已使用的优惠券' });
    expect(currentHref(router)).toBe('/yhq?status=1');
    expect(within(used).getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/order/info/31');
    expect(getsTo('user/coupon').at(-1)).toMatchObject({ type: 'coupon', status: 1 });
  });

  it('vouchers use the voucher counts and ask for vouchers', async () => {
    renderRoute('/xjq');
    await screen.findByRole('list', { name: '可使用的现金券' }, { timeout: 5_000 });
    expect(screen.getByRole('link', { name: '可使用(2)' })).toBeTruthy();
    expect(getsTo('user/coupon')[0]).toMatchObject({ type: 'voucher', status: 0 });
    expect(screen.getByRole('navigation', { name: '我的钱包' })).toBeTruthy();
  });
});

describe('member centre /user', () => {
  it('shows the company, contacts, order counts linking to their tabs, wallet and expiring coupons', async () => {
    renderRoute('/user');
    expect(await screen.findByRole('heading', { name: '广州市康宁大药房有限公司' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('会员等级 V2')).toBeTruthy();
    expect(screen.getByRole('link', { name: '13926041288' }).getAttribute('href')).toBe('tel:13926041288');
    expect(screen.getByText('15820476631')).toBeTruthy();
    const shipped = screen.getByRole('link', { name: /^3\s*待收货$/ });
    expect(shipped.getAttribute('href')).toBe('/order?tab=shipped');
    expect(screen.getByRole('link', { name: '全部订单（9）›' }).getAttribute('href')).toBe('/order');
    expect(screen.getByTestId('wallet-balance').textContent).toContain('¥50088.00');
    expect(screen.getByTestId('wallet-points').textContent).toContain('12800');
    expect(screen.getByTestId('wallet-coupon').textContent).toContain('3张');
    expect(screen.getByTestId('wallet-coupon').textContent).toContain('1张即将过期');
    const expiring = screen.getByRole('list', { name: '即将过期的券' });
    expect(within(expiring).getByRole('link', { name: '新人无门槛10元券' }).getAttribute('href')).toBe('/yhq');
    // The certificate about to expire, a way to /zzzj to renew it.
    const soon = await screen.findByRole('list', { name: '已过期或30天内到期的证件' });
    expect(within(soon).getByRole('link', { name: 'GSP证书' }).getAttribute('href')).toBe('/zzzj');
    expect(within(soon).getByText('20天后到期（2025-06-22）')).toBeTruthy();
    // The newest messages, unread counted, each opening 我的消息.
    const messages = await screen.findByRole('heading', { name: '最新消息（1条未读）' });
    expect(messages).toBeTruthy();
    expect(screen.getByRole('link', { name: '您的订单已发货' }).getAttribute('href')).toBe('/wdxx');
    // The page's own call; the header (mocked here) does not load the user base on this route.
    expect(http.get.mock.calls.map(([p]) => p)).toContain('user/member_card');
  });
});
