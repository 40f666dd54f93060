// 换购 (src/domain/exchange.ts, docs/api.md "Exchange goods"): reaching a tier of an exchange
// promotion offers its goods at the exchange price; the buyer's choice is checked when made and
// again at checkout (tier, stock, limit, price — the client's price is never used); the order gets
// a type-5 line at the exchange price; leaving the tier drops the choice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, TEST_NOW, type TestApp } from '../helpers/test-app.ts';
import {
  cartLines,
  exchangeChoices,
  goods,
  orderLines,
  promotionGoods,
  promotions,
  users,
} from '../../server/db/schema.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { CartState } from '../../src/domain/cart-types.ts';
import type { CheckoutPreview, CheckoutResult, OrderDetail } from '../../src/domain/orders.ts';
import type { ExchangeOffers } from '../../src/domain/exchange.ts';

let t: TestApp;
let demo: string;
let demoCompany: number;
let bought: number;
let extra: number;
let promoId: number;
const PRICE = 990;

const checkout = (body: Record<string, unknown>) =>
  t.call<CheckoutPreview & CheckoutResult>('POST', '/api/cart/checkout', { cookie: demo, body });
const offers = () => t.call<ExchangeOffers>('GET', '/api/cart/exchange', { cookie: demo });
const choose = (body: Record<string, unknown>, cookie = demo) =>
  t.call<ExchangeOffers>('POST', '/api/cart/exchange', { cookie, body });

async function cartWith(number: number): Promise<{ id: number; amount: number }> {
  await t.db.delete(cartLines).where(eq(cartLines.companyId, demoCompany));
  const add = await t.call('POST', '/api/cart', { cookie: demo, body: { params: [{ goods_id: bought, number }] } });
  expect(add.status).toBe(200);
  const list = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
  const line = list.body.data.data.find((l) => l.goods.id === bought)!;
  return { id: line.id, amount: line.raw_price! };
}

async function setTier(amount: number, price = PRICE, limit = 2) {
  await t.db
    .update(promotions)
    .set({ rules: { tiers: [{ amount, goods: [{ goods_id: extra, price, limit }] }] } })
    .where(eq(promotions.id, promoId));
}

