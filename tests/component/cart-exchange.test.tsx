// The cart's promotion labels and the 换购 chooser: a type-1 line reads after the promotion kind
// that prices it (每日特价 is not 秒杀); the chooser says what is missing below the tier, offers
// the tier's goods at their exchange price, sends the choice with the price shown, and cancels it.
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import { cartLineKindLabel } from '../../src/domain/cart-line-labels';
import type { ExchangeOffer, ExchangeOffers } from '../../src/domain/exchange';
import { ExchangeChooserView, exchangeStatusText } from '../../src/features/cart/exchange-chooser';
import { PendingPrizesView } from '../../src/features/cart/pending-prizes';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

afterEach(() => {
  http.post.mockReset();
});

const offer = (over: Partial<ExchangeOffer> = {}): ExchangeOffer => ({
  promotion_id: 9,
  promotion_name: '满300元加价换购',
  base: 32_000,
  threshold: 30_000,
  next_threshold: 80_000,
  goods: [
    {
      goods_id: 41,
      name: '维生素C片',
      ypgg: '100片',
      bzdw: '瓶',
      goods_image: '',
      price: 990,
      original_price: 1_980,
      limit: 2,
      stock: 50,
    },
    {
      goods_id: 42,
      name: '医用口罩',
      ypgg: '10只',
      bzdw: '包',
      goods_image: '',
      price: 500,
      original_price: 1_200,
      limit: 2,
      stock: 0,
    },
  ],
  chosen: null,
  ...over,
});

function renderView(offers: ExchangeOffer[]) {
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ExchangeChooserView offers={offers} />
    </QueryClientProvider>,
  );
}

describe('cart line labels by the promotion that prices them', () => {
  it('names 秒杀, 每日特价 and 拼团 after the server, 活动价 for a client-built type-1 line, nothing for normal lines', () => {
    expect(cartLineKindLabel({ type: 1, pricing: 'flash' })).toBe('秒杀');
    expect(cartLineKindLabel({ type: 1, pricing: 'everyday' })).toBe('每日特价');
    expect(cartLineKindLabel({ type: 2, pricing: 'group' })).toBe('拼团');
    expect(cartLineKindLabel({ type: 1 })).toBe('活动价');
    expect(cartLineKindLabel({ type: 0, pricing: null })).toBeNull();
    expect(cartLineKindLabel({ type: 3, pricing: null })).toBeNull();
  });
});

describe('the 换购 chooser', () => {
  it('says what is missing below the tier and offers nothing to pick', () => {
    renderView([offer({ base: 25_000, threshold: 0, next_threshold: 30_000, goods: [] })]);
    expect(screen.getByText('再购¥50.00即可换购')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '换购' })).toBeNull();
    expect(exchangeStatusText({ base: 32_000, threshold: 30_000, next_threshold: 0, chosen: null })).toBe(
      '已满¥300.00，可任选一件商品换购',
    );
  });

  it('offers the tier goods at their exchange price and sends the choice with that price; a sold-out one cannot be picked', async () => {
    const chosen: ExchangeOffers = { list: [offer({ chosen: { goods_id: 41, number: 1, price: 990 } })] };
    http.post.mockResolvedValue(chosen);
    renderView([offer()]);
    expect(screen.getByText('¥9.90')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: '换购' });
    expect((buttons[1] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(buttons[0]);
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('cart/exchange', { promotion_id: 9, goods_id: 41, number: 1, price: 990 }),
    );
  });

  it('shows the chosen goods with its number and cancels the choice with number 0', async () => {
    http.post.mockResolvedValue({ list: [offer()] });
    renderView([offer({ chosen: { goods_id: 41, number: 2, price: 990 } })]);
    expect(screen.getByText(/已选换购商品/)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: '维生素C片换购数量' }) as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: '取消换购' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('cart/exchange', { promotion_id: 9, goods_id: 0, number: 0, price: 990 }),
    );
  });

  it('lists a waiting draw prize at ¥0, saying when its stock is short', () => {
    render(
      <PendingPrizesView
        prizes={[
          {
            record_id: 1,
            prize_name: '体温计1支',
            goods_id: 5,
            name: '电子体温计',
            ypgg: '1支',
            bzdw: '支',
            goods_image: '',
            number: 1,
            price: 0,
            given: 0,
          },
        ]}
      />,
    );
    expect(screen.getByText('电子体温计')).toBeTruthy();
    expect(screen.getByText(/¥0\.00 · 库存不足/)).toBeTruthy();
  });
});
