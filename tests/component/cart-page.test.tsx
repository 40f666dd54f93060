// /cart step 1: warehouse groups, selection rules (SPEC §4), the delete confirmation (SPEC §5),
// tiers and 去凑单, the shipping shortfall (SPEC §9), 去结算, an optimistic quantity edit rolled
// back on a refusal, and the 300-line budget: one quantity change re-renders one row + totals.
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { NoticeHost, resetErrorPresenter } from '../../src/ui/error-presenter';
import { createQueryClient } from '../../src/app/query-client';
import { cartUnitPrice } from '../../src/domain/cart';
import type { CartLineView, CartNextHint, TierPromotion } from '../../src/domain/cart-types';
import CartPage from '../../src/features/cart/cart-page';
import { CART_FIRST_SCREEN_HOLD } from '../../src/features/cart/cart-first-screen';
import { holdLocalStart, localStartHeld, releaseLocalStart } from '../../src/local/start-holds';
import { RenderProbeContext, type RenderPart } from '../../src/features/cart/render-probe';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { makeCartState, makeLine, type StateOptions } from './cart-fixtures';
import { makeUser } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

// jsdom lacks these; radix measures popovers with ResizeObserver, the router scrolls.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = (() => undefined) as typeof window.scrollTo;

/** A cart server in memory: the list is recomputed like the real one on every answer. */
class FakeCart {
  lines: CartLineView[];
  opts: StateOptions;
  /** Set to refuse the next edit with this 400 message. */
  refuseEdit: string | null = null;
  hint: CartNextHint | null = null;

  constructor(lines: CartLineView[], opts: StateOptions = {}) {
    this.lines = lines;
    this.opts = opts;
  }

  state() {
    return makeCartState(this.lines, this.opts);
  }

  line(id: number): CartLineView {
    return this.state().data.find((l) => l.id === id)!;
  }

  edit(id: number, number: number) {
    if (this.refuseEdit) {
      const msg = this.refuseEdit;
      this.refuseEdit = null;
      throw new ApiError({ code: 400, status: 400, msg, data: { id } });
    }
    this.lines = this.lines.map((l) => {
      if (l.id !== id) return l;
      const g = l.goods;
      const price = l.type === 0 ? cartUnitPrice(g.base_price!, g.price, g.ladder_price, number).price : l.price;
      return { ...l, number, price, price_changed: null };
    });
    return { line: this.line(id) };
  }

  select(ids: number[], on: boolean) {
    const forced: number[] = [];
    this.lines = this.lines.map((l) => {
      if (!ids.includes(l.id)) return l;
      if (on && l.goods.is_buy === 0) {
        forced.push(l.id);
        return { ...l, is_selected: 0 };
      }
      return { ...l, is_selected: on ? 1 : 0 };
    });
    return { count: ids.length - forced.length, forced_unselected: forced };
  }
}

let cart: FakeCart;

function envelope<T>(data: T, msg = '') {
  return { code: 10000, msg, data };
}

beforeEach(() => {
  http.get.mockImplementation(async (path: string) => {
    if (path === 'user/base') return makeUser();
    if (path === 'cart/list') return cart.state();
    if (path === 'cart/total') return { count: cart.lines.length };
    if (path === 'cart/exchange' || path === 'cart/prizes') return { list: [] };
    throw new Error(`unexpected GET ${path}`);
  });
  http.post.mockImplementation(async (path: string, body?: Record<string, unknown>, opts?: { envelope?: boolean }) => {
    // Edits and selections go through the local store's write layer, which asks for the envelope.
    const answer = <T,>(data: T) => (opts?.envelope ? envelope(data) : data);
    const edit = /^cart\/(\d+)\/edit$/.exec(path);
    if (edit) return answer(cart.edit(Number(edit[1]), (body!.params as { number: number }).number));
    if (path === 'cart/batch_select') return answer(cart.select(body!.ids as number[], body!.is_selected === 1));
    if (path === 'cart/batch_delete') {
      const ids = body!.ids as number[];
      cart.lines = cart.lines.filter((l) => !ids.includes(l.id));
      return envelope({ count: ids.length }, '删除成功');
    }
    if (path === 'cart/next_hint') return cart.hint;
    const quick = /^cart\/quick_add\/(\d+)$/.exec(path);
    if (quick) {
      const id = Number(quick[1]);
      cart.lines = [...cart.lines, makeLine(id, { number: 1, goods_manjian_id: 7 })];
      return envelope({ count: cart.lines.length, lines: [id] }, '加入购物车成功');
    }
    throw new Error(`unexpected POST ${path}`);
  });
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
});

