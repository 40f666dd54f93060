// POST /api/cart/checkout: the preview (new=0, no side effects) and the order (new=1, one
// transaction): who may order, server-side re-pricing, coupons and vouchers, balance, shipping,
// 409 on a changed amount, stock, limits, 含麻黄碱, tampering, idempotency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { crashBeforeAnswerSaved } from '../helpers/faults.ts';
import { clearCart, createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { insertCartLine } from '../fixtures/catalogue.ts';
import {
  cartLines,
  companies,
  companyCoupons,
  goods,
  orderLines,
  orderStatusHistory,
  orders,
  payments,
  promotionGoods,
  promotions,
  walletLedger,
} from '../../server/db/schema.ts';

let t: TestApp;
let shop: Shop;
let now: Date;
const DAY = 86_400_000;
const MINUTE = 60_000;

const G = {} as Record<'promo' | 'plain' | 'cheap' | 'eph' | 'kx' | 'midpack' | 'flashEph' | 'scoped', number>;
let manjianId = 0;

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  shop = await createShop(t);
  G.promo = await shop.goods({ name: '满减阿莫西林', basePrice: 50_000, stock: 100 });
  G.plain = await shop.goods({ name: '板蓝根颗粒', basePrice: 2_000, stock: 100 });
  G.cheap = await shop.goods({ name: '创可贴', basePrice: 500, stock: 100 });
  G.eph = await shop.goods({ name: '新康泰克', basePrice: 1_500, stock: 50 }, { isEphedrine: true, ephedrineLimit: 3 });
  G.kx = await shop.goods({ name: '控销胶囊', basePrice: 3_000, stock: 50, isKx: true });
  G.midpack = await shop.goods(
    { name: '中包装颗粒', basePrice: 1_000, stock: 100 },
    { zbz: 10, midPackStrict: true, minBuy: 10 },
  );
  G.flashEph = await shop.goods(
    { name: '复方感冒片', basePrice: 1_000, stock: 50 },
    { isEphedrine: true, ephedrineLimit: 3 },
  );
  G.scoped = await shop.goods({ name: '西洋参片', basePrice: 40_000, stock: 50, category: '人参' });
  const live = { startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + 10 * DAY) };
  const [mj] = await t.db
    .insert(promotions)
    .values({ kind: 'manjian', name: '满1000减50', rules: { tiers: [{ amount: 100_000, reduce: 5_000 }] }, ...live })
    .returning({ id: promotions.id });
  manjianId = mj.id;
  const [fl] = await t.db
    .insert(promotions)
    .values({ kind: 'flash', name: '今日秒杀', ...live })
    .returning({ id: promotions.id });
  await t.db.insert(promotionGoods).values([
    { promotionId: manjianId, goodsId: G.promo },
    { promotionId: fl.id, goodsId: G.flashEph, price: 800, stockLimit: 100, perCompanyLimit: 10 },
  ]);
});

afterAll(async () => {
  await t.close();
});

/** The data of a refusal (409 price changes, 422 field errors), not a CheckoutResult. */
const refusal = (r: { body: { data: unknown } }) =>
  r.body.data as { price_changes?: unknown; errors: Record<string, string[]> };

async function ordersOf(b: ShopBuyer) {
  return t.db.select().from(orders).where(eq(orders.companyId, b.companyId)).orderBy(orders.id);
}

