// The shared goods UI kit (src/ui/goods): hidden prices per viewer, ladder highlighting, the
// quantity stepper's rules, add-to-cart deferral (SPEC §4) and its server message (SPEC §8),
// visitor redirect and the reasons a goods cannot be added.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { spyOnCartRefreshes } from './cart-invalidations';
import type { GoodsListItem } from '../../src/domain/catalog';
import { quantityRulesFor, type QuantityRules } from '../../src/domain/quantity';
import type { UserBase } from '../../src/domain/user';
import { forgetLastAccount, rememberLastAccount } from '../../src/local/account';
import {
  AddToCartControl,
  BLOCK_NOT_BUYABLE,
  BLOCK_OUT_OF_STOCK,
  BLOCK_UNAPPROVED,
} from '../../src/widgets/goods/add-to-cart';
import { isNearExpiry, stockText } from '../../src/ui/goods/goods-facts';
import { GoodsImage } from '../../src/ui/goods/goods-image';
import { GoodsTile } from '../../src/widgets/goods/goods-tile';
import { LadderTable } from '../../src/ui/goods/ladder-table';
import { PRICE_HIDDEN_UNAPPROVED, PRICE_HIDDEN_VISITOR, PriceTag } from '../../src/widgets/goods/price-tag';
import { QuantityStepper } from '../../src/widgets/goods/quantity-stepper';
import { TAG_COLORS, TagBadges } from '../../src/ui/goods/tag-badges';
import { toast, ToastViewport } from '../../src/ui/toast';
import { makeGoods } from './goods-fixtures';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const VISITOR = new ApiError({ code: 10001, status: 401, msg: '请先登录' });
/** What the client throws when the server cannot be reached (it is down, the browser online). */
const UNREACHABLE = new ApiError({ code: 0, status: 0, msg: '网络连接失败，请检查网络', kind: 'network' });