function Step2() {
  const href = useRouterState({ select: (s) => s.location.href });
  return <p data-testid="step2">{href}</p>;
}

function renderCart(probe?: (part: RenderPart, id?: number) => void) {
  resetErrorPresenter();
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <NoticeHost />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/cart', component: CartPage }),
    createRoute({ getParentRoute: () => root, path: '/cart/step2', component: Step2 }),
    createRoute({ getParentRoute: () => root, path: '$', component: () => null }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/cart'] }),
  });
  render(
    <RenderProbeContext value={probe ?? null}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </RenderProbeContext>,
  );
  return { queryClient, router };
}

const rowOf = (name: string) =>
  screen.getByRole('checkbox', { name: `选择 ${name}` }).closest('[role="row"]') as HTMLElement;
const posts = (path: string) =>
  http.post.mock.calls.filter(([p]) => p === path).map(([, body]) => body as Record<string, unknown>);
/** The figure beside a label of the totals panel (商品合计, 应付总额…). */
const amountOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const listFetches = () => http.get.mock.calls.filter(([p]) => p === 'cart/list').length;

const MANJIAN: TierPromotion = {
  id: 7,
  kind: 'manjian',
  name: '满减专场',
  tiers: [
    { amount: 3_000, reduce: 200 },
    { amount: 10_000, reduce: 1_000 },
  ],
};