async function place(lineId: number) {
  const pre = await checkout({ ids: [lineId], use_balance: 0, coupon_id: 0, voucher_id: 0 });
  expect(pre.status, JSON.stringify(pre.body)).toBe(200);
  return checkout({
    ids: [lineId],
    new: 1,
    coupon_id: 0,
    voucher_id: 0,
    use_balance: 0,
    address_id: pre.body.data.addresses[0].id,
    expected_pay_amount: pre.body.data.amounts.pay_amount,
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: 61 });
  demo = await t.signIn('demo', 'demo1234');
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  demoCompany = u.companyId!;
  // Only this test's rule: seeded promotions end first so the bought goods is priced plainly.
  await t.db.update(promotions).set({ isActive: false });
  const plain = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      SELECT id FROM goods g WHERE is_buy AND is_on_sale AND stock >= 100 AND NOT is_kx AND NOT is_ephedrine AND NOT is_jxq
        AND ladder_price_type = 0 AND NOT mid_pack_strict AND min_buy = 1 AND purchase_limit = 0
      ORDER BY id LIMIT 2`),
  );
  bought = plain[0].id;
  extra = plain[1].id;
  const [p] = await t.db
    .insert(promotions)
    .values({
      kind: 'exchange',
      name: '测试换购',
      rules: {},
      startsAt: new Date(TEST_NOW.getTime() - 86_400_000),
      endsAt: new Date(TEST_NOW.getTime() + 86_400_000),
    })
    .returning({ id: promotions.id });
  promoId = p.id;
  await t.db.insert(promotionGoods).values({ promotionId: promoId, goodsId: bought });
  // The demo seed under a shared, busy machine: more than the default hook minute.
}, 180_000);
afterAll(() => t.close());

describe('换购 offers and the choice', () => {
  it('offers nothing a fen below the tier and the exchange goods exactly at it', async () => {
    const line = await cartWith(2);
    await setTier(line.amount + 1);
    const below = await offers();
    expect(below.body.data.list).toEqual([
      expect.objectContaining({
        promotion_id: promoId,
        threshold: 0,
        next_threshold: line.amount + 1,
        goods: [],
        chosen: null,
      }),
    ]);
    const refused = await choose({ promotion_id: promoId, goods_id: extra, number: 1, price: PRICE });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('未达到换购门槛');

    await setTier(line.amount);
    const at = await offers();
    expect(at.body.data.list[0]).toMatchObject({
      threshold: line.amount,
      goods: [expect.objectContaining({ goods_id: extra, price: PRICE, limit: 2 })],
    });
    const ok = await choose({ promotion_id: promoId, goods_id: extra, number: 2, price: PRICE });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.list[0].chosen).toEqual({ goods_id: extra, number: 2, price: PRICE });
  });

  it('refuses a forged price, a number over the limit, a goods the tier does not offer and short stock', async () => {
    const line = await cartWith(2);
    await setTier(line.amount);
    const forged = await choose({ promotion_id: promoId, goods_id: extra, number: 1, price: 1 });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('换购价格已变动，请重新选择');
    const over = await choose({ promotion_id: promoId, goods_id: extra, number: 3, price: PRICE });
    expect(over.status).toBe(400);
    expect(over.body.msg).toMatch(/^换购最多2/);
    const other = await choose({ promotion_id: promoId, goods_id: bought, number: 1, price: PRICE });
    expect(other.body.msg).toBe('该商品不在当前换购档位中');
    const [g] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, extra));
    await t.db.update(goods).set({ stock: 1 }).where(eq(goods.id, extra));
    const short = await choose({ promotion_id: promoId, goods_id: extra, number: 2, price: PRICE });
    expect(short.body.msg).toBe('换购商品库存不足');
    await t.db.update(goods).set({ stock: g.stock }).where(eq(goods.id, extra));
  });

  it('answers bad input with 422 field messages, a visitor with 10001', async () => {
    const bad = await choose({ promotion_id: 'x', goods_id: -1, number: 1.5, price: 'abc' });
    expect(bad.status).toBe(422);
    const errors = (bad.body.data as unknown as { errors: Record<string, string[]> }).errors;
    expect(errors).toMatchObject({
      promotion_id: ['换购活动编号无效'],
      number: ['换购数量须为0-9999的整数'],
      price: ['换购价格无效'],
    });
    const noGoods = await choose({ promotion_id: promoId, goods_id: 0, number: 1, price: PRICE });
    expect(noGoods.status).toBe(422);
    const visitor = await t.call('GET', '/api/cart/exchange');
    expect(visitor.body.code).toBe(10001);
    const visitorPost = await t.call('POST', '/api/cart/exchange', {
      body: { promotion_id: promoId, goods_id: extra, number: 1, price: PRICE },
    });
    expect(visitorPost.body.code).toBe(10001);
  });

  it('drops the choice when the cart leaves the tier, and clears it with number 0', async () => {
    const line = await cartWith(2);
    await setTier(line.amount);
    await choose({ promotion_id: promoId, goods_id: extra, number: 1, price: PRICE });
    // One unit less: below the tier.
    await t.call('POST', `/api/cart/${line.id}/edit`, { cookie: demo, body: { number: 1 } });
    const after = await offers();
    expect(after.body.data.list[0].chosen).toBeNull();
    expect(await t.db.select().from(exchangeChoices).where(eq(exchangeChoices.companyId, demoCompany))).toEqual([]);

    await t.call('POST', `/api/cart/${line.id}/edit`, { cookie: demo, body: { number: 2 } });
    await choose({ promotion_id: promoId, goods_id: extra, number: 1, price: PRICE });
    const cleared = await choose({ promotion_id: promoId, goods_id: 0, number: 0 });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.list[0].chosen).toBeNull();
  });
});

describe('换购 at checkout', () => {
  it('adds the line at its exchange price, orders it as type 5 with the tag, takes its stock and uses the choice', async () => {
    const line = await cartWith(2);
    await setTier(line.amount);
    const without = await checkout({ ids: [line.id], coupon_id: 0, voucher_id: 0 });
    expect(without.body.data.exchanges).toEqual([]);
    await choose({ promotion_id: promoId, goods_id: extra, number: 2, price: PRICE });
    const pre = await checkout({ ids: [line.id], coupon_id: 0, voucher_id: 0 });
    expect(pre.body.data.exchanges).toEqual([
      expect.objectContaining({ promotion_id: promoId, goods_id: extra, number: 2, price: PRICE, amount: 2 * PRICE }),
    ]);
    expect(pre.body.data.amounts.goods_amount).toBe(without.body.data.amounts.goods_amount + 2 * PRICE);

    const [before] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, extra));
    const placed = await place(line.id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.order_id;
    const rows = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.goodsId, extra)));
    expect(rows).toEqual([
      expect.objectContaining({ type: 5, price: PRICE, amount: 2 * PRICE, number: 2, promotionId: promoId }),
    ]);
    const [after] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, extra));
    expect(after.stock).toBe(before.stock - 2);
    const detail = await t.call<OrderDetail>('GET', `/api/order/${orderId}`, { cookie: demo });
    expect(detail.body.data.lines.find((l) => l.goods_id === extra)).toMatchObject({ is_exchange: 1, price: PRICE });
    // Used once: the next checkout carries no exchange line.
    expect(await t.db.select().from(exchangeChoices).where(eq(exchangeChoices.companyId, demoCompany))).toEqual([]);
  });

  it('re-checks at checkout: a price changed since the choice, or short stock, refuses the order; below the tier it is left out', async () => {
    const line = await cartWith(2);
    await setTier(line.amount);
    await choose({ promotion_id: promoId, goods_id: extra, number: 1, price: PRICE });
    await setTier(line.amount, PRICE + 100);
    const changed = await checkout({ ids: [line.id], coupon_id: 0, voucher_id: 0 });
    expect(changed.status).toBe(400);
    expect(changed.body.msg).toMatch(/换购价格已变动/);

    await setTier(line.amount);
    const [g] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, extra));
    await t.db.update(goods).set({ stock: 0 }).where(eq(goods.id, extra));
    const short = await checkout({ ids: [line.id], coupon_id: 0, voucher_id: 0 });
    expect(short.status).toBe(400);
    expect(short.body.msg).toMatch(/换购商品库存不足/);
    await t.db.update(goods).set({ stock: g.stock }).where(eq(goods.id, extra));

    // The order's own lines decide: a tier the checked-out lines do not reach adds nothing.
    await setTier(line.amount + 1);
    const below = await checkout({ ids: [line.id], coupon_id: 0, voucher_id: 0 });
    expect(below.status).toBe(200);
    expect(below.body.data.exchanges).toEqual([]);
  });

  it('never reads a price from the checkout request', async () => {
    const line = await cartWith(2);
    await setTier(line.amount);
    await choose({ promotion_id: promoId, goods_id: extra, number: 1, price: PRICE });
    const pre = await checkout({
      ids: [line.id],
      coupon_id: 0,
      voucher_id: 0,
      exchanges: [{ promotion_id: promoId, goods_id: extra, price: 1 }],
    });
    expect(pre.body.data.exchanges?.[0].price).toBe(PRICE);
  });
});
