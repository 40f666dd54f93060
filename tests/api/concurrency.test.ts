// Money and stock under concurrent requests: racing checkouts for the last units (exactly one
// order, stock never negative), one coupon in two parallel checkouts (used once), two parallel
// pays of one order (one payment), pay racing cancel, and orders locking goods in opposite orders
// (no deadlock). Runs on PGlite (one connection: requests interleave between statements) and,
// when TEST_DATABASE_URL is set, ALSO on that PostgreSQL database (real parallel transactions;
// its schema is reset first):
//   TEST_DATABASE_URL=postgres://shop:shop@localhost:5432/shop_test_orders npx vitest run tests/api/concurrency.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { companyCoupons, orderStatusHistory, orders, payments, walletLedger } from '../../server/db/schema.ts';
import type { CallResult } from '../helpers/test-app.ts';
import type { CheckoutResult } from '../../src/domain/orders.ts';

const backends: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) backends.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

describe.each(backends)('concurrency on %s', (_name, databaseUrl) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp({ databaseUrl });
    shop = await createShop(t);
  });

  afterAll(async () => {
    await t.close();
  });

  /** Cart lines for `lines`, and the body that places them at the amount the preview shows. */
  async function ready(b: ShopBuyer, lines: [number, number][], extra: object = {}) {
    const ids = await shop.fill(b, lines);
    const pre = await shop.preview(b, ids, { coupon_id: 0, voucher_id: 0, ...extra });
    expect(pre.status).toBe(200);
    return { ids, coupon_id: 0, voucher_id: 0, ...extra, expected_pay_amount: pre.body.data.amounts.pay_amount };
  }

  const outcome = (rs: CallResult<CheckoutResult>[]) => ({
    ok: rs.filter((r) => r.status === 200).length,
    statuses: rs.map((r) => r.status).sort(),
  });

  it('two companies racing for the last units: exactly one order, stock never negative', async () => {
    for (let round = 0; round < 5; round++) {
      const g = await shop.goods({ name: `紧俏口罩${round}`, basePrice: 1_000, stock: 3 });
      const a = await shop.buyer();
      const b = await shop.buyer();
      const [bodyA, bodyB] = await Promise.all([ready(a, [[g, 3]]), ready(b, [[g, 2]])]);
      const rs = await Promise.all([shop.place(a, bodyA), shop.place(b, bodyB)]);
      expect(outcome(rs)).toEqual({ ok: 1, statuses: [200, 400] });
      const refused = rs.find((r) => r.status === 400)!;
      expect(refused.body.msg).toBe(`紧俏口罩${round}：库存不足`);
      const winner = rs[0].status === 200 ? 3 : 2;
      expect(await shop.stockOf(g)).toBe(3 - winner);
      const made = await t.db
        .select()
        .from(orders)
        .where(inArray(orders.companyId, [a.companyId, b.companyId]));
      expect(made).toHaveLength(1);
    }
  });

  it('many buyers at once never oversell', async () => {
    const g = await shop.goods({ name: '限量温度计', basePrice: 1_000, stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shop.buyer()));
    const bodies = await Promise.all(buyers.map((b) => ready(b, [[g, 2]])));
    const rs = await Promise.all(buyers.map((b, i) => shop.place(b, bodies[i])));
    const ok = rs.filter((r) => r.status === 200).length;
    expect(ok).toBe(2);
    expect(rs.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(await shop.stockOf(g)).toBe(1);
  });

  it('orders taking the same goods in opposite orders do not deadlock', async () => {
    const x = await shop.goods({ name: '甲药', basePrice: 1_000, stock: 1_000 });
    const y = await shop.goods({ name: '乙药', basePrice: 1_000, stock: 1_000 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => shop.buyer()));
    const bodies = await Promise.all(
      buyers.map((b, i) =>
        ready(
          b,
          i % 2 === 0
            ? [
                [x, 1],
                [y, 1],
              ]
            : [
                [y, 1],
                [x, 1],
              ],
        ),
      ),
    );
    const rs = await Promise.all(buyers.map((b, i) => shop.place(b, bodies[i])));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await shop.stockOf(x)).toBe(996);
    expect(await shop.stockOf(y)).toBe(996);
  });

  it('one coupon in two parallel checkouts of the same company: one succeeds, used once', async () => {
    const g1 = await shop.goods({ name: '丙药', basePrice: 2_000, stock: 100 });
    const g2 = await shop.goods({ name: '丁药', basePrice: 3_000, stock: 100 });
    const a = await shop.buyer();
    const voucher = await shop.coupon(a, { kind: 'voucher', amount: 500 });
    const body1 = await ready(a, [[g1, 1]], { voucher_id: voucher });
    const body2 = await ready(a, [[g2, 1]], { voucher_id: voucher });
    const rs = await Promise.all([shop.place(a, body1), shop.place(a, body2)]);
    expect(outcome(rs)).toEqual({ ok: 1, statuses: [200, 400] });
    const [c] = await t.db.select().from(companyCoupons).where(eq(companyCoupons.id, voucher));
    expect(c.status).toBe(1);
    const made = await t.db.select().from(orders).where(eq(orders.companyId, a.companyId));
    expect(made).toHaveLength(1);
    expect(made[0].voucherId).toBe(voucher);
    expect(c.usedOrderId).toBe(made[0].id);
  });

  it('two parallel balance pays of one order: one payment, the money taken once', async () => {
    const g = await shop.goods({ name: '戊药', basePrice: 1_000, stock: 100 });
    const a = await shop.buyer({ balance: 10_000 });
    const placed = await shop.place(a, await ready(a, [[g, 2]]));
    const id = placed.body.data.order_id;
    const pay = () => t.call('POST', `/api/order/${id}/pay`, { cookie: a.cookie, body: { method: 'balance' } });
    const rs = await Promise.all([pay(), pay(), pay()]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await shop.balanceOf(a)).toBe(7_000);
    const ps = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(ps).toHaveLength(1);
    const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.companyId, a.companyId));
    expect(ledger).toHaveLength(1);
  });

  it('parallel sandbox confirms apply once', async () => {
    const g = await shop.goods({ name: '己药', basePrice: 1_000, stock: 100 });
    const a = await shop.buyer();
    const placed = await shop.place(a, await ready(a, [[g, 2]]));
    const id = placed.body.data.order_id;
    const started = await t.call('POST', `/api/order/${id}/pay`, { cookie: a.cookie, body: { method: 'sandbox' } });
    const pid = started.body.data.payment_id;
    const rs = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', `/api/pay/sandbox/${pid}/confirm`, { cookie: a.cookie })),
    );
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(rs.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history.filter((h) => h.toStatus === 'paid')).toHaveLength(1);
    const ps = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(ps.map((p) => p.status)).toEqual(['succeeded']);
  });

  it('pay racing cancel: exactly one of them happens, and the money adds up', async () => {
    for (let round = 0; round < 3; round++) {
      const g = await shop.goods({ name: `庚药${round}`, basePrice: 1_000, stock: 100 });
      const a = await shop.buyer({ balance: 10_000 });
      const placed = await shop.place(a, await ready(a, [[g, 2]]));
      const id = placed.body.data.order_id;
      const [paid, cancelled] = await Promise.all([
        t.call('POST', `/api/order/${id}/pay`, { cookie: a.cookie, body: { method: 'balance' } }),
        t.call('POST', `/api/order/${id}/cancel`, { cookie: a.cookie }),
      ]);
      expect([paid.status, cancelled.status].filter((s) => s === 200)).toHaveLength(1);
      const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
      if (paid.status === 200) {
        expect(o.status).toBe('paid');
        expect(await shop.balanceOf(a)).toBe(7_000);
        expect(await shop.stockOf(g)).toBe(98);
      } else {
        expect(o.status).toBe('cancelled');
        expect(await shop.balanceOf(a)).toBe(10_000);
        expect(await shop.stockOf(g)).toBe(100);
      }
    }
  });
});
