// The order centre's server side: list (tabs, counts, keywords, dates, kind, pages), detail
// (history, payments, logistics, after-sales), cancel (everything given back), confirm receipt,
// buy again, 含麻黄碱 receipts, expiry of unpaid orders (lazy and by the sweeper), and another
// company's orders (404, nothing changes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import {
  afterSales,
  cartLines,
  companyCoupons,
  goods,
  orderLines,
  orders,
  orderStatusHistory,
  payments,
  shipments,
  walletLedger,
  wallets,
} from '../../server/db/schema.ts';
import type { EphedrineReceiptRecord, OrderDetail, RebuyResult } from '../../src/domain/orders.ts';
import type { OrderListResult } from '../../server/services/orders/list.ts';
import { expireDueOrders, startOrderExpirySweeper } from '../../server/services/order-expiry.ts';

let t: TestApp;
let shop: Shop;
let now: Date;
const MINUTE = 60_000;
const DAY = 86_400_000;
const G = {} as Record<'a' | 'b' | 'c' | 'eph', number>;

const list = (b: ShopBuyer, query = '') => t.call<OrderListResult>('GET', `/api/order${query}`, { cookie: b.cookie });
const detail = (b: ShopBuyer, id: number) => t.call<OrderDetail>('GET', `/api/order/${id}`, { cookie: b.cookie });
const post = (b: ShopBuyer, path: string, body: object = {}) => t.call('POST', path, { cookie: b.cookie, body });

/** One order of `lines` for `b` (preview then place); returns its id. */
async function orderOf(b: ShopBuyer, lines: [number, number][], extra: object = {}): Promise<number> {
  const ids = await shop.fill(b, lines);
  const res = await shop.order(b, ids, extra);
  if (res.status !== 200) throw new Error(`order: ${res.status} ${res.body.msg}`);
  return res.body.data.order_id;
}

