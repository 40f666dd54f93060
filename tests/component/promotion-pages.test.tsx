// 领券中心 /lqzx (offers by state, a claim that refreshes the list, a visitor sent to sign in),
// 每日特价 /mrtj (today's tiles at the special price added as a promotion line, tomorrow's preview
// or when it opens) and the 满额返现 hint of the cart and checkout.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { CouponOffer } from '../../src/domain/coupon-centre';
import type { Page } from '../../src/domain/envelope';
import type { CompanyCoupon } from '../../src/domain/orders';
import type { DailySpecialItem, DailySpecialState } from '../../src/domain/daily-special';
import type { CashbackOffer } from '../../src/domain/cashback';
import CouponCentrePage, { NO_COUPONS_TEXT } from '../../src/features/promotions/coupon-centre-page';
import DailySpecialPage from '../../src/features/promotions/daily-special-page';
import { CashbackHint } from '../../src/widgets/cashback/cashback-hint';
import { toast, ToastViewport } from '../../src/ui/toast';
import { makeGoods } from './goods-fixtures';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const VISITOR = new ApiError({ code: 10001, status: 401, msg: '请先登录' });

function offer(over: Partial<CouponOffer>): CouponOffer {
  return {
    id: 1,
    name: '满800减30',
    threshold: 80_000,
    amount: 3_000,
    discount_percent: null,
    scope_text: '全场正价商品可用',
    total: 100,
    issued: 40,
    per_company: 1,
    claimed: 0,
    valid_days: 15,
    ends_at: 1_750_000_000,
    state: 'available',
    ...over,
  };
}

let offers: CouponOffer[];
let user: ReturnType<typeof makeUser> | null;
let specials: DailySpecialState;
let cashback: { offer: CashbackOffer | null; goods: [] };

