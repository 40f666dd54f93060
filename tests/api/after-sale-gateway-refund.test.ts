// After-sale refunds of an order paid online go back through the payment's gateway (here the
// sandbox, through the dev operator step; Alipay's are in alipay.test.ts): the wallet gets only
// what was not paid online, and the gateway part is recorded once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { consoleAfterSaleStep } from '../helpers/operators.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { orderRefunds, orderLines, payments, walletLedger } from '../../server/db/schema.ts';
import { createAfterSale } from '../../server/services/after-sales/requests.ts';
import type { PayResult } from '../../src/domain/orders.ts';

let t: TestApp;
let shop: Shop;
let G = 0;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  G = await shop.goods({ name: '阿莫西林胶囊', basePrice: 1_000, stock: 10_000 });
});
afterAll(() => t.close());

/** An order paid through the sandbox and a refund request for `units` of its 3 units. */
async function sandboxRefund(units: number): Promise<{ b: ShopBuyer; afterSaleId: number; paymentId: number }> {
  const b = await shop.buyer({});
  const ids = await shop.fill(b, [[G, 3]]);
  const orderId = (await shop.order(b, ids, { coupon_id: 0, voucher_id: 0 })).body.data.order_id as number;
  const started = await t.call<PayResult>('POST', `/api/order/${orderId}/pay`, {
    cookie: b.cookie,
    body: { method: 'sandbox' },
  });
  const paymentId = started.body.data.payment_id;
  expect((await t.call('POST', `/api/pay/sandbox/${paymentId}/confirm`, { cookie: b.cookie })).status).toBe(200);
  const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const afterSaleId = await createAfterSale(
    t.db,
    [b.companyId],
    orderId,
    { kind: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: line.id, number: units }] },
    t.clock.now(),
  );
  return { b, afterSaleId, paymentId };
}

const advance = (id: number) => consoleAfterSaleStep(t, id);

describe('after-sale refund of a sandbox-paid order', () => {
  it('goes back through the gateway: recorded once, nothing credited to the wallet', async () => {
    const { b, afterSaleId, paymentId } = await sandboxRefund(2);
    expect((await advance(afterSaleId)).status).toBe(200);
    const done = await advance(afterSaleId);
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('refunded');
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.afterSaleId, afterSaleId));
    expect(rows).toEqual([
      expect.objectContaining({
        paymentId,
        amount: done.body.data.amount,
        refundNo: `AS${afterSaleId}`,
        status: 'succeeded',
      }),
    ]);
    expect(await t.db.select().from(walletLedger).where(eq(walletLedger.companyId, b.companyId))).toEqual([]);
    expect((await advance(afterSaleId)).status).toBe(409);
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.afterSaleId, afterSaleId))).toHaveLength(1);
  });

  it('never gives back more than the order can still give back: the refund step is refused, nothing moves', async () => {
    const { b, afterSaleId, paymentId } = await sandboxRefund(1);
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    // As if an earlier refund of this payment had given all but 1 fen back through the gateway.
    await t.db.insert(orderRefunds).values({
      orderId: paid.orderId,
      companyId: b.companyId,
      afterSaleId: null,
      route: 'online',
      destination: 'gateway',
      paymentId,
      amount: paid.amount - 1,
      refundNo: `EARLIER${paymentId}`,
      status: 'succeeded',
    });
    await advance(afterSaleId);
    const refused = await advance(afterSaleId);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('退款金额超过该订单可退金额');
    expect(await t.db.select().from(walletLedger).where(eq(walletLedger.companyId, b.companyId))).toEqual([]);
  });
});
