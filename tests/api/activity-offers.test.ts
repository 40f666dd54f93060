// P2 promotions under /api/activity: 每日特价 (GET everyday_price; the special price is charged in
// the cart and at checkout only today and only for the day's goods, tomorrow's preview from its
// hour), 领券中心 (GET coupons, POST coupons/{id}/claim: per-company and total caps, also under
// simultaneous claims, visitor, bad input) and 满额返现 (GET cashback; the wallet credited exactly
// once when the order completes and taken back on a refund, the balance the sum of the ledger).
// Runs on PGlite and, when TEST_DATABASE_URL is set, also on that PostgreSQL (real parallel claims).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { consoleAfterSaleStep } from '../helpers/operators.ts';
import { createShop, clearCart, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import {
  companyCoupons,
  couponTemplates,
  promotionGoods,
  promotions,
  walletLedger,
  wallets,
} from '../../server/db/schema.ts';
import type { DailySpecialState } from '../../src/domain/daily-special.ts';
import type { CouponClaimResult, CouponOffer } from '../../src/domain/coupon-centre.ts';
import type { CashbackOffer } from '../../src/domain/cashback.ts';
import type { CartState } from '../../src/domain/cart-types.ts';
import type { GoodsListItem } from '../../src/domain/catalog.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const backends: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) backends.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

describe.each(backends)('activity offers on %s', (_name, databaseUrl) => {
  let t: TestApp;
  let shop: Shop;
  let start: Date;
  /** Shanghai midnight of TEST_NOW's day (10:00 there). */
  let today: Date;
  const G = {} as Record<'special' | 'tomorrow' | 'plain' | 'back' | 'other', number>;

  beforeAll(async () => {
    t = await createTestApp({ databaseUrl });
    shop = await createShop(t);
    start = t.clock.now();
    today = new Date(start.getTime() - 10 * HOUR);
    G.special = await shop.goods({ name: '阿莫西林胶囊', basePrice: 2_000, stock: 100, salesCount: 9 });
    G.tomorrow = await shop.goods({ name: '布洛芬缓释胶囊', basePrice: 3_000, stock: 100 });
    G.plain = await shop.goods({ name: '板蓝根颗粒', basePrice: 1_000, stock: 100 });
    G.back = await shop.goods({ name: '感冒灵颗粒', basePrice: 50_000, stock: 100 });
    G.other = await shop.goods({ name: '维生素C片', basePrice: 50_000, stock: 100 });
    const day = (offset: number) => ({
      startsAt: new Date(today.getTime() + offset * DAY),
      endsAt: new Date(today.getTime() + (offset + 1) * DAY),
    });
    const [d0] = await t.db
      .insert(promotions)
      .values({ kind: 'everyday', name: '每日特价', rules: { daily: true, preview_hour: 20 }, ...day(0) })
      .returning();
    const [d1] = await t.db
      .insert(promotions)
      .values({ kind: 'everyday', name: '每日特价', rules: { daily: true, preview_hour: 20 }, ...day(1) })
      .returning();
    const [cb] = await t.db
      .insert(promotions)
      .values({
        kind: 'cashback',
        name: '满额返现',
        rules: {
          tiers: [
            { amount: 100_000, back: 3_000 },
            { amount: 200_000, back: 8_000 },
          ],
        },
        startsAt: new Date(start.getTime() - 30 * DAY),
        endsAt: new Date(start.getTime() + 30 * DAY),
      })
      .returning();
    await t.db.insert(promotionGoods).values([
      { promotionId: d0.id, goodsId: G.special, price: 1_500, stockLimit: 50, perCompanyLimit: 5 },
      { promotionId: d1.id, goodsId: G.tomorrow, price: 2_000, stockLimit: 50, perCompanyLimit: 5 },
      { promotionId: cb.id, goodsId: G.back },
    ]);
  });

  afterAll(async () => {
    t.clock.set(start);
    await t.close();
  });

  describe('GET /api/activity/everyday_price and the special price in the cart', () => {
    it("lists today's specials at the special price; tomorrow's only from 20:00", async () => {
      const b = await shop.buyer();
      const res = await t.call<DailySpecialState>('GET', '/api/activity/everyday_price', { cookie: b.cookie });
      expect(res.status).toBe(200);
      expect(
        res.body.data.today?.goods.map((g) => [g.id, g.price, g.normal_price, g.type, g.remaining, g.purchase_limit]),
      ).toEqual([[G.special, 1_500, 2_000, 1, 50, 5]]);
      expect(res.body.data.tomorrow).toBeNull();
      expect(res.body.data.preview_at).toBe(Math.floor((today.getTime() + 20 * HOUR) / 1000));

      t.clock.set(new Date(today.getTime() + 20 * HOUR));
      try {
        const evening = await t.call<DailySpecialState>('GET', '/api/activity/everyday_price', { cookie: b.cookie });
        expect(evening.body.data.tomorrow?.goods.map((g) => [g.id, g.price])).toEqual([[G.tomorrow, 2_000]]);
        expect(evening.body.data.preview_at).toBeNull();
      } finally {
        t.clock.set(start);
      }
    });

    it('hides the prices from a visitor', async () => {
      const res = await t.call<DailySpecialState>('GET', '/api/activity/everyday_price');
      expect(res.status).toBe(200);
      expect(res.body.data.today?.goods[0]).toMatchObject({ id: G.special, price: null, normal_price: null });
    });

    it('charges the special price only today and only for the listed goods', async () => {
      const b = await shop.buyer();
      const add = (goods_id: number) =>
        t.call('POST', '/api/cart', {
          cookie: b.cookie,
          body: { params: [{ goods_id, number: 2, type: 1, price: 1 }] },
        });
      expect((await add(G.special)).status).toBe(200);
      // Tomorrow's goods is not on special today: the promotion line is refused.
      const early = await add(G.tomorrow);
      expect(early.status).toBe(400);
      expect(early.body.msg).toContain('活动已结束');
      const cart = await t.call<CartState>('GET', '/api/cart/list', { cookie: b.cookie });
      expect(cart.body.data.data.map((l) => [l.goods.id, l.type, l.price])).toEqual([[G.special, 1, 1_500]]);

      const placed = await shop.order(
        b,
        cart.body.data.data.map((l) => l.id),
      );
      expect(placed.status).toBe(200);
      const [sold] = await t.db
        .select({ sold: promotionGoods.sold })
        .from(promotionGoods)
        .where(eq(promotionGoods.goodsId, G.special));
      expect(sold.sold).toBe(2);

      // The next day, today's special is over and tomorrow's takes its place.
      t.clock.set(new Date(today.getTime() + DAY + HOUR));
      try {
        await clearCart(t, b);
        const late = await add(G.special);
        expect([late.status, late.body.msg]).toEqual([400, '阿莫西林胶囊：秒杀活动已结束']);
        expect((await add(G.tomorrow)).status).toBe(200);
        const next = await t.call<CartState>('GET', '/api/cart/list', { cookie: b.cookie });
        expect(next.body.data.data.map((l) => [l.goods.id, l.price])).toEqual([[G.tomorrow, 2_000]]);
      } finally {
        t.clock.set(start);
      }
    });
  });

  describe('领券中心', () => {
    const newTemplate = async (over: Partial<typeof couponTemplates.$inferInsert> = {}) =>
      (
        await t.db
          .insert(couponTemplates)
          .values({
            kind: 'coupon',
            name: '满800减30',
            threshold: 80_000,
            amount: 3_000,
            total: 100,
            perCompany: 1,
            validDays: 15,
            startsAt: new Date(start.getTime() - DAY),
            endsAt: new Date(start.getTime() + 10 * DAY),
            ...over,
          })
          .returning()
      )[0];
    const claim = (b: ShopBuyer | null, id: number | string) =>
      t.call<CouponClaimResult>('POST', `/api/activity/coupons/${id}/claim`, { cookie: b?.cookie });
    const offers = (b: ShopBuyer | null) =>
      t.call<CouponOffer[]>('GET', '/api/activity/coupons', { cookie: b?.cookie });
    const heldOf = (b: ShopBuyer, templateId: number) =>
      t.db
        .select()
        .from(companyCoupons)
        .where(and(eq(companyCoupons.companyId, b.companyId), eq(companyCoupons.templateId, templateId)));

    it('claims a coupon into /yhq and checkout; a second claim over the company cap is refused', async () => {
      const tpl = await newTemplate();
      const b = await shop.buyer();
      const before = (await offers(b)).body.data.find((o) => o.id === tpl.id);
      expect(before).toMatchObject({ state: 'available', claimed: 0, issued: 0, scope_text: '全场正价商品可用' });

      const res = await claim(b, tpl.id);
      expect([res.status, res.body.msg]).toEqual([200, '领取成功，已放入“我的优惠券”']);
      expect(res.body.data.offer).toMatchObject({ state: 'claimed', claimed: 1, issued: 1 });
      expect(res.body.data.expires_at).toBe(Math.floor((start.getTime() + 15 * DAY) / 1000));

      const held = await t.call<{ list: { id: number; name: string }[] }>(
        'GET',
        '/api/user/coupon?type=coupon&status=0',
        { cookie: b.cookie },
      );
      expect(held.body.data.list.map((c) => c.id)).toContain(res.body.data.coupon_id);
      const ids = await shop.fill(b, [[G.plain, 80]]);
      const preview = await shop.preview(b, ids);
      expect(preview.body.data.coupons.map((c) => c.id)).toContain(res.body.data.coupon_id);
      await clearCart(t, b);

      const again = await claim(b, tpl.id);
      expect([again.status, again.body.msg]).toEqual([409, '您已领取过该优惠券，每家门店限领1张']);
      expect(await heldOf(b, tpl.id)).toHaveLength(1);
    });

    it('never issues more than the total or the company cap when claims arrive at once', async () => {
      const tpl = await newTemplate({ total: 3, perCompany: 2 });
      const buyers = await Promise.all([shop.buyer(), shop.buyer(), shop.buyer()]);
      // Each company asks three times at once: 9 claims for 3 coupons, at most 2 a company.
      const results = await Promise.all(buyers.flatMap((b) => [claim(b, tpl.id), claim(b, tpl.id), claim(b, tpl.id)]));
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const [row] = await t.db.select().from(couponTemplates).where(eq(couponTemplates.id, tpl.id));
      expect(row.issued).toBe(3);
      const counts = await Promise.all(buyers.map(async (b) => (await heldOf(b, tpl.id)).length));
      expect(counts.reduce((a, n) => a + n, 0)).toBe(3);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);

      const late = await shop.buyer();
      const gone = await claim(late, tpl.id);
      expect([gone.status, gone.body.msg]).toEqual([409, '优惠券已领完']);
      expect((await offers(late)).body.data.find((o) => o.id === tpl.id)?.state).toBe('gone');
    });

    it('answers a visitor with 10001, bad ids with 422, and ended or hidden templates with 404', async () => {
      const tpl = await newTemplate();
      const ended = await newTemplate({ endsAt: new Date(start.getTime() - 1) });
      const hidden = await newTemplate({ claimable: false });
      const b = await shop.buyer();
      const visitor = await claim(null, tpl.id);
      expect([visitor.status, visitor.body.code]).toEqual([401, 10001]);
      for (const bad of ['abc', '0', '-1', '99999999999']) {
        const r = await claim(b, bad);
        expect([r.status, r.body.code, r.body.msg]).toEqual([422, 422, '优惠券编号无效']);
      }
      for (const id of [ended.id, hidden.id, 999_999]) {
        const r = await claim(b, id);
        expect([r.status, r.body.msg]).toEqual([404, '优惠券不存在或已结束领取']);
      }
      const list = (await offers(null)).body.data;
      expect(list.find((o) => o.id === tpl.id)).toMatchObject({ claimed: 0, state: 'available' });
      expect(list.some((o) => o.id === ended.id || o.id === hidden.id)).toBe(false);
    });
  });

  describe('满额返现', () => {
    const ledgerOf = (b: ShopBuyer) =>
      t.db
        .select()
        .from(walletLedger)
        .where(
          and(
            eq(walletLedger.companyId, b.companyId),
            eq(walletLedger.account, 'balance'),
            eq(walletLedger.useType, 'cashback'),
          ),
        );
    const balanceIsLedgerSum = async (b: ShopBuyer, opening: number) => {
      const [{ sum }] = await t.db
        .select({ sum: sql<number>`coalesce(sum(${walletLedger.amount}), 0)::float8` })
        .from(walletLedger)
        .where(and(eq(walletLedger.companyId, b.companyId), eq(walletLedger.account, 'balance')));
      const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, b.companyId));
      expect(w.balance).toBe(opening + sum);
    };

    it('GET /api/activity/cashback lists the tiers and the goods', async () => {
      const res = await t.call<{ offer: CashbackOffer; goods: GoodsListItem[] }>('GET', '/api/activity/cashback');
      expect(res.status).toBe(200);
      expect(res.body.data.offer).toMatchObject({
        name: '满额返现',
        all_goods: false,
        goods_ids: [G.back],
        tiers: [
          { amount: 100_000, back: 3_000 },
          { amount: 200_000, back: 8_000 },
        ],
      });
      expect(res.body.data.goods.map((g) => [g.id, g.price])).toEqual([[G.back, null]]);
    });

    it('credits the wallet once when the order completes and takes back what a refund no longer earns', async () => {
      const b = await shop.buyer({ balance: 1_000 });
      const cat = shop.cat;
      // 4 × 500 = 2000 yuan of cashback goods (tier 80) and 1000 yuan of other goods (not counted).
      const o = await insertOrder(t.db, b, {
        status: 'shipped',
        createdAt: new Date(start.getTime() - HOUR),
        lines: [
          { goodsId: G.back, warehouseId: cat.warehouseId, number: 4, price: 50_000 },
          { goodsId: G.other, warehouseId: cat.warehouseId, number: 2, price: 50_000 },
        ],
      });
      const confirm = await t.call('POST', `/api/order/${o.id}/confirm`, { cookie: b.cookie });
      expect(confirm.status).toBe(200);
      expect((await ledgerOf(b)).map((l) => [l.amount, l.orderId])).toEqual([[8_000, o.id]]);
      expect((await t.call('POST', `/api/order/${o.id}/confirm`, { cookie: b.cookie })).status).toBe(400);
      expect(await ledgerOf(b)).toHaveLength(1);
      await balanceIsLedgerSum(b, 1_000);

      // Returning 2 of the cashback goods leaves 1000 yuan: tier 30, so 50 goes back.
      const form = new FormData();
      form.append('kind', 'return');
      form.append('reason', '破损');
      form.append('lines[0][order_line_id]', String(o.lineIds[0]));
      form.append('lines[0][number]', '2');
      const req = await t.call('POST', `/api/order/${o.id}/after_sale`, { form, cookie: b.cookie });
      expect(req.status).toBe(200);
      // The console's steps for a return: accept, receive the goods, refund to the balance.
      for (let i = 0; i < 3; i++)
        expect((await consoleAfterSaleStep(t, req.body.data.id, { route: 'balance' })).status).toBe(200);
      expect((await ledgerOf(b)).map((l) => l.amount)).toEqual([8_000, -5_000]);
      await balanceIsLedgerSum(b, 1_000);
    });

    it('gives nothing below the first tier, and counts only the goods of the promotion', async () => {
      const b = await shop.buyer();
      const o = await insertOrder(t.db, b, {
        status: 'shipped',
        createdAt: new Date(start.getTime() - HOUR),
        lines: [
          { goodsId: G.back, warehouseId: shop.cat.warehouseId, number: 1, price: 50_000 },
          { goodsId: G.other, warehouseId: shop.cat.warehouseId, number: 10, price: 50_000 },
        ],
      });
      expect((await t.call('POST', `/api/order/${o.id}/confirm`, { cookie: b.cookie })).status).toBe(200);
      expect(await ledgerOf(b)).toEqual([]);
    });
  });
  describe('全场94折', () => {
    it('lists the welfare goods and the cart takes 6% off them as a 满折', async () => {
      const w = await shop.goods({ name: '复方丹参片', basePrice: 10_000, stock: 100 });
      const [p] = await t.db
        .insert(promotions)
        .values({
          kind: 'discount',
          name: '全场94折 福利专场',
          rules: { zone: 'welfare', tiers: [{ amount: 1, percent: 94 }] },
          startsAt: new Date(start.getTime() - DAY),
          endsAt: new Date(start.getTime() + DAY),
        })
        .returning();
      await t.db.insert(promotionGoods).values({ promotionId: p.id, goodsId: w });
      const b = await shop.buyer();
      const page = await t.call<{ promotion: { percent: number; name: string } | null; goods: GoodsListItem[] }>(
        'GET',
        '/api/activity/welfare',
        { cookie: b.cookie },
      );
      expect(page.body.data.promotion).toMatchObject({ name: '全场94折 福利专场', percent: 94 });
      expect(page.body.data.goods.map((g) => [g.id, g.price])).toEqual([[w, 10_000]]);

      await shop.fill(b, [
        [w, 3],
        [G.plain, 1],
      ]);
      const cart = await t.call<CartState>('GET', '/api/cart/list', { cookie: b.cookie });
      expect(cart.body.data.totals).toMatchObject({
        raw_price: 31_000,
        goods_manjian_amount: 1_800,
        pay_price: 29_200,
      });
      await clearCart(t, b);
    });
  });
});
