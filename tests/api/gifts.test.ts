// 满赠 (src/domain/gifts.ts, docs/api.md "Gifts"): a reached tier adds the gift line at checkout —
// exactly at the threshold, not a fen below — with price 0 and the stock checked; the order gets
// the gift line (is_gift 1) and its stock is taken; the cart lines carry gift_data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, TEST_NOW, type TestApp } from '../helpers/test-app.ts';
import { cartLines, goods, orderLines, promotionGoods, promotions, users } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { CartState } from '../../src/domain/cart-types.ts';
import type { CheckoutPreview, CheckoutResult, OrderDetail } from '../../src/domain/orders.ts';

let t: TestApp;
let demo: string;
let demoCompany: number;
let bought: number;
let gift: number;
let promoId: number;

const checkout = (body: Record<string, unknown>) =>
  t.call<CheckoutPreview & CheckoutResult>('POST', '/api/cart/checkout', { cookie: demo, body });

/** Puts `number` of the bought goods alone in demo's cart; its line id and what it costs. */
async function cartWith(number: number): Promise<{ id: number; amount: number }> {
  await t.db.delete(cartLines).where(eq(cartLines.companyId, demoCompany));
  const add = await t.call('POST', '/api/cart', { cookie: demo, body: { params: [{ goods_id: bought, number }] } });
  expect(add.status).toBe(200);
  const list = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
  const line = list.body.data.data.find((l) => l.goods.id === bought)!;
  return { id: line.id, amount: line.raw_price! };
}

async function setThreshold(amount: number, number = 2) {
  await t.db
    .update(promotions)
    .set({ rules: { tiers: [{ amount, goods_id: gift, number }] } })
    .where(eq(promotions.id, promoId));
}