async function setStatus(id: number, status: string, extra: Partial<typeof orders.$inferInsert> = {}) {
  await t.db
    .update(orders)
    .set({ status, ...extra })
    .where(eq(orders.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  shop = await createShop(t);
  G.a = await shop.goods({ name: '阿莫西林胶囊', basePrice: 1_000, stock: 1_000 });
  G.b = await shop.goods({ name: '布洛芬缓释胶囊', basePrice: 2_000, stock: 1_000 });
  G.c = await shop.goods({ name: '创可贴', basePrice: 500, stock: 1_000 }, { purchaseLimit: 5 });
  G.eph = await shop.goods(
    { name: '新康泰克', basePrice: 1_500, stock: 100 },
    { isEphedrine: true, ephedrineLimit: 5 },
  );
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/order', () => {
  let b: ShopBuyer;
  const ids = {} as Record<'pending' | 'paid' | 'shipped' | 'done' | 'cancelled', number>;

  beforeAll(async () => {
    b = await shop.buyer();
    ids.pending = await orderOf(b, [[G.a, 1]]);
    t.clock.advance(MINUTE);
    ids.paid = await orderOf(b, [[G.b, 2]]);
    await setStatus(ids.paid, 'paid');
    t.clock.advance(MINUTE);
    ids.shipped = await orderOf(b, [
      [G.a, 3],
      [G.b, 1],
    ]);
    await setStatus(ids.shipped, 'shipped');
    t.clock.advance(MINUTE);
    ids.done = await orderOf(b, [[G.c, 2]]);
    await setStatus(ids.done, 'completed');
    t.clock.advance(MINUTE);
    ids.cancelled = await orderOf(b, [[G.a, 1]]);
    await setStatus(ids.cancelled, 'cancelled');
    t.clock.set(now);
  });

  it('lists newest first with counts per tab and the first lines', async () => {
    const res = await list(b);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.list.map((o) => o.id)).toEqual([ids.cancelled, ids.done, ids.shipped, ids.paid, ids.pending]);
    expect(d.total).toBe(5);
    expect(d.counts).toEqual({ all: 5, unpaid: 1, paid: 1, shipped: 1, completed: 1, cancelled: 1, after_sale: 0 });
    const shipped = d.list.find((o) => o.id === ids.shipped)!;
    expect(shipped).toMatchObject({
      status: 'shipped',
      kind: 'normal',
      line_count: 2,
      goods_amount: 5_000,
      expires_in: null,
    });
    expect(shipped.lines.map((l) => [l.goods_id, l.number])).toEqual(
      expect.arrayContaining([
        [G.a, 3],
        [G.b, 1],
      ]),
    );
    expect(shipped.can).toEqual({
      pay: false,
      cancel: false,
      confirm: true,
      rebuy: true,
      after_sale: true,
      invoice: false,
    });
    // Invoices are requested once an order is completed (POST /api/invoice refuses earlier).
    const pending = d.list.find((o) => o.id === ids.pending)!;
    expect(pending.expires_in).toBe(30 * 60);
    expect(pending.can).toMatchObject({ pay: true, cancel: true, confirm: false });
  });

  it('filters by tab, keywords (order number or goods name) and dates, and pages', async () => {
    expect((await list(b, '?tab=unpaid')).body.data.list.map((o) => o.id)).toEqual([ids.pending]);
    expect((await list(b, '?tab=shipped')).body.data.total).toBe(1);
    const byName = await list(b, `?keywords=${encodeURIComponent('布洛芬')}`);
    expect(byName.body.data.list.map((o) => o.id)).toEqual([ids.shipped, ids.paid]);
    expect(byName.body.data.counts).toMatchObject({ all: 2, paid: 1, shipped: 1, unpaid: 0 });
    const [o] = await t.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, ids.done));
    expect((await list(b, `?keywords=${o.no.slice(-6)}`)).body.data.list.map((x) => x.id)).toEqual([ids.done]);
    // Wildcards match themselves.
    expect((await list(b, `?keywords=${encodeURIComponent('%')}`)).body.data.total).toBe(0);
    expect((await list(b, '?start=2025-06-02&end=2025-06-02')).body.data.total).toBe(5);
    expect((await list(b, '?start=2025-06-03')).body.data.total).toBe(0);
    expect((await list(b, '?end=2025-06-01')).body.data.total).toBe(0);
    const page2 = await list(b, '?page=2&page_size=2');
    expect(page2.body.data).toMatchObject({ page: 2, page_size: 2, total: 5 });
    expect(page2.body.data.list.map((x) => x.id)).toEqual([ids.shipped, ids.paid]);
  });

  it('refuses malformed filters with 422', async () => {
    for (const q of [
      '?tab=nope',
      '?start=2025-13-01',
      '?start=yesterday',
      '?page=0',
      '?page_size=500',
      '?kind=vip',
      '?start=2025-06-05&end=2025-06-01',
    ]) {
      expect((await list(b, q)).status, q).toBe(422);
    }
  });

  it('lists points orders under kind=points, read-only', async () => {
    const [p] = await t.db
      .insert(orders)
      .values({
        orderNo: 'JF202506020001',
        companyId: b.companyId,
        userId: b.userId,
        status: 'paid',
        kind: 'points',
        goodsAmount: 0,
        payAmount: 0,
        pointsUsed: 300,
        address: {},
        createdAt: now,
      })
      .returning({ id: orders.id });
    expect((await list(b)).body.data.list.some((o) => o.id === p.id)).toBe(false);
    const points = await list(b, '?kind=points');
    expect(points.body.data.list.map((o) => o.id)).toEqual([p.id]);
    expect(points.body.data.list[0].can).toEqual({
      pay: false,
      cancel: false,
      confirm: false,
      rebuy: false,
      after_sale: false,
      invoice: false,
    });
    expect((await post(b, `/api/order/${p.id}/cancel`)).status).toBe(400);
    expect((await post(b, `/api/order/${p.id}/pay`, { method: 'balance' })).status).toBe(400);
  });

  it('needs a signed-in member', async () => {
    expect((await t.call('GET', '/api/order')).status).toBe(401);
    expect((await t.call('GET', `/api/order/${ids.pending}`)).status).toBe(401);
  });
});

