// The wallet's route search schemas and first-screen loaders: the ledger loader asks for what the
// page will show under the URL's filters (and not for a range the page refuses), the coupon
// loaders ask for their kind's tab and the counts.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceLedgerSearch, couponSearch, pointsLedgerSearch } from '../../src/features/wallet/wallet-search-schema';
import { loadBalanceLedger, loadCoupons, loadPointsLedger, loadVouchers } from '../../src/routes/loaders/wallet';
import { ledgerHref, couponHref, couponGoodsHref } from '../../src/features/wallet/wallet-urls';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

afterEach(() => http.get.mockReset());

const calls = () => http.get.mock.calls.map(([p, q]) => [p, q] as [string, unknown]);

describe('wallet search schemas', () => {
  it('keep known types and real dates, drop the rest, keep a reversed range for the page to refuse', () => {
    expect(
      balanceLedgerSearch({
        use_type: 'pay',
        start_time: '2025-06-01',
        end_time: '2025-05-01',
        keywords: '  返现 ',
        page: 2,
      }),
    ).toEqual({
      use_type: 'pay',
      start_time: '2025-06-01',
      end_time: '2025-05-01',
      keywords: '返现',
      page: 2,
    });
    expect(balanceLedgerSearch({ use_type: 'exchange', start_time: '2025-02-30', page: 'x' })).toMatchObject({
      use_type: '',
      start_time: '',
      page: 1,
    });
    expect(pointsLedgerSearch({ use_type: 'exchange' }).use_type).toBe('exchange');
    expect(couponSearch({ status: 2, page: 3 })).toEqual({ status: 2, page: 3 });
    expect(couponSearch({ status: '9' })).toEqual({ status: 0, page: 1 });
  });

  it('hrefs carry only what differs from the defaults and read back the same', () => {
    const s = { use_type: 'recharge', start_time: '2025-05-01', end_time: '', keywords: '', page: 1 };
    expect(ledgerHref('balance', s)).toBe('/yegl?use_type=recharge&start_time=2025-05-01');
    const back = Object.fromEntries(new URLSearchParams(ledgerHref('balance', s).split('?')[1]));
    expect(balanceLedgerSearch(back)).toEqual(s);
    expect(couponHref('voucher', 0)).toBe('/xjq');
    expect(couponHref('coupon', 1, 2)).toBe('/yhq?status=1&page=2');
    expect(couponGoodsHref({ scope_category_ids: [5] })).toBe('/list?category_id=5');
    expect(couponGoodsHref({ scope_category_ids: [] })).toBe('/list');
  });
});

describe('wallet loaders', () => {
  it('a ledger asks for the wallet and the filtered ledger of its account', async () => {
    http.get.mockResolvedValue({
      list: [],
      total: 0,
      page: 1,
      page_size: 10,
      income: 0,
      expense: 0,
      balance: 0,
      points: 0,
    });
    await loadBalanceLedger(new QueryClient(), {
      params: {},
      search: { use_type: 'pay', start_time: '2025-05-01', page: 2 },
    });
    expect(calls()).toEqual([
      ['user/user_money', undefined],
      ['user/user_money_log', { page: 2, page_size: 10, use_type: 'pay', start_time: '2025-05-01' }],
    ]);
    http.get.mockClear();
    await loadPointsLedger(new QueryClient(), { params: {}, search: {} });
    expect(calls().map(([p]) => p)).toEqual(['user/user_money', 'user/points_log']);
  });

  it('a reversed range asks only for the wallet', async () => {
    http.get.mockResolvedValue({ balance: 0, points: 0 });
    await loadBalanceLedger(new QueryClient(), {
      params: {},
      search: { start_time: '2025-06-01', end_time: '2025-05-01' },
    });
    expect(calls().map(([p]) => p)).toEqual(['user/user_money']);
  });

  it('coupons and vouchers ask for the counts and their own tab', async () => {
    http.get.mockResolvedValue({ list: [], total: 0, page: 1, page_size: 12 });
    await loadCoupons(new QueryClient(), { params: {}, search: { status: '1' } });
    await loadVouchers(new QueryClient(), { params: {}, search: {} });
    expect(calls()).toEqual([
      ['user/couponNum', undefined],
      ['user/coupon', { type: 'coupon', status: 1, page: 1, page_size: 12 }],
      ['user/couponNum', undefined],
      ['user/coupon', { type: 'voucher', status: 0, page: 1, page_size: 12 }],
    ]);
  });
});
