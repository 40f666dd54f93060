// The lucky draw (SPEC §7 "Lucky draw"): the server decides by the configured weights among
// prizes in stock (a seeded random makes the shares checkable), one draw per chance (free chances
// plus paid orders of the configured amount), an Idempotency-Key replay answers the first draw
// without drawing again, prize stock never goes below zero when draws race, prizes are credited
// (coupon, points) with the SPEC §8 win message, bad input and visitors are refused.
// Runs on PGlite and, with TEST_DATABASE_URL, also on PostgreSQL (real parallel transactions).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer, type CatalogueIds } from '../fixtures/catalogue.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import {
  companyCoupons,
  couponTemplates,
  drawPrizes,
  drawRecords,
  draws,
  messages,
  walletLedger,
  wallets,
} from '../../server/db/schema.ts';
import { pickWeighted } from '../../server/services/draws/pick.ts';
import type { DrawActivity, DrawRecordView, DrawResult, DrawSimple, DrawWinner } from '../../src/domain/lucky-draw.ts';
import type { Page } from '../../src/domain/envelope.ts';

/** mulberry32: a small seeded uniform random, so a run's draws are the same every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const backends: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) backends.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

describe.each(backends)('lucky draw on %s', (_name, databaseUrl) => {
  let t: TestApp;
  let cat: CatalogueIds;
  let goodsId: number;
  let couponTemplateId: number;

  const draw = (b: Buyer | null, id: number | string, key?: string) =>
    t.call<DrawResult>('GET', `/api/draw?id=${id}`, {
      cookie: b?.cookie,
      headers: key ? { 'Idempotency-Key': key } : {},
    });

  beforeAll(async () => {
    t = await createTestApp({ databaseUrl });
    cat = await insertCatalogue(t.db);
    [goodsId] = await insertGoods(t.db, cat, [{ name: '阿莫西林胶囊' }]);
    const now = t.clock.now();
    [{ id: couponTemplateId }] = await t.db
      .insert(couponTemplates)
      .values({
        kind: 'coupon',
        name: '满500减20',
        threshold: 50000,
        amount: 2000,
        validDays: 30,
        startsAt: now,
        endsAt: new Date(now.getTime() + 90 * 86400_000),
        claimable: false,
      })
      .returning({ id: couponTemplates.id });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.deps.random = seeded(42);
  });

  /** A running draw with `prizes` ([name, kind, weight, stock, refId]). */
  async function makeDraw(
    prizes: [string, string, number, number, number | null][],
    over: Partial<typeof draws.$inferInsert> = {},
  ) {
    const now = t.clock.now();
    const [d] = await t.db
      .insert(draws)
      .values({
        name: '幸运大抽奖',
        rules: '每单满1000元可抽一次',
        timesPerCompany: 1,
        startsAt: new Date(now.getTime() - 86400_000),
        endsAt: new Date(now.getTime() + 7 * 86400_000),
        ...over,
      })
      .returning({ id: draws.id });
    const ids = [];
    for (const [name, kind, weight, stock, refId] of prizes) {
      const [p] = await t.db
        .insert(drawPrizes)
        .values({ drawId: d.id, name, remarks: kind === 'coupon' ? '满500元可用' : '', kind, weight, stock, refId })
        .returning({ id: drawPrizes.id });
      ids.push(p.id);
    }
    return { id: d.id, prizeIds: ids };
  }

  it('honours the configured weights (seeded random, many draws)', async () => {
    const prizes = [
      { id: 1, weight: 10 },
      { id: 2, weight: 30 },
      { id: 3, weight: 60 },
    ];
    const random = seeded(7);
    const counts = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const p = pickWeighted(prizes, random)!;
      counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
    }
    expect(Math.abs(counts.get(1)! / 10_000 - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(counts.get(2)! / 10_000 - 0.3)).toBeLessThan(0.015);
    expect(Math.abs(counts.get(3)! / 10_000 - 0.6)).toBeLessThan(0.015);
    // The random's end points land on the first and the last prize.
    expect(pickWeighted(prizes, () => 0)!.id).toBe(1);
    expect(pickWeighted(prizes, () => 0.999999)!.id).toBe(3);
    expect(pickWeighted([{ id: 1, weight: 0 }], () => 0.5)).toBeNull();
  });

  it('the server draws by weight among prizes in stock: a zero-stock prize never wins, 谢谢参与 needs no stock, a goods prize naming no goods is not drawn', async () => {
    const buyer = await insertBuyer(t.db, 'approved', t.clock.now());
    const d = await makeDraw(
      [
        ['一等奖 100积分', 'points', 1000, 0, 100],
        ['血压计', 'goods', 1000, 10, null],
        ['谢谢参与', 'none', 1, 0, null],
      ],
      { timesPerCompany: 5 },
    );
    for (let i = 0; i < 5; i++) {
      const r = await draw(buyer, d.id);
      expect([r.status, r.body.data.name, r.body.data.is_win]).toEqual([200, '谢谢参与', 0]);
    }
    const [stock] = await t.db
      .select({ stock: drawPrizes.stock })
      .from(drawPrizes)
      .where(eq(drawPrizes.id, d.prizeIds[0]));
    expect(stock.stock).toBe(0);
  });

  it('one draw per chance: free chances plus paid orders of the configured amount', async () => {
    const buyer = await insertBuyer(t.db, 'approved', t.clock.now());
    const d = await makeDraw([['谢谢参与', 'none', 1, 1000, null]], { timesPerCompany: 1, orderMinAmount: 100000 });
    const activity = () => t.call<DrawActivity>('GET', `/api/draw/${d.id}/activity`, { cookie: buyer.cookie });
    expect((await activity()).body.data).toMatchObject({
      is_join: 0,
      chances_left: 1,
      rules: '每单满1000元可抽一次',
      prizes: [{ name: '谢谢参与', kind: 'none' }],
    });

    expect((await draw(buyer, d.id)).body.data.chances_left).toBe(0);
    const refused = await draw(buyer, d.id);
    expect([refused.status, refused.body.data]).toEqual([
      422,
      { errors: { id: ['您的抽奖次数已用完，下单即可获得抽奖机会'] } },
    ]);
    expect((await activity()).body.data).toMatchObject({ is_join: 1, chances_left: 0 });

    // A paid order of 1000 yuan earns one; a smaller one, an unpaid one and one before the draw none.
    const created = t.clock.now();
    await insertOrder(t.db, buyer, {
      status: 'paid',
      createdAt: created,
      lines: [{ goodsId, warehouseId: cat.warehouseId, number: 100, price: 1000 }],
    });
    await insertOrder(t.db, buyer, {
      status: 'paid',
      createdAt: created,
      lines: [{ goodsId, warehouseId: cat.warehouseId, number: 1, price: 1000 }],
    });
    await insertOrder(t.db, buyer, {
      status: 'pending_payment',
      createdAt: created,
      lines: [{ goodsId, warehouseId: cat.warehouseId, number: 100, price: 1000 }],
    });
    await insertOrder(t.db, buyer, {
      status: 'completed',
      createdAt: new Date(created.getTime() - 10 * 86400_000),
      lines: [{ goodsId, warehouseId: cat.warehouseId, number: 100, price: 1000 }],
    });
    expect((await activity()).body.data).toMatchObject({ id: d.id, is_join: 0, chances_left: 1 });
    expect((await draw(buyer, d.id)).status).toBe(200);
    expect((await draw(buyer, d.id)).status).toBe(422);
    const records = await t.db
      .select()
      .from(drawRecords)
      .where(and(eq(drawRecords.drawId, d.id), eq(drawRecords.companyId, buyer.companyId)));
    expect(records).toHaveLength(2);
  });

  it('credits a coupon and points for real, with the SPEC §8 win message, listed in /api/draw/record and the ticker', async () => {
    const buyer = await insertBuyer(t.db, 'approved', t.clock.now());
    const d = await makeDraw([['满500减20优惠券', 'coupon', 1, 10, couponTemplateId]]);
    const r = await draw(buyer, d.id);
    expect(r.body.data).toMatchObject({
      name: '满500减20优惠券',
      remarks: '满500元可用',
      kind: 'coupon',
      is_win: 1,
      chances_left: 0,
    });
    const held = await t.db.select().from(companyCoupons).where(eq(companyCoupons.companyId, buyer.companyId));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ templateId: couponTemplateId, status: 0 });
    expect(held[0].expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 86400_000);
    const msgs = await t.db.select().from(messages).where(eq(messages.companyId, buyer.companyId));
    expect(msgs.map((m) => [m.kind, m.body, m.link])).toEqual([
      ['promotion', '恭喜您，抽中了满500减20优惠券（满500元可用）。', '/wdqb_yhq'],
    ]);

    const p = await makeDraw([['50积分', 'points', 1, 10, 50]]);
    await t.db.insert(wallets).values({ companyId: buyer.companyId, points: 10, updatedAt: t.clock.now() });
    expect((await draw(buyer, p.id)).body.data).toMatchObject({ name: '50积分', kind: 'points' });
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.companyId, buyer.companyId));
    expect(wallet.points).toBe(60);
    const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.companyId, buyer.companyId));
    expect(ledger.map((l) => [l.account, l.amount, l.balanceAfter, l.useType])).toEqual([['points', 50, 60, 'draw']]);

    const mine = await t.call<Page<DrawRecordView>>('GET', '/api/draw/record', { cookie: buyer.cookie });
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.list.map((x) => x.name)).toEqual(['50积分', '满500减20优惠券']);
    const ticker = await t.call<DrawWinner[]>('GET', `/api/draw/new_record?id=${d.id}`);
    expect(ticker.body.data).toHaveLength(1);
    expect(ticker.body.data[0].name).toBe('满500减20优惠券');
    expect(ticker.body.data[0].company).toMatch(/\*\*/);
  });

  it('an Idempotency-Key replay returns the first draw and spends no second chance', async () => {
    const buyer = await insertBuyer(t.db, 'approved', t.clock.now());
    const d = await makeDraw([['10积分', 'points', 1, 100, 10]], { timesPerCompany: 3 });
    const first = await draw(buyer, d.id, 'draw-key-1');
    const again = await draw(buyer, d.id, 'draw-key-1');
    expect(again.body.data).toEqual({ ...first.body.data, chances_left: 2 });
    const records = await t.db.select().from(drawRecords).where(eq(drawRecords.companyId, buyer.companyId));
    expect(records).toHaveLength(1);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.companyId, buyer.companyId));
    expect(wallet.points).toBe(10);
    // A new key is a new draw.
    expect((await draw(buyer, d.id, 'draw-key-2')).body.data.record_id).not.toBe(first.body.data.record_id);
  });

  it('racing draws never take a prize below zero stock, and a company spends each chance once', async () => {
    const d = await makeDraw(
      [
        ['一等奖', 'points', 100, 2, 500],
        ['谢谢参与', 'none', 1, 1000, null],
      ],
      { timesPerCompany: 2 },
    );
    const buyers = await Promise.all(Array.from({ length: 4 }, () => insertBuyer(t.db, 'approved', t.clock.now())));
    const rs = await Promise.all(buyers.flatMap((b) => [draw(b, d.id), draw(b, d.id), draw(b, d.id)]));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(8);
    expect(rs.filter((r) => r.status === 422)).toHaveLength(4);
    expect(rs.filter((r) => r.body.data?.name === '一等奖')).toHaveLength(2);
    const [first] = await t.db
      .select({ stock: drawPrizes.stock })
      .from(drawPrizes)
      .where(eq(drawPrizes.id, d.prizeIds[0]));
    expect(first.stock).toBe(0);
  });

  it('/api/draw/simple offers the running draw that ends first, null when none runs', async () => {
    const buyer = await insertBuyer(t.db, 'approved', t.clock.now());
    const d = await makeDraw([['谢谢参与', 'none', 1, 10, null]], {
      endsAt: new Date(t.clock.now().getTime() + 3600_000),
      image: '/media/draw.png',
    });
    expect((await t.call<DrawSimple>('GET', '/api/draw/simple', { cookie: buyer.cookie })).body.data).toEqual({
      id: d.id,
      name: '幸运大抽奖',
      image: '/media/draw.png',
      is_join: 0,
      chances_left: 1,
    });
    t.clock.advance(400 * 86400_000);
    expect((await t.call('GET', '/api/draw/simple', { cookie: buyer.cookie })).body.data).toBeNull();
    t.clock.advance(-400 * 86400_000);
  });

  it('refuses bad input, a stopped or unknown draw, and visitors', async () => {
    const buyer = await insertBuyer(t.db, 'approved', t.clock.now());
    for (const bad of ['abc', '0', '-1', '']) {
      const r = await draw(buyer, bad);
      expect([r.status, r.body.data]).toEqual([422, { errors: { id: ['抽奖活动编号无效'] } }]);
    }
    expect((await draw(buyer, 99999)).status).toBe(404);
    const stopped = await makeDraw([['谢谢参与', 'none', 1, 10, null]], { isActive: false });
    expect((await draw(buyer, stopped.id)).body.data).toEqual({ errors: { id: ['抽奖活动未开始或已结束'] } });
    const d = await makeDraw([['谢谢参与', 'none', 1, 10, null]]);
    const badKey = await draw(buyer, d.id, 'x'.repeat(101));
    expect(badKey.status).toBe(422);
    expect((await t.call('GET', `/api/draw/abc/activity`, { cookie: buyer.cookie })).status).toBe(422);
    expect((await t.call('GET', `/api/draw/record?page=0`, { cookie: buyer.cookie })).status).toBe(422);

    for (const path of [`/api/draw?id=${d.id}`, '/api/draw/simple', `/api/draw/${d.id}/activity`, '/api/draw/record']) {
      const r = await t.call('GET', path);
      expect([path, r.status, r.body.code]).toEqual([path, 401, 10001]);
    }
    // The ticker and the ads are public.
    expect((await t.call('GET', `/api/draw/new_record?id=${d.id}`)).status).toBe(200);
    expect((await t.call('GET', '/api/draw/ads')).status).toBe(200);
  });
});