describe('GET /api/order/{id}', () => {
  it('answers the whole order: lines, amounts, address, history, payments, logistics, after-sales', async () => {
    const b = await shop.buyer({ balance: 1_000 });
    const id = await orderOf(b, [[G.a, 2]], { use_balance: 1, remark: '放门卫' });
    await setStatus(id, 'shipped', { shippedAt: now });
    await t.db.insert(shipments).values({
      orderId: id,
      carrier: '顺丰速运',
      trackingNo: 'SF1400000000001',
      events: [{ time: '2025-06-02T03:00:00.000Z', text: '【广州仓】商品已出库' }],
    });
    const [as] = await t.db
      .insert(afterSales)
      .values({ orderId: id, companyId: b.companyId, kind: 'return', reason: '破损', lines: [], status: 'submitted' })
      .returning({ id: afterSales.id });
    const res = await detail(b, id);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id,
      status: 'shipped',
      remark: '放门卫',
      pay_method: null,
      invoice: null,
      ephedrine_receipt: null,
    });
    expect(d.amounts).toEqual({
      goods_amount: 2_000,
      manjian_amount: 0,
      coupon_amount: 0,
      voucher_amount: 0,
      shipping_amount: 1_000,
      balance_amount: 1_000,
      pay_amount: 2_000,
      paid_amount: 0,
      points_used: 0,
    });
    expect(d.lines).toEqual([
      expect.objectContaining({
        goods_id: G.a,
        name: '阿莫西林胶囊',
        number: 2,
        price: 1_000,
        amount: 2_000,
        returned_number: 0,
      }),
    ]);
    expect(d.address).toEqual({
      consignee: '陈建华',
      phone: '13800138000',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      detail: '天河路385号',
    });
    expect(d.history).toEqual([
      { time: Math.floor(now.getTime() / 1000), status: 'pending_payment', text: '提交订单' },
    ]);
    expect(d.payments).toEqual([expect.objectContaining({ method: 'balance', amount: 1_000, status: 'succeeded' })]);
    expect(d.logistics).toEqual([
      {
        carrier: '顺丰速运',
        tracking_no: 'SF1400000000001',
        events: [{ time: Math.floor(Date.parse('2025-06-02T03:00:00.000Z') / 1000), text: '【广州仓】商品已出库' }],
      },
    ]);
    expect(d.after_sales).toEqual([{ id: as.id, kind: 'return', status: 'submitted' }]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const b = await shop.buyer();
    expect((await detail(b, 999_999)).status).toBe(404);
    expect((await t.call('GET', '/api/order/abc', { cookie: b.cookie })).status).toBe(404);
  });
});