beforeEach(() => {
  user = makeUser();
  offers = [
    offer({ id: 1 }),
    offer({ id: 2, name: '限量抢 满2000减120', threshold: 200_000, amount: 12_000, issued: 100, state: 'gone' }),
    offer({ id: 3, name: '9.5折券', discount_percent: 95, claimed: 1, state: 'claimed' }),
  ];
  const special = (over: Partial<DailySpecialItem>): DailySpecialItem => ({
    ...makeGoods({ type: 1, ladder_price: [] }),
    normal_price: 2_000,
    remaining: 50,
    ...over,
  });
  specials = {
    today: {
      promotion_id: 9,
      name: '每日特价',
      description: '今日精选',
      starts_at: 1_748_793_600,
      ends_at: 1_748_880_000,
      goods: [special({ id: 11, name: '阿莫西林胶囊', price: 1_500, base_price: 2_000 })],
    },
    tomorrow: null,
    preview_at: 1_748_865_600,
  };
  cashback = {
    offer: {
      id: 5,
      name: '满额返现',
      description: '',
      starts_at: 0,
      ends_at: 0,
      tiers: [
        { amount: 100_000, back: 3_000 },
        { amount: 200_000, back: 8_000 },
      ],
      all_goods: false,
      goods_ids: [7],
    },
    goods: [],
  };
  http.get.mockImplementation((path: string, params?: Record<string, unknown>) => {
    if (path === 'user/base') return user ? Promise.resolve(user) : Promise.reject(VISITOR);
    if (path === 'activity/coupons') return Promise.resolve(offers);
    if (path === 'activity/everyday_price') return Promise.resolve(specials);
    if (path === 'activity/cashback') return Promise.resolve(cashback);
    if (path === 'user/availableCoupon') return Promise.resolve(availableCoupons(params ?? {}));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});

/** What GET /api/user/availableCoupon answers: every held coupon, or with cart=1 those the cart can use. */
function availableCoupons(params: Record<string, unknown>): Page<CompanyCoupon> {
  const held: CompanyCoupon[] = [
    { id: 31, kind: 'coupon', name: '满800减30', threshold: 80_000, amount: 3_000, expires_at: 1_900_000_000 },
    { id: 32, kind: 'coupon', name: '无门槛5元券', threshold: 0, amount: 500, expires_at: 1_900_000_000 },
  ];
  const list = params.cart === 1 ? [{ ...held[1], usable: true, saving: 500 }] : held;
  return { list, total: list.length, page: 1, page_size: 50 };
}

afterEach(() => {
  act(() => toast.clear());
  http.get.mockReset();
  http.post.mockReset();
});

const couponCard = (name: string) => screen.getByRole('article', { name });

describe('领券中心', () => {
  it('offers each coupon by its state and claims one, then shows it as held', async () => {
    http.post.mockImplementation((path: string) => {
      if (path === 'activity/coupons/1/claim') {
        offers = offers.map((o) => (o.id === 1 ? { ...o, claimed: 1, issued: 41, state: 'claimed' } : o));
        return Promise.resolve({
          code: 10000,
          msg: '领取成功，已放入“我的优惠券”',
          data: { coupon_id: 77, expires_at: 0, offer: offers[0] },
        });
      }
      return Promise.reject(new Error(`unexpected POST ${path}`));
    });
    renderInApp(() => (
      <>
        <CouponCentrePage />
        <ToastViewport />
      </>
    ));
    await screen.findByRole('article', { name: '满800减30' });
    expect(within(couponCard('满800减30')).getByText('¥30')).toBeTruthy();
    expect(within(couponCard('满800减30')).getByText('满800元可用')).toBeTruthy();
    expect(
      (within(couponCard('限量抢 满2000减120')).getByRole('button', { name: '已抢光' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(couponCard('9.5折券')).getByText('9.5折')).toBeTruthy();
    expect(within(couponCard('9.5折券')).getByRole('link', { name: '去使用' }).getAttribute('href')).toBe('/wdqb_yhq');

    fireEvent.click(within(couponCard('满800减30')).getByRole('button', { name: '立即领取' }));
    // Past findBy's 1 s: the claim also refreshes 我的可用券 (the wallet's keys), which the first test of the file pays for cold.
    expect(await screen.findByText('领取成功，已放入“我的优惠券”', {}, { timeout: 5_000 })).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('activity/coupons/1/claim', {}, { envelope: true });
    await waitFor(() => expect(within(couponCard('满800减30')).getByRole('link', { name: '去使用' })).toBeTruthy());
    expect(within(couponCard('满800减30')).getByText(/您已领1张/)).toBeTruthy();
  });

  it('sends a visitor to sign in instead of claiming', async () => {
    user = null;
    const { router, queryClient } = renderInApp(() => <CouponCentrePage />, { initial: '/lqzx' });
    await waitFor(() => expect(queryClient.getQueryState(['user', 'base'])?.status).toBe('error'));
    fireEvent.click(
      await within(await screen.findByRole('article', { name: '满800减30' })).findByRole('button', {
        name: '立即领取',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(http.post).not.toHaveBeenCalled();
  });

  it('lists the coupons a member holds, and with 可用于当前购物车 only those the cart can use (availableCoupon cart=1)', async () => {
    renderInApp(() => <CouponCentrePage />);
    const mine = await screen.findByRole('region', { name: '我的可用券' });
    await within(mine).findByRole('listitem', { name: '满800减30' });
    expect(http.get).toHaveBeenCalledWith('user/availableCoupon', { type: 'coupon', page: 1, page_size: 50 });
    expect(within(mine).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(within(mine).getByRole('button', { name: '可用于当前购物车' }));
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith('user/availableCoupon', {
        type: 'coupon',
        page: 1,
        page_size: 50,
        cart: 1,
      }),
    );
    const forCart = await within(mine).findByRole('list', { name: '可用于当前购物车' });
    expect(
      within(forCart)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['无门槛5元券']);
    expect(within(forCart).getByText('本单可省¥5.00')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: '可用于当前购物车' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a visitor no held coupons and asks nothing of availableCoupon', async () => {
    user = null;
    const { queryClient } = renderInApp(() => <CouponCentrePage />);
    await waitFor(() => expect(queryClient.getQueryState(['user', 'base'])?.status).toBe('error'));
    await screen.findByRole('article', { name: '满800减30' });
    expect(screen.queryByRole('region', { name: '我的可用券' })).toBeNull();
    expect(http.get).not.toHaveBeenCalledWith('user/availableCoupon', expect.anything());
  });

  it('says so when nothing can be claimed', async () => {
    offers = [];
    renderInApp(() => <CouponCentrePage />);
    expect(await screen.findByText(NO_COUPONS_TEXT)).toBeTruthy();
  });
});

describe('每日特价', () => {
  it("adds today's special at its price on a promotion line, and says when tomorrow's preview opens", async () => {
    http.post.mockResolvedValue({ code: 10000, msg: '加入购物车成功', data: { count: 1, lines: [1] } });
    renderInApp(() => <DailySpecialPage />);
    const tile = await screen.findByRole('article', { name: /阿莫西林胶囊/ });
    expect(within(tile).getByText(/15\.00/)).toBeTruthy();
    expect(screen.getByText(/公布明日特价/)).toBeTruthy();
    fireEvent.click(within(tile).getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const [path, body] = http.post.mock.calls[0] as [
      string,
      { params: { goods_id: number; price: number; type: number }[] },
    ];
    expect(path).toBe('cart');
    expect(body.params[0]).toMatchObject({ goods_id: 11, price: 1_500, type: 1 });
  });

  it("shows tomorrow's specials once they are previewed, without an add button", async () => {
    specials = {
      ...specials,
      preview_at: null,
      tomorrow: {
        ...specials.today!,
        promotion_id: 10,
        starts_at: 1_748_880_000,
        goods: [{ ...specials.today!.goods[0], id: 12, name: '布洛芬缓释胶囊', price: 2_400, normal_price: 3_000 }],
      },
    };
    renderInApp(() => <DailySpecialPage />);
    const preview = await screen.findByRole('article', { name: '布洛芬缓释胶囊' });
    expect(within(preview).getByText('特价 ¥24.00')).toBeTruthy();
    expect(within(preview).getByText('省20%')).toBeTruthy();
    expect(within(preview).queryByRole('button')).toBeNull();
  });
});

describe('满额返现 hint', () => {
  it('tells how much more earns the next tier, counting only selected normal lines of its goods', async () => {
    renderInApp(() => (
      <CashbackHint
        lines={[
          { goods_id: 7, type: 0, is_selected: 1, amount: 60_000 },
          { goods_id: 7, type: 1, is_selected: 1, amount: 90_000 },
          { goods_id: 8, type: 0, is_selected: 1, amount: 90_000 },
          { goods_id: 7, type: 0, is_selected: 0, amount: 90_000 },
        ]}
      />
    ));
    expect(await screen.findByText('满额返现：再买活动商品¥400.00返¥30.00')).toBeTruthy();
  });

  it('shows nothing when no cashback runs', async () => {
    cashback = { offer: null, goods: [] };
    const { queryClient } = renderInApp(() => (
      <CashbackHint lines={[{ goods_id: 7, type: 0, is_selected: 1, amount: 60_000 }]} />
    ));
    await waitFor(() => expect(queryClient.getQueryState(['promotion', 'cashback'])?.status).toBe('success'));
    expect(document.querySelector('[data-cashback-hint]')).toBeNull();
  });
});
