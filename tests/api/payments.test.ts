// Paying an order (POST /api/order/{id}/pay): balance (ledger, never below zero), 对公转账, the
// sandbox gateway and its idempotent confirm callback, the 含麻黄碱 receipt before paying,
// paying twice, paying what is not payable; and the wallet reads checkout uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { cartLines, orderRefunds, orders, orderStatusHistory, payments, walletLedger } from '../../server/db/schema.ts';
import type { PayResult, SandboxConfirmResult, SandboxPayment } from '../../src/domain/orders.ts';

let t: TestApp;
let shop: Shop;
let now: Date;
const MINUTE = 60_000;
let G = 0;
let EPH = 0;

const pay = (b: ShopBuyer, id: number, method: string) =>
  t.call<PayResult>('POST', `/api/order/${id}/pay`, { cookie: b.cookie, body: { method } });
const confirm = (b: ShopBuyer, paymentId: number) =>
  t.call<SandboxConfirmResult>('POST', `/api/pay/sandbox/${paymentId}/confirm`, { cookie: b.cookie });
const paymentsOf = (orderId: number) =>
  t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

/** An unpaid order of `number` × 10 yuan (plus 10 yuan shipping below 800 yuan). */
async function unpaid(b: ShopBuyer, number = 2, goodsId = G): Promise<number> {
  const ids = await shop.fill(b, [[goodsId, number]]);
  const res = await shop.order(b, ids, { coupon_id: 0, voucher_id: 0 });
  if (res.status !== 200) throw new Error(`order: ${res.status} ${res.body.msg}`);
  return res.body.data.order_id;
}

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  shop = await createShop(t);
  G = await shop.goods({ name: '阿莫西林胶囊', basePrice: 1_000, stock: 10_000 });
  EPH = await shop.goods({ name: '新康泰克', basePrice: 1_500, stock: 100 }, { isEphedrine: true, ephedrineLimit: 5 });
});

afterAll(async () => {
  await t.close();
});