beforeAll(async () => {
  t = await createTestApp({ seed: 60 });
  demo = await t.signIn('demo', 'demo1234');
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  demoCompany = u.companyId!;
  // Only this test's rule: every seeded promotion (满赠, flash, specials, zones …) is ended first, so
  // the bought goods is priced plainly whatever the seed attached to it.
  await t.db.update(promotions).set({ isActive: false });
  const plain = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      SELECT id FROM goods g WHERE is_buy AND is_on_sale AND stock >= 100 AND NOT is_kx AND NOT is_ephedrine AND NOT is_jxq
        AND ladder_price_type = 0 AND NOT mid_pack_strict AND min_buy = 1 AND purchase_limit = 0
      ORDER BY id LIMIT 1`),
  );
  bought = plain[0].id;
  const gifts = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`SELECT id FROM goods WHERE is_on_sale AND is_buy AND stock >= 100 AND NOT is_kx AND id <> ${bought} ORDER BY id LIMIT 1`,
    ),
  );
  gift = gifts[0].id;
  const [p] = await t.db
    .insert(promotions)
    .values({
      kind: 'gift',
      name: '测试满赠',
      rules: {},
      startsAt: new Date(TEST_NOW.getTime() - 86_400_000),
      endsAt: new Date(TEST_NOW.getTime() + 86_400_000),
    })
    .returning({ id: promotions.id });
  promoId = p.id;
  await t.db.insert(promotionGoods).values({ promotionId: promoId, goodsId: bought });
});
afterAll(() => t.close());

describe('满赠 at checkout', () => {
  it('adds no gift a fen below the threshold, and the gift line exactly at it', async () => {
    const line = await cartWith(3);
    await setThreshold(line.amount + 1);
    const below = await checkout({ ids: [line.id] });
    expect(below.status).toBe(200);
    expect(below.body.data.gifts).toEqual([]);

    await setThreshold(line.amount);
    const at = await checkout({ ids: [line.id] });
    expect(at.body.data.gifts).toEqual([
      expect.objectContaining({
        promotion_id: promoId,
        goods_id: gift,
        number: 2,
        price: 0,
        given: 1,
        threshold: line.amount,
      }),
    ]);
    // A gift costs nothing: the amounts are those without it.
    expect(at.body.data.amounts.goods_amount).toBe(below.body.data.amounts.goods_amount);
  });

  it('puts the gift line in the order at price 0 and takes its stock', async () => {
    const line = await cartWith(3);
    await setThreshold(line.amount);
    const [before] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, gift));
    const pre = await checkout({ ids: [line.id], use_balance: 0, coupon_id: 0, voucher_id: 0 });
    const placed = await checkout({
      ids: [line.id],
      new: 1,
      coupon_id: 0,
      voucher_id: 0,
      address_id: (pre.body.data.addresses.find((a) => a.is_default === 1) ?? pre.body.data.addresses[0]).id,
      use_balance: 0,
      expected_pay_amount: pre.body.data.amounts.pay_amount,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.order_id;
    const rows = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.goodsId, gift)));
    expect(rows).toEqual([expect.objectContaining({ type: 4, price: 0, amount: 0, number: 2, promotionId: promoId })]);
    const [after] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, gift));
    expect(after.stock).toBe(before.stock - 2);
    const detail = await t.call<OrderDetail>('GET', `/api/order/${orderId}`, { cookie: demo });
    expect(detail.body.data.lines.find((l) => l.goods_id === gift)).toMatchObject({ is_gift: 1, price: 0 });
    expect(detail.body.data.lines.find((l) => l.goods_id === bought)).toMatchObject({ is_gift: 0 });
  });

  it('gives no gift when its stock is short, and the order goes through without it', async () => {
    const line = await cartWith(3);
    await setThreshold(line.amount, 5);
    const [g] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, gift));
    await t.db.update(goods).set({ stock: 4 }).where(eq(goods.id, gift));
    const pre = await checkout({ ids: [line.id], use_balance: 0, coupon_id: 0, voucher_id: 0 });
    expect(pre.body.data.gifts).toEqual([expect.objectContaining({ goods_id: gift, given: 0 })]);
    const placed = await checkout({
      ids: [line.id],
      new: 1,
      coupon_id: 0,
      voucher_id: 0,
      address_id: pre.body.data.addresses[0].id,
      use_balance: 0,
      expected_pay_amount: pre.body.data.amounts.pay_amount,
    });
    expect(placed.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.orderId, placed.body.data.order_id), eq(orderLines.goodsId, gift))),
    ).toEqual([]);
    const [after] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, gift));
    expect(after.stock).toBe(4);
    await t.db.update(goods).set({ stock: g.stock }).where(eq(goods.id, gift));
  });

  it('ignores a rule with malformed tiers instead of failing the checkout', async () => {
    const line = await cartWith(1);
    await t.db
      .update(promotions)
      .set({ rules: { tiers: [{ amount: -1, goods_id: 'x' }] } })
      .where(eq(promotions.id, promoId));
    const res = await checkout({ ids: [line.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.gifts).toEqual([]);
  });
});

describe('gift_data on cart lines', () => {
  it('is type 1 on the promotion goods, with the gift units the selection reaches', async () => {
    const line = await cartWith(2);
    await setThreshold(line.amount, 3);
    let list = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
    expect(list.body.data.data.find((l) => l.id === line.id)!.gift_data).toEqual({ total: 3, type: 1 });
    await setThreshold(line.amount + 1, 3);
    list = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
    expect(list.body.data.data.find((l) => l.id === line.id)!.gift_data).toEqual({ total: 0, type: 1 });
  });

  it('stays { total: 0, type: 0 } for goods outside any gift promotion; a visitor cannot check out (10001)', async () => {
    await t.db.delete(cartLines).where(eq(cartLines.companyId, demoCompany));
    await t.call('POST', '/api/cart', { cookie: demo, body: { params: [{ goods_id: gift, number: 1 }] } });
    const list = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
    expect(list.body.data.data[0].gift_data).toEqual({ total: 0, type: 0 });
    const visitor = await t.call('POST', '/api/cart/checkout', { body: { ids: [1] } });
    expect(visitor.body.code).toBe(10001);
  });
});