describe('the cart page', () => {
  it('groups lines by warehouse and shows flash-sale, combination, price change and problems', async () => {
    cart = new FakeCart(
      [
        makeLine(1, { goods: { ck_id: 1 }, price_changed: { old: 1_200, new: 1_000 } }),
        makeLine(2, { type: 1, pricing: 'flash', price: 500, coupon_eligible: 0, goods: { ck_id: 1 } }),
        makeLine(3, {
          type: 3,
          is_combination: 1,
          coupon_eligible: 0,
          price: 3_000,
          goods: { ck_id: 2 },
          combination: {
            id: 9,
            name: '感冒组合装',
            price: 3_000,
            goods: [
              {
                goods_id: 3,
                name: '板蓝根颗粒',
                ypgg: '10g*20袋',
                goods_image: '',
                bzdw: '袋',
                quantity: 2,
                price: 1_000,
                number: 90,
              },
              {
                goods_id: 4,
                name: '维C银翘片',
                ypgg: '24片',
                goods_image: '',
                bzdw: '盒',
                quantity: 1,
                price: 1_000,
                number: 90,
              },
            ],
          },
        }),
        makeLine(4, { is_selected: 0, problem: '商品4：库存不足', goods: { ck_id: 2, is_buy: 0, number: 0 } }),
      ],
      { warehouses: { 1: '广州仓', 2: '武汉仓' } },
    );
    renderCart();
    expect(await screen.findByRole('table', { name: '购物车商品' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /广州仓/ })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /武汉仓/ })).toBeTruthy();
    expect(within(rowOf('商品2')).getByText('秒杀')).toBeTruthy();
    expect(within(rowOf('商品1')).getByText('已降价：¥12.00 → ¥10.00')).toBeTruthy();
    expect(within(rowOf('商品1')).getByRole('link', { name: '商品1' }).getAttribute('href')).toBe('/list/info/1');
    const combo = rowOf('感冒组合装');
    expect(within(combo).getByText('板蓝根颗粒')).toBeTruthy();
    expect(within(combo).getByText('维C银翘片')).toBeTruthy();
    const invalid = screen.getByRole('checkbox', { name: '选择 商品4' }) as HTMLInputElement;
    expect(invalid.disabled).toBe(true);
    expect(invalid.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(invalid.getAttribute('aria-describedby')!)?.textContent).toContain('缺货');
    expect(within(rowOf('商品4')).getByText('库存不足')).toBeTruthy();
  });

  it('labels a type-1 line after the promotion that prices it: a daily special is 每日特价, not 秒杀', async () => {
    cart = new FakeCart([
      makeLine(1, { type: 1, pricing: 'everyday', price: 500, coupon_eligible: 0 }),
      makeLine(2, { type: 1, pricing: 'flash', price: 400, coupon_eligible: 0 }),
    ]);
    renderCart();
    expect(await screen.findByRole('table', { name: '购物车商品' })).toBeTruthy();
    expect(within(rowOf('商品1')).getByText('每日特价')).toBeTruthy();
    expect(within(rowOf('商品1')).queryByText('秒杀')).toBeNull();
    expect(within(rowOf('商品2')).getByText('秒杀')).toBeTruthy();
  });

  it('selects a line, a warehouse and everything with one batch_select each, never unbuyable lines', async () => {
    cart = new FakeCart([
      makeLine(1, { is_selected: 0 }),
      makeLine(2, { is_selected: 0 }),
      makeLine(3, { is_selected: 0, goods: { is_buy: 0, number: 0 } }),
      makeLine(4, { is_selected: 0, goods: { ck_id: 2 } }),
    ]);
    renderCart();
    const one = (await screen.findByRole('checkbox', { name: '选择 商品1' })) as HTMLInputElement;
    fireEvent.click(one);
    await waitFor(() => expect(one.checked).toBe(true));
    await waitFor(() => expect(posts('cart/batch_select')).toEqual([{ ids: [1], is_selected: 1 }]));

    fireEvent.click(screen.getByRole('checkbox', { name: '选择 1号仓 全部商品' }));
    await waitFor(() => expect(posts('cart/batch_select')[1]).toEqual({ ids: [2], is_selected: 1 }));
    const group = screen.getByRole('checkbox', { name: '选择 1号仓 全部商品' }) as HTMLInputElement;
    await waitFor(() => expect(group.checked).toBe(true));

    const [selectAll] = screen.getAllByRole('checkbox', { name: '全选' }) as HTMLInputElement[];
    fireEvent.click(selectAll);
    await waitFor(() => expect(posts('cart/batch_select')[2]).toEqual({ ids: [4], is_selected: 1 }));
    await waitFor(() => expect(screen.getByText('去结算').closest('button')!.disabled).toBe(false));

    fireEvent.click(screen.getAllByRole('checkbox', { name: '全选' })[0]);
    await waitFor(() => expect(posts('cart/batch_select')[3]).toEqual({ ids: [1, 2, 4], is_selected: 0 }));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: '选择 商品4' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(screen.getByText('请先勾选要结算的商品')).toBeTruthy();
  });

  it('asks 确定要删除该商品吗？ before deleting, and deletes only on 确定', async () => {
    cart = new FakeCart([makeLine(1), makeLine(2)]);
    renderCart();
    await screen.findByRole('checkbox', { name: '选择 商品1' });
    fireEvent.click(screen.getByRole('button', { name: '删除 商品1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('确定要删除该商品吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts('cart/batch_delete')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '删除 商品1' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: '选择 商品1' })).toBeNull());
    expect(posts('cart/batch_delete')).toEqual([{ ids: [1] }]);
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('clears the lines that cannot be bought, after confirming', async () => {
    cart = new FakeCart([
      makeLine(1),
      makeLine(2, { is_selected: 0, goods: { is_buy: 0 } }),
      makeLine(3, { is_selected: 0, goods: { is_buy: 0 } }),
    ]);
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: '清除失效商品' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('确定要清除2种失效商品吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(posts('cart/batch_delete')).toEqual([{ ids: [2, 3] }]));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: '选择 商品2' })).toBeNull());
  });

  it('lists reached tiers first with ✓, what is missing for the next, and 去凑单 quick adds', async () => {
    cart = new FakeCart([makeLine(1, { number: 4, goods_manjian_id: 7 })], { promotions: [MANJIAN] });
    cart.hint = {
      promotion: { id: 7, kind: 'manjian', name: '满减专场' },
      tier: { amount: 10_000, reduce: 1_000 },
      amount: 4_000,
      shortfall: 6_000,
      suggestions: [
        {
          id: 20,
          name: '布洛芬缓释胶囊',
          sccj: '中美史克',
          ypgg: '0.3g*20粒',
          bzdw: '盒',
          zbz: 1,
          goods_image: '',
          price: 1_500,
          base_price: 1_800,
          number: 50,
          is_buy: 1,
          tags: [],
        },
      ],
    };
    renderCart();
    const tiers = await screen.findByRole('list', { name: '促销活动' });
    const steps = within(tiers).getByText('满¥30减¥2').parentElement!;
    expect(steps.textContent).toBe('✓已满足满¥30减¥2满¥100减¥10');
    expect(within(tiers).getByText('还差¥60.00可享满¥100减¥10')).toBeTruthy();

    fireEvent.click(within(tiers).getByRole('button', { name: '去凑单 满减专场' }));
    expect(await screen.findByText('再买¥60.00可享满¥100减¥10')).toBeTruthy();
    expect(posts('cart/next_hint')).toEqual([{ promotion_id: 7, limit: 6 }]);
    fireEvent.click(screen.getByRole('button', { name: '加入购物车 布洛芬缓释胶囊' }));
    expect(await screen.findByText('加入购物车成功')).toBeTruthy();
    expect(http.post.mock.calls.some(([p]) => p === 'cart/quick_add/20')).toBe(true);
    // The refetched list has the new line.
    expect(await screen.findByRole('checkbox', { name: '选择 商品20' })).toBeTruthy();
  });

  it('shows the free-shipping shortfall, then 已免运费 once reached (SPEC §9)', async () => {
    cart = new FakeCart([makeLine(1, { number: 10 })], {
      shipping: { shipping_amount: 20_000, no_trans_order_amount: 2_000, fee: 800 },
    });
    renderCart();
    expect(await screen.findByText('¥8.00（还差¥80.00免运费）')).toBeTruthy();
    // 10 × ¥10 + ¥8 shipping.
    expect(screen.getByText('¥108.00')).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: '商品1 购买数量' }), { target: { value: '18' } });
    // Local recomputation, before the debounced edit is even sent.
    expect(await screen.findByText('已免运费')).toBeTruthy();
    await waitFor(() => expect(posts('cart/1/edit')).toEqual([{ params: { number: 18 } }]));
  });

  it('去结算 goes to step 2 with the selected ids, sending a waiting edit first', async () => {
    cart = new FakeCart([makeLine(1), makeLine(2, { is_selected: 0 }), makeLine(3)]);
    renderCart();
    await screen.findByRole('checkbox', { name: '选择 商品3' });
    const plus = within(rowOf('商品3')).getByRole('button', { name: '增加数量' });
    fireEvent.click(plus);
    fireEvent.click(screen.getByRole('button', { name: '去结算' }));
    expect(await screen.findByTestId('step2')).toBeTruthy();
    expect(screen.getByTestId('step2').textContent).toMatch(/^\/cart\/step2\?ids=1(,|%2C)3$/);
    expect(posts('cart/3/edit')).toEqual([{ params: { number: 3 } }]);
  });

  it('disables 去结算 with the reason when prices are hidden', async () => {
    cart = new FakeCart([makeLine(1)], { hidden: true });
    renderCart();
    expect(await screen.findByText('资质审核通过后可查看价格并结算')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去结算' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('资质审核通过后才能结算')).toBeTruthy();
  });

  it('keeps 去结算 disabled while a selected line has a problem the server reported', async () => {
    cart = new FakeCart([
      makeLine(1, { number: 8, problem: '商品1：最多可购买5盒', goods: { number: 5 } }),
      makeLine(2),
    ]);
    renderCart();
    expect(await screen.findByText('已选商品中有1种暂时无法结算，请先调整')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去结算' }).hasAttribute('disabled')).toBe(true);
    expect(within(rowOf('商品1')).getByText('最多可购买5盒')).toBeTruthy();
    // Down to what the stock allows: the server clears the problem and checkout opens.
    fireEvent.click(within(rowOf('商品1')).getByRole('button', { name: '减少数量' }));
    cart.lines = cart.lines.map((l) => (l.id === 1 ? { ...l, problem: null } : l));
    await waitFor(() => expect(posts('cart/1/edit')).toEqual([{ params: { number: 5 } }]));
    await waitFor(() => expect(screen.getByRole('button', { name: '去结算' }).hasAttribute('disabled')).toBe(false));
  });

  it('shows an edit at once and rolls it back with the server message on a 400', async () => {
    cart = new FakeCart([makeLine(1, { number: 4 }), makeLine(2, { number: 1 })]);
    renderCart();
    const input = (await screen.findByRole('spinbutton', { name: '商品1 购买数量' })) as HTMLInputElement;
    expect(amountOf('商品合计')).toBe('¥50.00');
    cart.refuseEdit = '商品1：最多可购买4盒';
    fireEvent.click(within(rowOf('商品1')).getByRole('button', { name: '增加数量' }));
    expect(input.value).toBe('5');
    expect(within(rowOf('商品1')).getByText('¥50.00')).toBeTruthy();
    expect(amountOf('商品合计')).toBe('¥60.00');

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('商品1：最多可购买4盒')).toBeTruthy();
    await waitFor(() => expect(input.value).toBe('4'));
    expect(amountOf('商品合计')).toBe('¥50.00');
    expect(posts('cart/1/edit')).toEqual([{ params: { number: 5 } }]);
  });

  it('shows an empty cart with ways back to buying', async () => {
    cart = new FakeCart([]);
    renderCart();
    expect(await screen.findByText('购物车空空如也')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去逛逛' }).getAttribute('href')).toBe('/list');
  });
});

