// Lucky-draw goods prizes (docs/decisions/lucky-draw.md): a won goods prize waits (GET /api/cart/
// prizes) and rides on the company's next order as a 0-price type-6 line with its stock checked
// and taken; it is used once; when the stock cannot cover it the order goes without it and the
// prize keeps waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, TEST_NOW, type TestApp } from '../helpers/test-app.ts';
import {
  cartLines,
  drawPrizes,
  drawRecords,
  draws,
  goods,
  orderLines,
  promotions,
  users,
} from '../../server/db/schema.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { CartState } from '../../src/domain/cart-types.ts';
import type { CheckoutPreview, CheckoutResult, OrderDetail } from '../../src/domain/orders.ts';
import type { DrawResult, PendingPrizes } from '../../src/domain/lucky-draw.ts';

let t: TestApp;
let demo: string;
let demoCompany: number;
let bought: number;
let prizeGoods: number;
let drawId: number;

const checkout = (body: Record<string, unknown>) =>
  t.call<CheckoutPreview & CheckoutResult>('POST', '/api/cart/checkout', { cookie: demo, body });
const pending = () => t.call<PendingPrizes>('GET', '/api/cart/prizes', { cookie: demo });

async function cartLine(): Promise<number> {
  await t.db.delete(cartLines).where(eq(cartLines.companyId, demoCompany));
  await t.call('POST', '/api/cart', { cookie: demo, body: { params: [{ goods_id: bought, number: 1 }] } });
  const list = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
  return list.body.data.data.find((l) => l.goods.id === bought)!.id;
}

async function place(lineId: number) {
  const pre = await checkout({ ids: [lineId], use_balance: 0, coupon_id: 0, voucher_id: 0 });
  expect(pre.status, JSON.stringify(pre.body)).toBe(200);
  const res = await checkout({
    ids: [lineId],
    new: 1,
    coupon_id: 0,
    voucher_id: 0,
    use_balance: 0,
    address_id: pre.body.data.addresses[0].id,
    expected_pay_amount: pre.body.data.amounts.pay_amount,
  });
  return { pre, res };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 62 });
  demo = await t.signIn('demo', 'demo1234');
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  demoCompany = u.companyId!;
  await t.db.update(promotions).set({ isActive: false });
  await t.db.update(draws).set({ isActive: false });
  // The seed may already have given demo goods prizes: start from none.
  await t.db.update(drawRecords).set({ usedOrderId: 0 }).where(eq(drawRecords.companyId, demoCompany));
  const plain = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      SELECT id FROM goods g WHERE is_buy AND is_on_sale AND stock >= 100 AND NOT is_kx AND NOT is_ephedrine AND NOT is_jxq
        AND ladder_price_type = 0 AND NOT mid_pack_strict AND min_buy = 1 AND purchase_limit = 0
      ORDER BY id LIMIT 2`),
  );
  bought = plain[0].id;
  prizeGoods = plain[1].id;
  const [d] = await t.db
    .insert(draws)
    .values({
      name: '测试抽奖',
      timesPerCompany: 10,
      startsAt: new Date(TEST_NOW.getTime() - 86_400_000),
      endsAt: new Date(TEST_NOW.getTime() + 86_400_000),
    })
    .returning({ id: draws.id });
  drawId = d.id;
  await t.db
    .insert(drawPrizes)
    .values({ drawId, name: '电子体温计', kind: 'goods', refId: prizeGoods, weight: 1, stock: 10 });
  // The demo seed under a shared, busy machine: more than the default hook minute.
}, 180_000);
afterAll(() => t.close());

describe('lucky-draw goods prizes', () => {
  it('a won goods prize waits, then the next order carries it at price 0, takes its stock and uses it once', async () => {
    expect((await pending()).body.data.list).toEqual([]);
    const won = await t.call<DrawResult>('GET', `/api/draw?id=${drawId}`, { cookie: demo });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body.data).toMatchObject({ kind: 'goods', is_win: 1, name: '电子体温计' });
    const waiting = (await pending()).body.data.list;
    expect(waiting).toEqual([
      expect.objectContaining({
        record_id: won.body.data.record_id,
        goods_id: prizeGoods,
        number: 1,
        price: 0,
        given: 1,
      }),
    ]);

    const [before] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, prizeGoods));
    const { pre, res } = await place(await cartLine());
    expect(pre.body.data.prizes).toEqual([expect.objectContaining({ goods_id: prizeGoods, given: 1, price: 0 })]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orderId = res.body.data.order_id;
    const rows = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.goodsId, prizeGoods)));
    expect(rows).toEqual([expect.objectContaining({ type: 6, price: 0, amount: 0, number: 1 })]);
    const [after] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, prizeGoods));
    expect(after.stock).toBe(before.stock - 1);
    const detail = await t.call<OrderDetail>('GET', `/api/order/${orderId}`, { cookie: demo });
    expect(detail.body.data.lines.find((l) => l.goods_id === prizeGoods)).toMatchObject({ is_prize: 1, price: 0 });

    // Used: neither waiting nor on the next order.
    expect((await pending()).body.data.list).toEqual([]);
    const again = await place(await cartLine());
    expect(again.pre.body.data.prizes).toEqual([]);
  });

  it('when the stock cannot cover the prize the order goes without it and the prize keeps waiting', async () => {
    await t.call('GET', `/api/draw?id=${drawId}`, { cookie: demo });
    const [g] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, prizeGoods));
    await t.db.update(goods).set({ stock: 0 }).where(eq(goods.id, prizeGoods));
    const { pre, res } = await place(await cartLine());
    expect(pre.body.data.prizes).toEqual([expect.objectContaining({ goods_id: prizeGoods, given: 0 })]);
    expect(res.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.orderId, res.body.data.order_id), eq(orderLines.goodsId, prizeGoods))),
    ).toEqual([]);
    expect((await pending()).body.data.list).toHaveLength(1);
    await t.db.update(goods).set({ stock: g.stock }).where(eq(goods.id, prizeGoods));
  });

  it('refuses a visitor (10001) and a member without an approved company', async () => {
    const visitor = await t.call('GET', '/api/cart/prizes');
    expect(visitor.body.code).toBe(10001);
    const pendingUser = await t.signIn('pending', 'demo1234');
    const refused = await t.call('GET', '/api/cart/prizes', { cookie: pendingUser });
    expect(refused.status).toBe(403);
  });
});