/** The user base answer: a user, or null for a visitor (401). */
function serveUser(user: UserBase | null) {
  http.get.mockImplementation((path: string) => {
    if (path === 'user/base') return user ? Promise.resolve(user) : Promise.reject(VISITOR);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

beforeEach(() => serveUser(makeUser()));
afterEach(() => {
  vi.useRealTimers();
  act(() => toast.clear());
  http.get.mockReset();
  http.post.mockReset();
});

describe('PriceTag', () => {
  it('shows fen as yuan with the unit and strikes a higher base price', async () => {
    renderInApp(<PriceTag price={1250} basePrice={1500} unit="盒" />);
    expect((await screen.findByText('12.50', { exact: false })).textContent).toContain('/盒');
    const del = document.querySelector('del');
    expect(del?.textContent).toBe('原价¥15.00');
  });

  it('does not strike a base price that is not higher', async () => {
    renderInApp(<PriceTag price={1250} basePrice={1250} />);
    await screen.findByText('12.50', { exact: false });
    expect(document.querySelector('del')).toBeNull();
  });

  it(`tells a visitor ${PRICE_HIDDEN_VISITOR}`, async () => {
    serveUser(null);
    renderInApp(<PriceTag price={null} />);
    expect(await screen.findByText(PRICE_HIDDEN_VISITOR)).toBeTruthy();
  });

  it(`tells a signed-in member whose company is not approved ${PRICE_HIDDEN_UNAPPROVED}`, async () => {
    serveUser(makeUser({ is_passed: 0 }));
    renderInApp(<PriceTag price={null} />);
    expect(await screen.findByText(PRICE_HIDDEN_UNAPPROVED)).toBeTruthy();
    expect(screen.queryByText(PRICE_HIDDEN_VISITOR)).toBeNull();
  });
});

describe('TagBadges', () => {
  it('gives each SPEC §3 tag its own colour', async () => {
    renderInApp(<TagBadges tags={['优', '秒', '满', '换购', '赠', '特', '新']} />);
    const colours = ['优', '秒', '满', '换购', '赠', '特', '新'].map((t) => TAG_COLORS[t]);
    expect(new Set(colours).size).toBe(7);
    expect((await screen.findByText('换购')).getAttribute('title')).toBe('换购');
    expect(screen.getByText('秒').getAttribute('title')).toBe('秒杀');
  });
});

describe('LadderTable', () => {
  const steps = [
    { id: 2, number: 50, price: 1100 },
    { id: 1, number: 10, price: 1150 },
  ];
  const currentCells = () => [...document.querySelectorAll('td[data-current]')].map((td) => td.textContent);

  it('lists the ranges with their prices and highlights the one in force', async () => {
    const { rerender } = renderInApp(<LadderTable basePrice={1200} steps={steps} unit="盒" current={12} />);
    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1-9盒', '10-49盒', '≥50盒']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace('（当前）', '')),
    ).toEqual(['¥12.00', '¥11.50', '¥11.00']);
    expect(currentCells()).toEqual(['10-49盒', '¥11.50（当前）']);
    rerender(<LadderTable basePrice={1200} steps={steps} unit="盒" current={50} />);
    return waitFor(() => expect(currentCells()).toEqual(['≥50盒', '¥11.00（当前）']));
  });

  it('highlights the base range below the first step, and renders nothing without steps', async () => {
    renderInApp(
      <>
        <LadderTable basePrice={1200} steps={steps} unit="盒" current={3} />
        <div data-testid="none">
          <LadderTable basePrice={1200} steps={[]} unit="盒" current={3} />
        </div>
      </>,
    );
    await waitFor(() => expect(currentCells()).toEqual(['1-9盒', '¥12.00（当前）']));
    expect(screen.getByTestId('none').innerHTML).toBe('');
  });
});

function StatefulStepper({
  rules,
  initial,
  onChange,
}: {
  rules: QuantityRules;
  initial: number;
  onChange?: (n: number) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityStepper
      value={value}
      rules={rules}
      unit="盒"
      onChange={(n) => {
        setValue(n);
        onChange?.(n);
      }}
    />
  );
}

describe('QuantityStepper', () => {
  // 中包装 10 bought in whole packs, 95 in stock: 10, 20 … 90.
  const rules = quantityRulesFor({
    zbz: 10,
    mid_pack_strict: 1,
    min_buy: 1,
    number: 95,
    purchase_limit: 0,
    is_ephedrine: 0,
    ephedrine_limit: 0,
    is_buy: 1,
  });

  it('steps by the mid-pack and stops at min and max', async () => {
    renderInApp(<StatefulStepper rules={rules} initial={rules.min} />);
    const input = (await screen.findByRole('spinbutton', { name: '购买数量' })) as HTMLInputElement;
    expect(input.value).toBe('10');
    expect((screen.getByRole('button', { name: '减少数量' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(input.value).toBe('20');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('30');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('10');
    expect(input.getAttribute('aria-valuemax')).toBe('90');
  });

  it('snaps a typed quantity to a mid-pack multiple on blur and says why', async () => {
    const changes: number[] = [];
    renderInApp(<StatefulStepper rules={rules} initial={10} onChange={(n) => changes.push(n)} />);
    const input = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '23' } });
    expect(screen.getByRole('status').textContent).toBe('购买数量须为中包装10的整数倍');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(changes).toEqual([]);
    fireEvent.blur(input);
    expect(input.value).toBe('20');
    expect(changes).toEqual([20]);
  });

  it('snaps to the largest buyable multiple above the max and passes valid input at once', async () => {
    const changes: number[] = [];
    renderInApp(<StatefulStepper rules={rules} initial={10} onChange={(n) => changes.push(n)} />);
    const input = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '500' } });
    expect(screen.getByRole('status').textContent).toBe('最多可购买90盒');
    fireEvent.blur(input);
    expect(input.value).toBe('90');
    expect((screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '40' } });
    expect(changes).toEqual([90, 40]);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});

function renderControl(goods: GoodsListItem, initial = '/list/info/7?from=home') {
  return renderInApp(
    <>
      <AddToCartControl goods={goods} />
      <ToastViewport />
    </>,
    { initial },
  );
}

describe('AddToCartControl', () => {
  it('sends the cart line 200 ms after the click (SPEC §4), then shows the server message and refreshes the cart', async () => {
    const changed = spyOnCartRefreshes();
    http.post.mockResolvedValue({ code: 10000, msg: '加入购物车成功（服务器）', data: { count: 3 } });
    const goods = makeGoods();
    const { queryClient } = renderControl(goods);
    // Wait until the viewer is known (approved), then take over the clock.
    await waitFor(() => expect(queryClient.getQueryData(['user', 'base'])).toBeTruthy());
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12' } });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    // A double click inside the deferral sends one request.
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(http.post).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(http.post).toHaveBeenCalledTimes(1);
    expect(http.post).toHaveBeenCalledWith(
      'cart',
      {
        params: [
          // 12 boxes reach the 10-box step: its price and ladder id are sent (advisory; the server re-prices).
          { goods_id: 7, number: 12, price: 1200, ck_id: 3, ladder_price_id: 31, is_yj: 0, type: 0 },
        ],
      },
      // Through the local store's write layer: every cart write carries an Idempotency-Key.
      { envelope: true, idempotencyKey: expect.any(String) },
    );
    await act(() => vi.advanceTimersByTimeAsync(10));
    vi.useRealTimers();
    expect(await screen.findByText('加入购物车成功（服务器）')).toBeTruthy();
    expect(changed.count()).toBe(1);
    changed.restore();
  });

  it('sends a visitor to sign in and come back', async () => {
    serveUser(null);
    const { router, queryClient } = renderControl(makeGoods());
    // The visitor is known once the user base answered 401.
    await waitFor(() => expect(queryClient.getQueryState(['user', 'base'])?.status).toBe('error'));
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/list/info/7?from=home' });
    expect(http.post).not.toHaveBeenCalled();
  });

  describe('the server unreachable (issue 16: an offline start)', () => {
    beforeEach(() => {
      http.get.mockImplementation((path: string) =>
        path === 'user/base' ? Promise.reject(UNREACHABLE) : Promise.reject(new Error(`unexpected GET ${path}`)),
      );
    });
    afterEach(() => forgetLastAccount());

    it('adds for the last signed-in account instead of sending the buyer to sign in', async () => {
      rememberLastAccount({ username: 'demo', companyId: 1, approved: true });
      http.post.mockResolvedValue({ code: 10000, msg: '加入购物车成功', data: { count: 1 } });
      const { router, queryClient } = renderControl(makeGoods());
      await waitFor(() => expect(queryClient.getQueryState(['user', 'base'])?.status).toBe('error'));
      fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }));
      await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
      expect(http.post.mock.calls[0]?.[0]).toBe('cart');
      expect(router.state.location.pathname).toBe('/list/info/7');
    });

    it(`keeps ${BLOCK_UNAPPROVED} for a last account whose company was not approved`, async () => {
      rememberLastAccount({ username: 'pending', companyId: 2, approved: false });
      renderControl(makeGoods({ price: null, base_price: null, ladder_price: [] }));
      const button = (await screen.findByRole('button', { name: BLOCK_UNAPPROVED })) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
    });

    it('still sends a visitor to sign in when no member ever signed in on this device', async () => {
      const { router, queryClient } = renderControl(makeGoods());
      await waitFor(() => expect(queryClient.getQueryState(['user', 'base'])?.status).toBe('error'));
      fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(http.post).not.toHaveBeenCalled();
    });
  });

  it.each([
    ['out of stock', makeGoods({ number: 0 }), makeUser(), BLOCK_OUT_OF_STOCK],
    ['not for sale', makeGoods({ is_buy: 0 }), makeUser(), BLOCK_NOT_BUYABLE],
    [
      'stock below the minimum pack',
      makeGoods({ number: 5, zbz: 10, mid_pack_strict: 1 }),
      makeUser(),
      BLOCK_NOT_BUYABLE,
    ],
    [
      'company not approved',
      makeGoods({ price: null, base_price: null, ladder_price: [] }),
      makeUser({ is_passed: 0 }),
      BLOCK_UNAPPROVED,
    ],
  ])('is disabled with a reason when %s', async (_case, goods, user, reason) => {
    serveUser(user);
    renderControl(goods);
    const button = (await screen.findByRole('button', { name: reason })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull();
    expect((screen.getByRole('spinbutton') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('GoodsTile and helpers', () => {
  it('links to the detail page, clamps nothing away and flags 近效期', async () => {
    renderInApp(<GoodsTile item={makeGoods({ is_jxq: 1, number: 42 })} />);
    const link = await screen.findByRole('link', { name: '感冒灵颗粒' });
    expect(link.getAttribute('href')).toBe('/list/info/7');
    expect(screen.getByRole('heading', { name: /感冒灵颗粒/ })).toBeTruthy();
    expect(screen.getByText('近效期')).toBeTruthy();
    expect(screen.getByText('库存42盒')).toBeTruthy();
    const img = screen.getByRole('img', { hidden: true, name: '感冒灵颗粒' }) as HTMLImageElement;
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('shows a placeholder instead of a missing or broken image', async () => {
    renderInApp(
      <>
        <GoodsImage src="" alt="无图商品" />
        <GoodsImage src="/img/broken.png" alt="坏图商品" />
      </>,
    );
    expect((await screen.findByRole('img', { name: '无图商品' })).tagName).toBe('SPAN');
    const broken = screen.getByRole('img', { name: '坏图商品' });
    expect(broken.tagName).toBe('IMG');
    fireEvent.error(broken);
    expect(screen.getByRole('img', { name: '坏图商品' }).tagName).toBe('SPAN');
  });

  it('reads stock and expiry the way buyers expect', () => {
    expect(stockText(0, '盒')).toBe('缺货');
    expect(stockText(100, '盒')).toBe('库存100盒');
    expect(stockText(101, '盒')).toBe('库存充足');
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isNearExpiry({ is_jxq: 0, expires_on: '2026-06-30' }, now)).toBe(true);
    expect(isNearExpiry({ is_jxq: 0, expires_on: '2026-07-02' }, now)).toBe(false);
    expect(isNearExpiry({ is_jxq: 1, expires_on: '2030-01-01' }, now)).toBe(true);
    expect(isNearExpiry({ is_jxq: 0, expires_on: '' }, now)).toBe(false);
  });
});