describe('a 300-line cart', () => {
  it('first load: draws every line of a 20-line cart, the first thumbnails eagerly, then lets the local store start', async () => {
    cart = new FakeCart(
      Array.from({ length: 20 }, (_, i) => makeLine(i + 1, { goods: { goods_image: `/media/goods/${i + 1}.svg` } })),
    );
    // The route loader's hold (src/routes/loaders/cart.ts): the store waits for the lines.
    holdLocalStart(CART_FIRST_SCREEN_HOLD);
    try {
      renderCart();
      await screen.findByRole('checkbox', { name: '选择 商品1' });
      await waitFor(() => expect(localStartHeld()).toBe(false));
      // The rest of the lines follow the first screen's in a deferred render: all 20 are there.
      expect(await screen.findByRole('checkbox', { name: '选择 商品20' })).toBeTruthy();
      const image = (name: string) => rowOf(name).querySelector('img')!;
      expect(image('商品1').getAttribute('loading')).toBe('eager');
      expect(image('商品1').getAttribute('fetchpriority')).toBe('high');
      expect(image('商品20').getAttribute('loading')).toBe('lazy');
      expect(listFetches()).toBe(1);
    } finally {
      releaseLocalStart(CART_FIRST_SCREEN_HOLD);
    }
  });

  it('windows the list and re-renders only the changed row and the totals', async () => {
    const lines = Array.from({ length: 300 }, (_, i) =>
      // Lines 1, 3 and 5 share a 满减: changing line 3 changes the others' shares too.
      makeLine(i + 1, {
        number: 2,
        goods_manjian_id: i < 5 && i % 2 === 0 ? 7 : null,
        goods: { ck_id: 1 + Math.floor(i / 100) },
      }),
    );
    cart = new FakeCart(lines, { promotions: [MANJIAN] });
    const renders: { part: RenderPart; id?: number }[] = [];
    renderCart((part, id) => renders.push({ part, id }));
    await screen.findByRole('checkbox', { name: '选择 商品1' });
    const table = screen.getByRole('table', { name: '购物车商品' });
    expect(table.getAttribute('aria-rowcount')).toBe(String(300 + 3 + 1));
    const mounted = within(table).getAllByRole('row').length;
    expect(mounted).toBeGreaterThan(5);
    expect(mounted).toBeLessThan(60);
    expect(screen.queryByRole('checkbox', { name: '选择 商品300' })).toBeNull();
    await waitFor(() => expect(listFetches()).toBe(1));

    const shareBefore = cart.line(1).goods_manjian_amount;
    renders.length = 0;
    fireEvent.click(within(rowOf('商品3')).getByRole('button', { name: '增加数量' }));
    expect((screen.getByRole('spinbutton', { name: '商品3 购买数量' }) as HTMLInputElement).value).toBe('3');
    // The edit goes out after the pause, then the list is refetched (the server's answer wins).
    await waitFor(() => expect(posts('cart/3/edit')).toEqual([{ params: { number: 3 } }]));
    await waitFor(() => expect(listFetches()).toBe(2));
    await waitFor(() => expect(amountOf('商品合计')).toBe('¥6010.00'));

    // The server's answer did change line 1 (its 满减 share), which the row does not show.
    expect(cart.line(1).goods_manjian_amount).not.toBe(shareBefore);
    const rows = new Set(renders.filter((r) => r.part === 'row').map((r) => r.id));
    expect([...rows]).toEqual([3]);
    expect(renders.some((r) => r.part === 'totals')).toBe(true);
    expect(renders.filter((r) => r.part === 'list' || r.part === 'group')).toEqual([]);

    // Scrolled far down (jsdom has no layout: the page's offset and the list's top move by hand), other rows mount.
    const body = within(table).getAllByRole('rowgroup')[1];
    body.getBoundingClientRect = () => ({
      top: -20_000,
      bottom: 0,
      left: 0,
      right: 0,
      width: 0,
      height: 0,
      x: 0,
      y: -20_000,
      toJSON: () => ({}),
    });
    Object.defineProperty(window, 'scrollY', { value: 20_000, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByRole('checkbox', { name: '选择 商品220' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: '选择 商品1' })).toBeNull();
    expect(Number.parseFloat(body.style.paddingTop)).toBeGreaterThan(15_000);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('keeps a focused row mounted and focused when it scrolls out of the window', async () => {
    cart = new FakeCart(Array.from({ length: 300 }, (_, i) => makeLine(i + 1, { number: 2, goods: { ck_id: 1 } })));
    renderCart();
    const input = await screen.findByRole('spinbutton', { name: '商品2 购买数量' });
    input.focus();
    const table = screen.getByRole('table', { name: '购物车商品' });
    const body = within(table).getAllByRole('rowgroup')[1];
    body.getBoundingClientRect = () => ({
      top: -20_000,
      bottom: 0,
      left: 0,
      right: 0,
      width: 0,
      height: 0,
      x: 0,
      y: -20_000,
      toJSON: () => ({}),
    });
    Object.defineProperty(window, 'scrollY', { value: 20_000, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByRole('checkbox', { name: '选择 商品220' })).toBeTruthy();
    // Line 1 went; line 2, focused, stays where the buyer left it, with the focus.
    expect(screen.queryByRole('checkbox', { name: '选择 商品1' })).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input.isConnected).toBe(true);
    // Once the focus leaves the list, the row is an ordinary row again and unmounts with the next move.
    act(() => input.blur());
    Object.defineProperty(window, 'scrollY', { value: 20_100, configurable: true });
    body.getBoundingClientRect = () => ({
      top: -20_100,
      bottom: 0,
      left: 0,
      right: 0,
      width: 0,
      height: 0,
      x: 0,
      y: -20_100,
      toJSON: () => ({}),
    });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: '商品2 购买数量' })).toBeNull());
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