describe('who may check out', () => {
  it('a visitor gets 401', async () => {
    const res = await t.call('POST', '/api/cart/checkout', { body: { ids: [1], new: 0 } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it('a company under review gets 403, before and when placing', async () => {
    const b = await shop.buyer({ kind: 'pending' });
    const line = await insertCartLine(t.db, b, G.plain, shop.cat, 1);
    const pre = await shop.preview(b, [line]);
    expect(pre.status).toBe(403);
    expect(pre.body).toMatchObject({ code: 403, msg: '资质审核通过后才能下单' });
    const placed = await shop.place(b, { ids: [line], expected_pay_amount: 3_000 });
    expect(placed.status).toBe(403);
    expect(await ordersOf(b)).toHaveLength(0);
  });

  it('a company without a signed e-contract gets exactly code 459', async () => {
    const b = await shop.buyer({ contract: false });
    const [line] = await shop.fill(b, [[G.plain, 1]]);
    const pre = await shop.preview(b, [line]);
    expect(pre.status).toBe(459);
    expect(pre.body).toEqual({ code: 459, msg: '请先签署电子合同', data: null });
    const placed = await shop.place(b, { ids: [line], expected_pay_amount: 3_000 });
    expect(placed.body.code).toBe(459);
    expect(await ordersOf(b)).toHaveLength(0);
  });
});

describe('preview (new=0)', () => {
  let a: ShopBuyer;
  let lines: number[];
  let coupon: number;
  let bigCoupon: number;
  let voucher: number;

  beforeAll(async () => {
    a = await shop.buyer({ balance: 20_000, points: 10 });
    coupon = await shop.coupon(a, { kind: 'coupon', threshold: 50_000, amount: 3_000 });
    bigCoupon = await shop.coupon(a, { kind: 'coupon', threshold: 500_000, amount: 30_000 });
    voucher = await shop.coupon(a, { kind: 'voucher', amount: 1_000 });
    lines = await shop.fill(a, [
      [G.promo, 2],
      [G.plain, 3],
    ]);
  });

  it('prices the lines on the server and preselects the best coupon and voucher', async () => {
    const res = await shop.preview(a, lines);
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p.lines.map((l) => [l.goods_id, l.number, l.price, l.amount])).toEqual(
      expect.arrayContaining([
        [G.promo, 2, 50_000, 100_000],
        [G.plain, 3, 2_000, 6_000],
      ]),
    );
    expect(p.best_coupon_id).toBe(coupon);
    expect(p.best_voucher_id).toBe(voucher);
    expect(p.coupons[0]).toMatchObject({ id: coupon, usable: true, saving: 3_000 });
    expect(p.coupons.find((c) => c.id === bigCoupon)).toMatchObject({
      usable: false,
      saving: 0,
      unusable_reason: '满5000.00元可用，还差3990.00元',
    });
    expect(p.vouchers).toEqual([expect.objectContaining({ id: voucher, usable: true, saving: 1_000 })]);
    expect(p.wallet).toEqual({ balance: 20_000, points: 10 });
    expect(p.addresses).toEqual([expect.objectContaining({ id: a.addressId, is_default: 1 })]);
    // 106,000 goods − 5,000 满减 − 3,000 coupon − 1,000 voucher; free shipping from 80,000.
    expect(p.amounts).toEqual({
      goods_amount: 106_000,
      manjian_amount: 5_000,
      coupon_amount: 3_000,
      voucher_amount: 1_000,
      shipping_amount: 0,
      balance_amount: 0,
      pay_amount: 97_000,
    });
    expect(p.has_ephedrine).toBe(0);
    expect(p.price_changes).toEqual([]);
  });

  it('applies the chosen coupons and the balance, and "0" chooses none', async () => {
    const none = await shop.preview(a, lines, { coupon_id: 0, voucher_id: 0, use_balance: 1 });
    expect(none.body.data.amounts).toMatchObject({
      coupon_amount: 0,
      voucher_amount: 0,
      balance_amount: 20_000,
      pay_amount: 81_000,
    });
    const refused = await shop.preview(a, lines, { coupon_id: bigCoupon });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('优惠券不可用：满5000.00元可用，还差3990.00元');
  });

  it('charges shipping below the free-shipping amount', async () => {
    const b = await shop.buyer();
    const ids = await shop.fill(b, [[G.cheap, 2]]);
    const res = await shop.preview(b, ids);
    expect(res.body.data.amounts).toMatchObject({ goods_amount: 1_000, shipping_amount: 1_000, pay_amount: 2_000 });
  });

  it('has no side effects', async () => {
    const stock = await shop.stockOf(G.promo);
    await shop.preview(a, lines, { use_balance: 1 });
    expect(await shop.stockOf(G.promo)).toBe(stock);
    expect(await shop.balanceOf(a)).toBe(20_000);
    expect(
      (await t.db.select().from(companyCoupons).where(eq(companyCoupons.companyId, a.companyId))).every(
        (c) => c.status === 0,
      ),
    ).toBe(true);
    expect(await t.db.select().from(cartLines).where(eq(cartLines.companyId, a.companyId))).toHaveLength(2);
    expect(await ordersOf(a)).toHaveLength(0);
  });

  it('lists lines whose price changed since they were added', async () => {
    await t.db.update(goods).set({ basePrice: 2_200 }).where(eq(goods.id, G.plain));
    const res = await shop.preview(a, lines);
    expect(refusal(res).price_changes).toEqual([
      { goods_id: G.plain, name: '板蓝根颗粒', old_price: 2_000, new_price: 2_200 },
    ]);
    expect(res.body.data.lines.find((l) => l.goods_id === G.plain)).toMatchObject({
      price: 2_200,
      old_price: 2_000,
      amount: 6_600,
    });
    await t.db.update(goods).set({ basePrice: 2_000 }).where(eq(goods.id, G.plain));
  });

  it("refuses another company's cart lines with 404, and malformed ids with 422", async () => {
    const other = await shop.buyer();
    const [theirs] = await shop.fill(other, [[G.plain, 1]]);
    expect((await shop.preview(a, [theirs])).status).toBe(404);
    expect((await shop.preview(a, [lines[0], theirs])).status).toBe(404);
    expect((await shop.preview(a, [999_999])).status).toBe(404);
    for (const ids of [[], ['x'], [-1], [1.5]])
      expect((await shop.preview(a, ids as number[])).status, JSON.stringify(ids)).toBe(422);
  });

  it('applies a category-scoped coupon to its categories only', async () => {
    const b = await shop.buyer();
    const scoped = await shop.coupon(b, {
      kind: 'coupon',
      threshold: 30_000,
      amount: 2_000,
      scope: { category_l1: [shop.cat.category['中药饮片']] },
    });
    const ids = await shop.fill(b, [[G.plain, 20]]);
    const off = await shop.preview(b, ids);
    expect(off.body.data.coupons.find((c) => c.id === scoped)).toMatchObject({
      usable: false,
      unusable_reason: '仅限指定品类商品使用',
    });
    const more = await shop.fill(b, [[G.scoped, 1]]);
    const on = await shop.preview(b, [...ids, ...more]);
    expect(on.body.data.best_coupon_id).toBe(scoped);
    expect(on.body.data.amounts.coupon_amount).toBe(2_000);
  });
});

describe('placing the order (new=1)', () => {
  it('creates the order in one go: lines, stock, coupon, balance, history, cart', async () => {
    const a = await shop.buyer({ balance: 20_000 });
    const coupon = await shop.coupon(a, { kind: 'coupon', threshold: 50_000, amount: 3_000 });
    const voucher = await shop.coupon(a, { kind: 'voucher', amount: 1_000 });
    const ids = await shop.fill(a, [
      [G.promo, 2],
      [G.plain, 3],
    ]);
    const keep = await shop.fill(a, [[G.cheap, 1]]);
    const promoStock = await shop.stockOf(G.promo);
    const plainStock = await shop.stockOf(G.plain);

    const res = await shop.place(a, {
      ids,
      coupon_id: coupon,
      voucher_id: voucher,
      use_balance: 1,
      expected_pay_amount: 77_000,
      remark: '请附药检报告',
      invoice: { kind: 'normal', title: '测试大药房', tax_no: '91440106MA59C8K27X', email: 'a@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('下单成功');
    const r = res.body.data;
    expect(r).toMatchObject({ pay_amount: 77_000, status: 'pending_payment', next: 'pay' });
    expect(r.order_no).toMatch(/^KY20250602\d{8}$/);

    const [o] = await t.db.select().from(orders).where(eq(orders.id, r.order_id));
    expect(o).toMatchObject({
      companyId: a.companyId,
      userId: a.userId,
      status: 'pending_payment',
      kind: 'normal',
      goodsAmount: 106_000,
      manjianAmount: 5_000,
      couponAmount: 3_000,
      voucherAmount: 1_000,
      shippingAmount: 0,
      balanceAmount: 20_000,
      payAmount: 77_000,
      paidAmount: 0,
      couponId: coupon,
      voucherId: voucher,
      remark: '请附药检报告',
      hasEphedrine: false,
      invoice: { kind: 'normal', title: '测试大药房', tax_no: '91440106MA59C8K27X', email: 'a@example.com' },
      address: {
        consignee: '陈建华',
        phone: '13800138000',
        province: '广东省',
        city: '广州市',
        district: '天河区',
        detail: '天河路385号',
      },
    });
    expect(o.expiresAt!.getTime() - now.getTime()).toBe(30 * MINUTE);

    const ls = await t.db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(orderLines.goodsId);
    expect(ls.map((l) => [l.goodsId, l.number, l.price, l.amount, l.name, l.type])).toEqual(
      [
        [G.promo, 2, 50_000, 100_000, '满减阿莫西林', 0],
        [G.plain, 3, 2_000, 6_000, '板蓝根颗粒', 0],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
    expect(ls.find((l) => l.goodsId === G.promo)?.promotionId).toBe(manjianId);
    expect(await shop.stockOf(G.promo)).toBe(promoStock - 2);
    expect(await shop.stockOf(G.plain)).toBe(plainStock - 3);

    const used = await t.db.select().from(companyCoupons).where(eq(companyCoupons.usedOrderId, o.id));
    expect(used.map((c) => [c.id, c.status]).sort()).toEqual(
      [
        [coupon, 1],
        [voucher, 1],
      ].sort(),
    );
    expect(await shop.balanceOf(a)).toBe(0);
    const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.companyId, a.companyId));
    expect(ledger).toEqual([
      expect.objectContaining({ account: 'balance', amount: -20_000, balanceAfter: 0, useType: 'pay', orderId: o.id }),
    ]);
    const pays = await t.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(pays).toEqual([expect.objectContaining({ method: 'balance', amount: 20_000, status: 'succeeded' })]);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'pending_payment', note: '提交订单' }),
    ]);

    // Only the checked-out lines left the cart.
    const left = await t.db.select({ id: cartLines.id }).from(cartLines).where(eq(cartLines.companyId, a.companyId));
    expect(left.map((l) => l.id)).toEqual(keep);
  });

  it('is paid at once when the balance covers it', async () => {
    const a = await shop.buyer({ balance: 100_000 });
    const ids = await shop.fill(a, [[G.plain, 2]]);
    const res = await shop.order(a, ids, { use_balance: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pay_amount: 0, status: 'paid', next: 'done' });
    const [o] = await ordersOf(a);
    expect(o).toMatchObject({
      status: 'paid',
      balanceAmount: 5_000,
      payAmount: 0,
      payMethod: 'balance',
      expiresAt: null,
    });
    expect(o.paidAt).toEqual(now);
    expect(await shop.balanceOf(a)).toBe(95_000);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, o.id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((h) => h.toStatus)).toEqual(['pending_payment', 'paid']);
  });

  it('refuses a changed amount with 409 and the price changes, changing nothing', async () => {
    const a = await shop.buyer();
    const ids = await shop.fill(a, [[G.plain, 2]]);
    const pre = await shop.preview(a, ids);
    await t.db.update(goods).set({ basePrice: 2_500 }).where(eq(goods.id, G.plain));
    const stock = await shop.stockOf(G.plain);
    const res = await shop.place(a, { ids, expected_pay_amount: pre.body.data.amounts.pay_amount });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toBe('商品价格已变动，请确认后重新提交');
    expect(refusal(res).price_changes).toEqual([
      { goods_id: G.plain, name: '板蓝根颗粒', old_price: 2_000, new_price: 2_500 },
    ]);
    expect(await shop.stockOf(G.plain)).toBe(stock);
    expect(await ordersOf(a)).toHaveLength(0);
    await t.db.update(goods).set({ basePrice: 2_000 }).where(eq(goods.id, G.plain));
  });

  it('ignores forged prices: the server prices, the amount seen must be the real one', async () => {
    const a = await shop.buyer();
    const ids = await shop.fill(a, [[G.plain, 2]]);
    const forged = await shop.place(a, {
      ids,
      expected_pay_amount: 1,
      price: 1,
      amounts: { pay_amount: 1 },
      lines: [{ price: 1 }],
    });
    expect(forged.status).toBe(409);
    const res = await shop.place(a, { ids, expected_pay_amount: 5_000, price: 1 });
    expect(res.status).toBe(200);
    const [o] = await ordersOf(a);
    expect(o).toMatchObject({ goodsAmount: 4_000, shippingAmount: 1_000, payAmount: 5_000 });
  });

  it('refuses negative, fractional, missing and malformed amounts and inputs with 422', async () => {
    const a = await shop.buyer();
    const ids = await shop.fill(a, [[G.plain, 1]]);
    for (const expected of [-1, '-1', 1.5, '2.5', '1e3', '', 'abc']) {
      const res = await shop.place(a, { ids, expected_pay_amount: expected });
      expect(res.status, String(expected)).toBe(422);
      expect(refusal(res).errors.expected_pay_amount).toBeDefined();
    }
    expect((await shop.place(a, { ids })).status).toBe(422);
    expect(
      (
        await t.call('POST', '/api/cart/checkout', {
          cookie: a.cookie,
          body: { ids, new: 1, expected_pay_amount: 3_000 },
        })
      ).body.data.errors.address_id,
    ).toEqual(['请选择收货地址']);
    const badInvoice = await shop.place(a, {
      ids,
      expected_pay_amount: 3_000,
      invoice: { kind: 'special', title: '某药房', email: 'x' },
    });
    expect(badInvoice.status).toBe(422);
    expect(Object.keys(refusal(badInvoice).errors).sort()).toEqual(['invoice.email', 'invoice.tax_no']);
    const longRemark = await shop.place(a, { ids, expected_pay_amount: 3_000, remark: '长'.repeat(201) });
    expect(longRemark.status).toBe(422);
    expect(await ordersOf(a)).toHaveLength(0);
  });

  it("refuses another company's address, coupon and cart lines, changing nothing", async () => {
    const a = await shop.buyer();
    const other = await shop.buyer();
    const theirCoupon = await shop.coupon(other, { kind: 'voucher', amount: 1_000 });
    const ids = await shop.fill(a, [[G.plain, 1]]);
    const [theirLine] = await shop.fill(other, [[G.plain, 1]]);
    const addr = await shop.place(a, { ids, expected_pay_amount: 3_000, address_id: other.addressId });
    expect(addr.status).toBe(404);
    expect(addr.body.msg).toBe('收货地址不存在');
    const cp = await shop.place(a, { ids, expected_pay_amount: 2_000, voucher_id: theirCoupon });
    expect(cp.status).toBe(400);
    expect(cp.body.msg).toBe('现金券不存在或已使用，请重新选择');
    const line = await shop.place(a, { ids: [theirLine], expected_pay_amount: 3_000 });
    expect(line.status).toBe(404);
    expect(await ordersOf(a)).toHaveLength(0);
    const [c] = await t.db.select().from(companyCoupons).where(eq(companyCoupons.id, theirCoupon));
    expect(c.status).toBe(0);
    expect(await t.db.select().from(cartLines).where(eq(cartLines.id, theirLine))).toHaveLength(1);
  });

  it('uses a coupon once: a second order with it is refused', async () => {
    const a = await shop.buyer();
    const voucher = await shop.coupon(a, { kind: 'voucher', amount: 500 });
    const first = await shop.fill(a, [[G.plain, 1]]);
    expect((await shop.place(a, { ids: first, voucher_id: voucher, expected_pay_amount: 2_500 })).status).toBe(200);
    const second = await shop.fill(a, [[G.plain, 1]]);
    const res = await shop.place(a, { ids: second, voucher_id: voucher, expected_pay_amount: 2_500 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('现金券不存在或已使用，请重新选择');
    expect(await ordersOf(a)).toHaveLength(1);
  });

  it('refuses an expired coupon', async () => {
    const a = await shop.buyer();
    const voucher = await shop.coupon(a, { kind: 'voucher', amount: 500 }, 1);
    const ids = await shop.fill(a, [[G.plain, 1]]);
    t.clock.advance(2 * DAY);
    try {
      const res = await shop.place(a, { ids, voucher_id: voucher, expected_pay_amount: 2_500 });
      expect(res.status).toBe(400);
    } finally {
      t.clock.set(now);
    }
  });

  it('refuses short stock with "<name>：库存不足" and rolls everything back', async () => {
    const a = await shop.buyer({ balance: 50_000 });
    const low = await shop.goods({ name: '紧俏口罩', basePrice: 1_000, stock: 5 });
    const ids = await shop.fill(a, [
      [G.plain, 2],
      [low, 5],
    ]);
    await t.db.update(goods).set({ stock: 3 }).where(eq(goods.id, low));
    const plainStock = await shop.stockOf(G.plain);
    const res = await shop.place(a, { ids, use_balance: 1, expected_pay_amount: 0 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('紧俏口罩：库存不足');
    expect(await shop.stockOf(G.plain)).toBe(plainStock);
    expect(await shop.stockOf(low)).toBe(3);
    expect(await shop.balanceOf(a)).toBe(50_000);
    expect(await ordersOf(a)).toHaveLength(0);
    expect(await t.db.select().from(cartLines).where(eq(cartLines.companyId, a.companyId))).toHaveLength(2);
  });

  it('re-checks 控销 entitlement, buyability and quantity rules at checkout', async () => {
    const special = await shop.buyer({ kind: 'special' });
    const kxLine = await shop.fill(special, [[G.kx, 1]]);
    await t.db.update(companies).set({ isSpecial: false }).where(eq(companies.id, special.companyId));
    const kx = await shop.place(special, { ids: kxLine, expected_pay_amount: 4_000 });
    expect(kx.status).toBe(400);
    expect(kx.body.msg).toBe('控销胶囊：商品不存在或已下架');

    const a = await shop.buyer();
    const mid = await shop.fill(a, [[G.midpack, 10]]);
    await t.db.update(goods).set({ zbz: 4, minBuy: 12 }).where(eq(goods.id, G.midpack));
    const res = await shop.preview(a, mid);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('中包装颗粒：最少购买12盒');
    await t.db.update(goods).set({ zbz: 10, minBuy: 10 }).where(eq(goods.id, G.midpack));

    await t.db.update(goods).set({ isBuy: false }).where(eq(goods.id, G.cheap));
    const off = await shop.fill(a, [[G.plain, 1]]).then(async () => {
      await t.db.insert(cartLines).values({
        companyId: a.companyId,
        userId: a.userId,
        goodsId: G.cheap,
        warehouseId: shop.cat.warehouseId,
        number: 1,
        price: 500,
      });
      const rows = await t.db
        .select({ id: cartLines.id })
        .from(cartLines)
        .where(and(eq(cartLines.companyId, a.companyId), eq(cartLines.goodsId, G.cheap)));
      return shop.preview(a, [rows[0].id]);
    });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('创可贴：该商品暂不可购买');
    await t.db.update(goods).set({ isBuy: true }).where(eq(goods.id, G.cheap));
    expect(await ordersOf(a)).toHaveLength(0);
  });

  it('holds the 含麻黄碱 limit across the lines of one order', async () => {
    const a = await shop.buyer();
    const ids = await shop.fill(a, [[G.flashEph, 2]]);
    const flash = await t.call('POST', '/api/cart', {
      cookie: a.cookie,
      body: { params: [{ goods_id: G.flashEph, number: 2, type: 1 }] },
    });
    expect(flash.status).toBe(200);
    const res = await shop.preview(a, [...ids, ...flash.body.data.lines]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('复方感冒片：含麻黄碱药品每单最多购买3盒');
  });

  it('sends a 含麻黄碱 order to the receipt step', async () => {
    const a = await shop.buyer({ balance: 100_000 });
    const ids = await shop.fill(a, [[G.eph, 2]]);
    const pre = await shop.preview(a, ids);
    expect(pre.body.data.has_ephedrine).toBe(1);
    expect(pre.body.data.lines[0].is_ephedrine).toBe(1);
    // Even fully covered by the balance it waits for the receipt before it counts as paid.
    const res = await shop.order(a, ids, { use_balance: 1 });
    expect(res.body.data).toMatchObject({ status: 'pending_payment', next: 'ephedrine', pay_amount: 0 });
    const [o] = await ordersOf(a);
    expect(o.hasEphedrine).toBe(true);
  });

  it('orders flash-sale lines at the flash price and counts them as sold', async () => {
    const a = await shop.buyer();
    const res = await t.call('POST', '/api/cart', {
      cookie: a.cookie,
      body: { params: [{ goods_id: G.flashEph, number: 2, type: 1 }] },
    });
    const [before] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.goodsId, G.flashEph));
    const placed = await shop.order(a, res.body.data.lines);
    expect(placed.status).toBe(200);
    const [o] = await ordersOf(a);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
    expect(line).toMatchObject({ price: 800, number: 2, type: 1, promotionId: before.promotionId });
    const [after] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.goodsId, G.flashEph));
    expect(after.sold).toBe(before.sold + 2);
  });

  it('replays a repeated Idempotency-Key: one order', async () => {
    const a = await shop.buyer();
    const ids = await shop.fill(a, [[G.plain, 1]]);
    const headers = { 'Idempotency-Key': 'checkout-key-1' };
    const first = await shop.place(a, { ids, expected_pay_amount: 3_000 }, headers);
    const second = await shop.place(a, { ids, expected_pay_amount: 3_000 }, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await ordersOf(a)).toHaveLength(1);
  });

  it('stores the order and its answer in one commit: a retry after a crash gets the order, not a 404', async () => {
    const a = await shop.buyer();
    const ids = await shop.fill(a, [[G.plain, 1]]);
    const headers = { 'Idempotency-Key': 'checkout-crash-1' };
    const restore = crashBeforeAnswerSaved(t);
    let first;
    try {
      first = await shop.place(a, { ids, expected_pay_amount: 3_000 }, headers);
    } finally {
      restore();
    }
    expect(first.status).toBe(200);
    const retry = await shop.place(a, { ids, expected_pay_amount: 3_000 }, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await ordersOf(a)).toHaveLength(1);
  });

  it('clears the cart lines it ordered, so ordering them again is a 404', async () => {
    const a = await shop.buyer();
    const ids = await shop.fill(a, [[G.plain, 1]]);
    expect((await shop.place(a, { ids, expected_pay_amount: 3_000 })).status).toBe(200);
    expect((await shop.place(a, { ids, expected_pay_amount: 3_000 })).status).toBe(404);
    await clearCart(t, a);
    expect(await ordersOf(a)).toHaveLength(1);
  });
});