describe('balance', () => {
  it('pays in one go: order paid, balance debited with a ledger row, payment, history', async () => {
    const b = await shop.buyer({ balance: 10_000 });
    const id = await unpaid(b);
    const res = await pay(b, id, 'balance');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('支付成功');
    expect(res.body.data).toMatchObject({ status: 'paid' });
    expect(await orderRow(id)).toMatchObject({ status: 'paid', paidAmount: 3_000, payMethod: 'balance', paidAt: now });
    expect(await shop.balanceOf(b)).toBe(7_000);
    const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.companyId, b.companyId));
    expect(ledger).toEqual([
      expect.objectContaining({ account: 'balance', amount: -3_000, balanceAfter: 7_000, useType: 'pay', orderId: id }),
    ]);
    expect(await paymentsOf(id)).toEqual([
      expect.objectContaining({ id: res.body.data.payment_id, method: 'balance', amount: 3_000, status: 'succeeded' }),
    ]);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'paid'],
    ]);
  });

  it('refuses a short balance and changes nothing', async () => {
    const b = await shop.buyer({ balance: 2_999 });
    const id = await unpaid(b);
    const res = await pay(b, id, 'balance');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('余额不足');
    expect(await orderRow(id)).toMatchObject({ status: 'pending_payment', paidAmount: 0 });
    expect(await shop.balanceOf(b)).toBe(2_999);
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('refuses paying twice with 409 订单已支付, taking the money once', async () => {
    const b = await shop.buyer({ balance: 10_000 });
    const id = await unpaid(b);
    expect((await pay(b, id, 'balance')).status).toBe(200);
    for (const method of ['balance', 'sandbox', 'transfer']) {
      const again = await pay(b, id, method);
      expect(again.status, method).toBe(409);
      expect(again.body).toMatchObject({ code: 409, msg: '订单已支付' });
    }
    expect(await shop.balanceOf(b)).toBe(7_000);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('refuses an unknown method with 422', async () => {
    const b = await shop.buyer({ balance: 10_000 });
    const id = await unpaid(b);
    expect((await pay(b, id, 'wechat')).status).toBe(422);
    expect((await t.call('POST', `/api/order/${id}/pay`, { cookie: b.cookie, body: {} })).body.msg).toBe(
      '请选择支付方式',
    );
  });
});

describe('对公转账', () => {
  it('waits for the transfer with our bank account, once, and may switch to online payment', async () => {
    const b = await shop.buyer({ balance: 10_000 });
    const id = await unpaid(b);
    const res = await pay(b, id, 'transfer');
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.status).toBe('awaiting_transfer');
    const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(r.transfer_info).toMatchObject({
      account_name: expect.any(String),
      bank: expect.any(String),
      account_no: expect.any(String),
      remark: o.orderNo,
    });
    expect(o).toMatchObject({ status: 'awaiting_transfer', payMethod: 'transfer' });
    expect(o.expiresAt!.getTime() - now.getTime()).toBe(24 * 60 * MINUTE);
    const again = await pay(b, id, 'transfer');
    expect(again.body.data.payment_id).toBe(r.payment_id);
    expect(await paymentsOf(id)).toEqual([
      expect.objectContaining({ method: 'transfer', status: 'created', amount: 3_000 }),
    ]);

    const online = await pay(b, id, 'balance');
    expect(online.body.data.status).toBe('paid');
    const ps = await paymentsOf(id);
    expect(ps.map((p) => [p.method, p.status])).toEqual([
      ['transfer', 'cancelled'],
      ['balance', 'succeeded'],
    ]);
  });

  it('GET /api/pay/transfer_info answers the account', async () => {
    const b = await shop.buyer();
    const res = await t.call('GET', '/api/pay/transfer_info', { cookie: b.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.account_no).toBeTruthy();
    expect((await t.call('GET', '/api/pay/transfer_info')).status).toBe(401);
  });
});

describe('sandbox gateway', () => {
  it('creates a payment with a gateway reference and URL, reused while open', async () => {
    const b = await shop.buyer();
    const id = await unpaid(b);
    const res = await pay(b, id, 'sandbox');
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.status).toBe('pending_payment');
    expect(r.gateway_url).toBe(`/pay/sandbox/${r.payment_id}`);
    const [p] = await paymentsOf(id);
    expect(p).toMatchObject({ id: r.payment_id, method: 'sandbox', status: 'created', amount: 3_000 });
    expect(p.gatewayRef).toMatch(/^SBX[0-9A-F]{24}$/);
    expect((await pay(b, id, 'sandbox')).body.data.payment_id).toBe(r.payment_id);
    expect(await paymentsOf(id)).toHaveLength(1);

    const info = await t.call<SandboxPayment>('GET', `/api/pay/sandbox/${r.payment_id}`, { cookie: b.cookie });
    expect(info.body.data).toMatchObject({ payment_id: r.payment_id, order_id: id, amount: 3_000, status: 'created' });
  });

  it('confirm pays the order once; a second confirm answers the same, no double payment', async () => {
    const b = await shop.buyer();
    const id = await unpaid(b);
    const { payment_id } = (await pay(b, id, 'sandbox')).body.data;
    const first = await confirm(b, payment_id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ order_id: id, payment_id, status: 'paid' });
    expect(await orderRow(id)).toMatchObject({ status: 'paid', paidAmount: 3_000, payMethod: 'sandbox' });
    const second = await confirm(b, payment_id);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ status: 'succeeded', confirmedAt: now })]);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history.filter((h) => h.toStatus === 'paid')).toHaveLength(1);
  });

  it('a callback for a cancelled order is refused and the money the gateway took goes back through it', async () => {
    const b = await shop.buyer();
    const id = await unpaid(b);
    const { payment_id } = (await pay(b, id, 'sandbox')).body.data;
    expect((await t.call('POST', `/api/order/${id}/cancel`, { cookie: b.cookie })).status).toBe(200);
    // Cancelling closed the open payment; the buyer paid at the gateway all the same.
    expect((await paymentsOf(id))[0].status).toBe('cancelled');
    const res = await confirm(b, payment_id);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('订单已取消，本次支付将原路退回');
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled' });
    expect((await paymentsOf(id))[0].status).toBe('refunded');
    const back = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
    expect(back).toEqual([
      expect.objectContaining({
        paymentId: payment_id,
        route: 'online',
        destination: 'gateway',
        amount: 3_000,
        status: 'succeeded',
      }),
    ]);
  });

  it('a callback after the order was paid another way is refused: its payment was closed', async () => {
    const b = await shop.buyer({ balance: 10_000 });
    const id = await unpaid(b);
    const { payment_id } = (await pay(b, id, 'sandbox')).body.data;
    // The balance payment closes the open sandbox payment.
    expect((await pay(b, id, 'balance')).status).toBe(200);
    const res = await confirm(b, payment_id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('订单已支付，本次支付将原路退回');
    expect(await shop.balanceOf(b)).toBe(7_000);
    expect((await paymentsOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    const back = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
    expect(back).toEqual([
      expect.objectContaining({ paymentId: payment_id, destination: 'gateway', amount: 3_000, status: 'succeeded' }),
    ]);
  });

  it("another company's payment is 404 and stays open", async () => {
    const b = await shop.buyer();
    const intruder = await shop.buyer();
    const id = await unpaid(b);
    const { payment_id } = (await pay(b, id, 'sandbox')).body.data;
    expect((await confirm(intruder, payment_id)).status).toBe(404);
    expect((await t.call('GET', `/api/pay/sandbox/${payment_id}`, { cookie: intruder.cookie })).status).toBe(404);
    expect((await paymentsOf(id))[0].status).toBe('created');
    expect((await orderRow(id)).status).toBe('pending_payment');
  });
});

describe('what cannot be paid', () => {
  it('an order with 含麻黄碱 goods needs its receipt first', async () => {
    const b = await shop.buyer({ balance: 10_000 });
    const id = await unpaid(b, 1, EPH);
    const res = await pay(b, id, 'balance');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请先登记含麻黄碱药品购药人信息');
    expect(await shop.balanceOf(b)).toBe(10_000);
    await t.call('POST', `/api/order/${id}/ephedrine`, {
      cookie: b.cookie,
      body: { buyer_name: '张三', id_card: '11010519491231002X', phone: '13800138000' },
    });
    expect((await pay(b, id, 'balance')).status).toBe(200);
  });

  it('a cancelled or expired order', async () => {
    const b = await shop.buyer({ balance: 10_000 });
    const cancelled = await unpaid(b);
    await t.call('POST', `/api/order/${cancelled}/cancel`, { cookie: b.cookie });
    const res = await pay(b, cancelled, 'balance');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('订单已取消，请重新下单');

    const late = await unpaid(b);
    t.clock.advance(31 * MINUTE);
    try {
      const r = await pay(b, late, 'balance');
      expect(r.status).toBe(400);
      expect((await orderRow(late)).status).toBe('cancelled');
      expect(await shop.balanceOf(b)).toBe(10_000);
    } finally {
      t.clock.set(now);
    }
  });
});

describe('wallet reads', () => {
  it('GET /api/user/user_money answers balance and points', async () => {
    const b = await shop.buyer({ balance: 12_345, points: 67 });
    const res = await t.call('GET', '/api/user/user_money', { cookie: b.cookie });
    expect(res.body.data).toEqual({ balance: 12_345, points: 67 });
    expect((await t.call('GET', '/api/user/user_money')).status).toBe(401);
  });

  it('GET /api/user/availableCoupon lists usable coupons or vouchers, soonest to expire first', async () => {
    const b = await shop.buyer();
    const late = await shop.coupon(b, { kind: 'coupon', threshold: 10_000, amount: 500 }, 20);
    const soon = await shop.coupon(b, { kind: 'coupon', threshold: 0, amount: 100 }, 5);
    const voucher = await shop.coupon(b, { kind: 'voucher', amount: 1_000 });
    await shop.coupon(b, { kind: 'coupon', amount: 100 }, -1);
    const coupons = await t.call('GET', '/api/user/availableCoupon?type=coupon&page=1', { cookie: b.cookie });
    expect(coupons.body.data).toMatchObject({ total: 2, page: 1 });
    expect(coupons.body.data.list.map((c: { id: number }) => c.id)).toEqual([soon, late]);
    expect(coupons.body.data.list[1]).toMatchObject({ kind: 'coupon', threshold: 10_000, amount: 500 });
    const vouchers = await t.call('GET', '/api/user/availableCoupon?type=voucher', { cookie: b.cookie });
    expect(vouchers.body.data.list.map((c: { id: number }) => c.id)).toEqual([voucher]);
    expect((await t.call('GET', '/api/user/availableCoupon?type=gift', { cookie: b.cookie })).status).toBe(422);
  });

  it('GET /api/user/availableCoupon?cart=1 lists what the selected cart lines can use, the largest saving first', async () => {
    const b = await shop.buyer();
    const cart = (type: string) => t.call('GET', `/api/user/availableCoupon?type=${type}&cart=1`, { cookie: b.cookie });
    const ids = (res: { body: { data: { list: { id: number }[] } } }) => res.body.data.list.map((c) => c.id);
    const small = await shop.coupon(b, { kind: 'coupon', threshold: 0, amount: 100 }, 5);
    const big = await shop.coupon(b, { kind: 'coupon', threshold: 10_000, amount: 500 }, 20);
    const far = await shop.coupon(b, { kind: 'coupon', threshold: 1_000_000, amount: 50_000 }, 3);
    const voucher = await shop.coupon(b, { kind: 'voucher', amount: 1_000 });
    // An empty cart can use nothing; without the flag the list is every held coupon, by expiry.
    expect((await cart('coupon')).body.data).toMatchObject({ list: [], total: 0 });
    expect(ids(await t.call('GET', '/api/user/availableCoupon?type=coupon', { cookie: b.cookie }))).toEqual([
      far,
      small,
      big,
    ]);

    // 20 × ¥10 = ¥200 selected: both reachable coupons, ¥5 off before ¥1 off; the ¥10000 one is not usable.
    const lines = await shop.fill(b, [[G, 20]]);
    const coupons = await cart('coupon');
    expect(ids(coupons)).toEqual([big, small]);
    expect(coupons.body.data.list[0]).toMatchObject({ usable: true, saving: 500 });
    expect(coupons.body.data.total).toBe(2);
    expect(ids(await cart('voucher'))).toEqual([voucher]);
    const onePerPage = await t.call('GET', '/api/user/availableCoupon?type=coupon&cart=1&page=2&page_size=1', {
      cookie: b.cookie,
    });
    expect(onePerPage.body.data).toMatchObject({ total: 2, page: 2 });
    expect(ids(onePerPage)).toEqual([small]);

    // Only the selected lines count.
    await t.db.update(cartLines).set({ isSelected: false }).where(inArray(cartLines.id, lines));
    expect((await cart('coupon')).body.data.total).toBe(0);

    expect((await t.call('GET', '/api/user/availableCoupon?cart=2', { cookie: b.cookie })).status).toBe(422);
    expect((await t.call('GET', '/api/user/availableCoupon?cart=1')).status).toBe(401);
  });
});