describe("another company's order", () => {
  it('is 404 for detail, pay, cancel, confirm, rebuy and ephedrine, and nothing changes', async () => {
    const owner = await shop.buyer({ balance: 100_000 });
    const intruder = await shop.buyer({ balance: 100_000 });
    const id = await orderOf(owner, [[G.eph, 1]]);
    const before = await t.db.select().from(orders).where(eq(orders.id, id));
    const stock = await shop.stockOf(G.eph);
    const calls = [
      () => detail(intruder, id),
      () => post(intruder, `/api/order/${id}/pay`, { method: 'balance' }),
      () => post(intruder, `/api/order/${id}/cancel`),
      () => post(intruder, `/api/order/${id}/confirm`),
      () => post(intruder, `/api/order/${id}/rebuy`),
      () =>
        post(intruder, `/api/order/${id}/ephedrine`, {
          buyer_name: '张三',
          id_card: '11010519491231002X',
          phone: '13800138000',
        }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('订单不存在');
    }
    expect(await t.db.select().from(orders).where(eq(orders.id, id))).toEqual(before);
    expect(await shop.stockOf(G.eph)).toBe(stock);
    expect(await shop.balanceOf(intruder)).toBe(100_000);
    expect(await t.db.select().from(cartLines).where(eq(cartLines.companyId, intruder.companyId))).toHaveLength(0);
  });

  it('a head office acts on the orders of the stores it manages', async () => {
    const head = await shop.buyer();
    const store = await shop.buyer();
    const { companies } = await import('../../server/db/schema.ts');
    await t.db.update(companies).set({ parentId: head.companyId }).where(eq(companies.id, store.companyId));
    const id = await orderOf(store, [[G.a, 1]]);
    expect((await detail(head, id)).status).toBe(200);
    expect((await detail(store, id)).status).toBe(200);
    // …and not the other way round.
    const own = await orderOf(head, [[G.a, 1]]);
    expect((await detail(store, own)).status).toBe(404);
  });
});

describe('POST /api/order/{id}/cancel', () => {
  it('gives back stock, the coupon and the balance part, with a ledger row and history', async () => {
    const b = await shop.buyer({ balance: 1_000 });
    const voucher = await shop.coupon(b, { kind: 'voucher', amount: 500 });
    const stock = await shop.stockOf(G.b);
    const id = await orderOf(b, [[G.b, 3]], { voucher_id: voucher, use_balance: 1 });
    expect(await shop.stockOf(G.b)).toBe(stock - 3);
    expect(await shop.balanceOf(b)).toBe(0);

    const res = await post(b, `/api/order/${id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('订单已取消');
    const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ status: 'cancelled', cancelledAt: now });
    expect(await shop.stockOf(G.b)).toBe(stock);
    const [c] = await t.db.select().from(companyCoupons).where(eq(companyCoupons.id, voucher));
    expect(c).toMatchObject({ status: 0, usedOrderId: null, usedAt: null });
    expect(await shop.balanceOf(b)).toBe(1_000);
    const ledger = await t.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.companyId, b.companyId))
      .orderBy(walletLedger.id);
    expect(ledger.map((l) => [l.amount, l.balanceAfter, l.useType])).toEqual([
      [-1_000, 0, 'pay'],
      [1_000, 1_000, 'refund'],
    ]);
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(p.status).toBe('refunded');
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'pending_payment', toStatus: 'cancelled', actor: 'buyer' });

    // Twice: refused, nothing given back again.
    const again = await post(b, `/api/order/${id}/cancel`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('订单已取消');
    expect(await shop.stockOf(G.b)).toBe(stock);
    expect(await shop.balanceOf(b)).toBe(1_000);
  });

  it('gives a coupon that expired meanwhile back as expired', async () => {
    const b = await shop.buyer();
    const voucher = await shop.coupon(b, { kind: 'voucher', amount: 500 }, 1);
    const id = await orderOf(b, [[G.a, 1]], { voucher_id: voucher });
    t.clock.advance(DAY + MINUTE);
    try {
      // The order itself expired too; either way the coupon must come back expired.
      await post(b, `/api/order/${id}/cancel`);
      const [c] = await t.db.select().from(companyCoupons).where(eq(companyCoupons.id, voucher));
      expect(c.status).toBe(2);
    } finally {
      t.clock.set(now);
    }
  });

  it('refuses paid and shipped orders', async () => {
    const b = await shop.buyer();
    const id = await orderOf(b, [[G.a, 1]]);
    await setStatus(id, 'paid');
    const res = await post(b, `/api/order/${id}/cancel`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('订单已支付，不能取消；如需退款请申请售后');
  });
});

describe('POST /api/order/{id}/confirm', () => {
  it('moves shipped to completed and credits points', async () => {
    const b = await shop.buyer({ points: 5 });
    const id = await orderOf(b, [[G.b, 5]]);
    expect((await post(b, `/api/order/${id}/confirm`)).status).toBe(400);
    await setStatus(id, 'shipped', { paidAmount: 11_000 });
    const res = await post(b, `/api/order/${id}/confirm`);
    expect(res.status).toBe(200);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ status: 'completed', completedAt: now });
    const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, b.companyId));
    expect(w.points).toBe(5 + 110);
    const again = await post(b, `/api/order/${id}/confirm`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('订单已确认收货');
  });
});

describe('POST /api/order/{id}/rebuy', () => {
  it("puts each line's goods back in the cart and reports what could not go", async () => {
    const b = await shop.buyer();
    const gone = await shop.goods({ name: '下架药', basePrice: 1_000, stock: 10 });
    const short = await shop.goods({ name: '紧缺药', basePrice: 1_000, stock: 10 });
    const id = await orderOf(b, [
      [G.a, 4],
      [G.c, 5],
      [gone, 1],
      [short, 8],
    ]);
    await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, gone));
    await t.db.update(goods).set({ stock: 1 }).where(eq(goods.id, short));
    // 创可贴 is capped at 5 per order and 1 is in the cart already.
    await shop.fill(b, [[G.c, 1]]);
    const res = await post(b, `/api/order/${id}/rebuy`);
    expect(res.status).toBe(200);
    const r = res.body.data as RebuyResult;
    expect(r.added).toBe(1);
    expect(r.skipped).toEqual(
      expect.arrayContaining([
        { goods_id: gone, name: '下架药', reason: '已下架' },
        { goods_id: short, name: '紧缺药', reason: '库存不足' },
        { goods_id: G.c, name: '创可贴', reason: '超出限购（最多可购买5盒）' },
      ]),
    );
    const cart = await t.db.select().from(cartLines).where(eq(cartLines.companyId, b.companyId));
    expect(cart.find((l) => l.goodsId === G.a)).toMatchObject({ number: 4, price: 1_000 });
    expect(cart.find((l) => l.goodsId === G.c)?.number).toBe(1);
  });
});

describe('含麻黄碱 receipts', () => {
  const receipt = { buyer_name: '张三', id_card: '11010519491231002X', phone: '13800138000' };

  it('validates the buyer: name, 18-character ID with check digit, adult, mobile', async () => {
    const b = await shop.buyer();
    const id = await orderOf(b, [[G.eph, 1]]);
    const bad: [object, string][] = [
      [{ ...receipt, id_card: '110105194912310021' }, '身份证号码校验位不正确'],
      [{ ...receipt, id_card: '11010519491331002X' }, '身份证号码中的出生日期无效'],
      [{ ...receipt, id_card: '1101051949123100' }, '请输入18位身份证号码'],
      [{ ...receipt, id_card: '' }, '请输入身份证号码'],
      [{ ...receipt, phone: '12345678901' }, '请输入正确的手机号码'],
      [{ ...receipt, buyer_name: 'x' }, '请输入购药人真实姓名（2-20个字）'],
    ];
    for (const [body, msg] of bad) {
      const res = await post(b, `/api/order/${id}/ephedrine`, body);
      expect(res.status, msg).toBe(422);
      expect(res.body.msg).toBe(msg);
    }
    // Born 2010-06-01: 15 at the test date.
    const minor = await post(b, `/api/order/${id}/ephedrine`, { ...receipt, id_card: '11010520100601001X' });
    expect(minor.body.msg).toBe('购药人须年满18周岁');
    const ok = await post(b, `/api/order/${id}/ephedrine`, { ...receipt, id_card: '11010519491231002x' });
    expect(ok.status).toBe(200);
    const d = (await detail(b, id)).body.data;
    expect(d.ephedrine_receipt).toEqual({ buyer_name: '张三', id_card: '110105********002X', phone: '13800138000' });
  });

  it('refuses orders without 含麻黄碱 goods, and changes after payment', async () => {
    const b = await shop.buyer({ balance: 100_000 });
    const plain = await orderOf(b, [[G.a, 1]]);
    expect((await post(b, `/api/order/${plain}/ephedrine`, receipt)).status).toBe(400);
    const id = await orderOf(b, [[G.eph, 1]]);
    expect((await post(b, `/api/order/${id}/ephedrine`, receipt)).status).toBe(200);
    expect((await post(b, `/api/order/${id}/pay`, { method: 'balance' })).status).toBe(200);
    const late = await post(b, `/api/order/${id}/ephedrine`, receipt);
    expect(late.status).toBe(409);
  });

  it('settles an order the balance already covered once the receipt is in', async () => {
    const b = await shop.buyer({ balance: 100_000 });
    const id = await orderOf(b, [[G.eph, 2]], { use_balance: 1 });
    const res = await post(b, `/api/order/${id}/ephedrine`, receipt);
    expect(res.body.data).toEqual({ status: 'paid' });
    const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ status: 'paid', paidAt: now, payMethod: 'balance' });
  });

  it('lists the receipts (/hmdd) with the ID masked and the 含麻黄碱 goods', async () => {
    const b = await shop.buyer();
    const id = await orderOf(b, [
      [G.eph, 2],
      [G.a, 1],
    ]);
    await post(b, `/api/order/${id}/ephedrine`, receipt);
    const res = await t.call('GET', '/api/order/ephedrine_receipts', { cookie: b.cookie });
    expect(res.status).toBe(200);
    const [r] = res.body.data.list as EphedrineReceiptRecord[];
    expect(res.body.data.total).toBe(1);
    expect(r).toMatchObject({
      order_id: id,
      buyer_name: '张三',
      id_card: '110105********002X',
      phone: '13800138000',
      status: 'pending_payment',
    });
    expect(r.goods).toEqual([{ goods_id: G.eph, name: '新康泰克', number: 2 }]);
    expect(r.recorded_at).toBe(Math.floor(now.getTime() / 1000));
  });
});

describe('expiry of unpaid orders', () => {
  it('cancels an unpaid order past its window on the next read, and its stock is back', async () => {
    const b = await shop.buyer({ balance: 500 });
    const voucher = await shop.coupon(b, { kind: 'voucher', amount: 300 });
    const stock = await shop.stockOf(G.b);
    const id = await orderOf(b, [[G.b, 4]], { voucher_id: voucher, use_balance: 1 });
    expect(await shop.stockOf(G.b)).toBe(stock - 4);
    t.clock.advance(29 * MINUTE);
    try {
      expect((await detail(b, id)).body.data.status).toBe('pending_payment');
      t.clock.advance(2 * MINUTE);
      const res = await list(b);
      expect(res.body.data.list.find((o) => o.id === id)?.status).toBe('cancelled');
      expect(await shop.stockOf(G.b)).toBe(stock);
      expect(await shop.balanceOf(b)).toBe(500);
      const [c] = await t.db.select().from(companyCoupons).where(eq(companyCoupons.id, voucher));
      expect(c.status).toBe(0);
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, id))
        .orderBy(orderStatusHistory.id);
      expect(history.at(-1)).toMatchObject({
        toStatus: 'cancelled',
        actor: 'system',
        note: '超时未支付，订单已自动取消',
      });
      // Paying it now is refused.
      const pay = await post(b, `/api/order/${id}/pay`, { method: 'balance' });
      expect(pay.status).toBe(400);
    } finally {
      t.clock.set(now);
    }
  });

  it('is cancelled on a detail read and by the sweeper, once', async () => {
    const b = await shop.buyer();
    const g = await shop.goods({ name: '维生素C片', basePrice: 1_000, stock: 10 });
    const one = await orderOf(b, [[g, 1]]);
    const two = await orderOf(b, [[g, 2]]);
    expect(await shop.stockOf(g)).toBe(7);
    t.clock.advance(31 * MINUTE);
    try {
      expect((await detail(b, one)).body.data.status).toBe('cancelled');
      // The detail read may already have expired the company's other due orders (and other
      // tests' orders may be due too), so only the second sweep's count is certain: nothing left.
      await expireDueOrders(t.db, t.clock.now());
      expect(await expireDueOrders(t.db, t.clock.now())).toBe(0);
      const [o] = await t.db.select().from(orders).where(eq(orders.id, two));
      expect(o.status).toBe('cancelled');
      expect(await shop.stockOf(g)).toBe(10);
    } finally {
      t.clock.set(now);
    }
  });

  it('follows ORDER_PAYMENT_TTL_MINUTES and the sweeper runs on its own', async () => {
    const t2 = await createTestApp({ config: { orderPaymentTtlMinutes: 5 } });
    try {
      const shop2 = await createShop(t2);
      const g = await shop2.goods({ name: '阿莫西林胶囊', basePrice: 1_000, stock: 10 });
      const b = await shop2.buyer();
      const ids = await shop2.fill(b, [[g, 2]]);
      const res = await shop2.order(b, ids);
      const [o] = await t2.db.select().from(orders).where(eq(orders.id, res.body.data.order_id));
      expect(o.expiresAt!.getTime() - t2.clock.now().getTime()).toBe(5 * MINUTE);
      t2.clock.advance(6 * MINUTE);
      const sweeper = startOrderExpirySweeper(t2.db, () => t2.clock.now(), { intervalMs: 20 });
      try {
        await expect
          .poll(async () => (await t2.db.select().from(orders).where(eq(orders.id, o.id)))[0].status, {
            timeout: 5_000,
          })
          .toBe('cancelled');
      } finally {
        await sweeper.stop();
      }
      expect(await shop2.stockOf(g)).toBe(10);
    } finally {
      await t2.close();
    }
  });
});

describe('order lines snapshot', () => {
  it('keeps what was bought as it was, whatever the goods become', async () => {
    const b = await shop.buyer();
    const id = await orderOf(b, [[G.b, 1]]);
    await t.db.update(goods).set({ name: '改名后的布洛芬' }).where(eq(goods.id, G.b));
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(line.name).toBe('布洛芬缓释胶囊');
    expect((await detail(b, id)).body.data.lines[0].name).toBe('布洛芬缓释胶囊');
    await t.db.update(goods).set({ name: '布洛芬缓释胶囊' }).where(eq(goods.id, G.b));
  });
});
