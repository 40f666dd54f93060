// Activity pages (docs/decisions/activity-pages.md): GET /api/activity/page answers a page's
// running promotions as goods sections (preview of 8, all with full=1), /yjh by id, /Hdzx by its
// ids in their order; ended, stopped and other pages' promotions stay out; 控销 goods only for
// special companies, prices hidden from visitors; bad input is a 422, nothing running a 404.
// POST /api/activity/tap records a tap (visitor or member) and refuses a foreign or bad url.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { activityTaps, promotionGoods, promotions } from '../../server/db/schema.ts';
import type { ActivityPage } from '../../src/domain/activity-pages.ts';
import type { FocusItem } from '../../src/domain/catalog.ts';
import type { DrawWinner } from '../../src/domain/lucky-draw.ts';

let t: TestApp;
let buyer: Buyer;
let special: Buyer;
let ids: Record<string, number>;
let goodsIds: number[];
let kxGoods: number;

const page = (query: string, b: Buyer | null = buyer) =>
  t.call<ActivityPage>('GET', `/api/activity/page?${query}`, { cookie: b?.cookie });

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  const now = t.clock.now();
  buyer = await insertBuyer(t.db, 'approved', now);
  special = await insertBuyer(t.db, 'special', now);
  goodsIds = await insertGoods(
    t.db,
    cat,
    Array.from({ length: 10 }, (_, i) => ({ name: `月月惠商品${i + 1}`, salesCount: 100 - i })),
  );
  [kxGoods] = await insertGoods(t.db, cat, [{ name: '控销商品', isKx: true, salesCount: 1000 }]);
  const day = 86400_000;
  const mk = async (name: string, page: string | null, over: Partial<typeof promotions.$inferInsert> = {}) => {
    const [p] = await t.db
      .insert(promotions)
      .values({
        kind: 'everyday',
        name,
        description: `${name}活动规则`,
        page,
        image: `/media/${name}.svg`,
        startsAt: new Date(now.getTime() - day),
        endsAt: new Date(now.getTime() + 3 * day),
        ...over,
      })
      .returning({ id: promotions.id });
    return p.id;
  };
  ids = {
    yyhA: await mk('月月惠·感冒', 'yyh', { sort: 2 }),
    yyhB: await mk('月月惠·肠胃', 'yyh', { sort: 1, endsAt: new Date(now.getTime() + day) }),
    yyhOld: await mk('月月惠·已结束', 'yyh', { endsAt: new Date(now.getTime() - 1000) }),
    yyhStopped: await mk('月月惠·已停止', 'yyh', { isActive: false }),
    zone: await mk('秋季专区', 'yjh'),
    other: await mk('组合满赠', 'zhmz'),
  };
  await t.db
    .insert(promotionGoods)
    .values([
      ...goodsIds.map((g) => ({ promotionId: ids.yyhA, goodsId: g, price: 990 })),
      { promotionId: ids.yyhA, goodsId: kxGoods },
      { promotionId: ids.yyhB, goodsId: goodsIds[0] },
      { promotionId: ids.zone, goodsId: goodsIds[1] },
    ]);
});
afterAll(() => t.close());

describe('GET /api/activity/page', () => {
  it("shows a page's running promotions as sections in their order, 8 goods each, with the earliest end as the countdown", async () => {
    const r = await page('code=yyh');
    expect(r.status).toBe(200);
    const data = r.body.data;
    expect(data).toMatchObject({
      code: 'yyh',
      title: '月月惠',
      banner: '/media/月月惠·肠胃.svg',
      rules: '月月惠·肠胃活动规则',
    });
    expect(data.sections.map((s) => s.name)).toEqual(['月月惠·肠胃', '月月惠·感冒']);
    expect(data.ends_at).toBe(Math.floor(t.clock.now().getTime() / 1000) + 86400);
    expect(data.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const cold = data.sections[1];
    expect([cold.total, cold.goods.length]).toEqual([10, 8]);
    expect(cold.goods[0]).toMatchObject({ name: '月月惠商品1', activity_price: 990 });
    expect(data.sections[0].goods[0].activity_price).toBeNull();
  });

  it('full=1 lists every goods (the /yyh/list page); 控销 only for special companies; visitors see no prices', async () => {
    expect((await page('code=yyh&full=1')).body.data.sections[1].goods).toHaveLength(10);
    const sp = await page('code=yyh&full=1', special);
    expect(sp.body.data.sections[1].goods.map((g) => g.name)).toContain('控销商品');
    const visitor = await page('code=yyh', null);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.sections[1].goods[0].activity_price).toBeNull();
  });

  it('/yjh/:id shows that promotion; /Hdzx/:ids shows its ids as tabs in their order', async () => {
    const zone = await page(`code=yjh&id=${ids.zone}`);
    expect(zone.body.data).toMatchObject({
      title: '秋季专区',
      sections: [{ id: ids.zone, goods: [{ id: goodsIds[1] }] }],
    });
    expect((await page(`code=yjh&id=${ids.yyhA}`)).status).toBe(404);
    const centre = await page(`code=hdzx&ids=${ids.other},${ids.yyhA}`);
    expect(centre.body.data.sections.map((s) => s.id)).toEqual([ids.other, ids.yyhA]);
  });

  it('refuses bad input with 422 and answers 404 when nothing runs', async () => {
    for (const q of ['code=abc', '', 'code=yjh&id=x', 'code=hdzx', 'code=hdzx&ids=a,b', 'code=yyh&full=2']) {
      const r = await page(q);
      expect([q, r.status]).toEqual([q, 422]);
    }
    expect((await page('code=hdmb')).body).toMatchObject({ code: 404, msg: '活动不存在或已结束' });
    expect((await page(`code=hdzx&ids=${ids.yyhOld},${ids.yyhStopped}`)).status).toBe(404);
  });
});

describe('POST /api/activity/tap', () => {
  it('records taps by members and visitors', async () => {
    expect(
      (
        await t.call('POST', '/api/activity/tap', {
          body: { url: '/yyh', source: 'home_banner' },
          cookie: buyer.cookie,
        })
      ).status,
    ).toBe(200);
    expect((await t.call('POST', '/api/activity/tap', { body: { url: '/Hdzx/1,2' } })).status).toBe(200);
    const rows = await t.db.select().from(activityTaps).orderBy(activityTaps.id);
    expect(rows.map((r) => [r.url, r.source, r.companyId])).toEqual([
      ['/yyh', 'home_banner', buyer.companyId],
      ['/Hdzx/1,2', '', null],
    ]);
  });

  it('refuses a missing, foreign or too long url and a too long source', async () => {
    for (const body of [
      {},
      { url: 'https://evil.example/x' },
      { url: '//evil.example' },
      { url: '/' + 'a'.repeat(300) },
      { url: '/yyh', source: 'x'.repeat(41) },
    ]) {
      const r = await t.call('POST', '/api/activity/tap', { body });
      expect(r.status).toBe(422);
    }
    expect(await t.db.select().from(activityTaps).where(eq(activityTaps.url, '//evil.example'))).toHaveLength(0);
  });
});

describe('demo seed', () => {
  it('gives every activity page sections with goods, and demo a lucky-draw chance', async () => {
    const seeded = await createTestApp({ seed: true });
    try {
      for (const code of ['zqmb', 'yyh', 'hdmb', 'zhmz', 'yjh']) {
        const r = await seeded.call<ActivityPage>('GET', `/api/activity/page?code=${code}`);
        expect([code, r.status]).toEqual([code, 200]);
        expect(r.body.data.sections.every((s) => s.goods.length > 0)).toBe(true);
      }
      const cookie = await seeded.signIn('demo', 'demo1234');
      const simple = await seeded.call('GET', '/api/draw/simple', { cookie });
      expect(simple.body.data).toMatchObject({ name: '幸运大转盘', is_join: 0 });
      const activity = await seeded.call('GET', `/api/draw/${simple.body.data.id}/activity`, { cookie });
      expect(activity.body.data.prizes.map((p: { kind: string }) => p.kind)).not.toContain('goods');
      // The draw page's ticker moves on a fresh demo: earlier wins by other companies, masked, none of demo's.
      const winners = (await seeded.call<DrawWinner[]>('GET', `/api/draw/new_record?id=${simple.body.data.id}`)).body
        .data;
      expect(winners.length).toBeGreaterThanOrEqual(4);
      for (const w of winners) expect(w.company).toMatch(/^.{2}\*\*.{2}$/);
      expect(winners.map((w) => w.company)).not.toContain('广州**公司');
      // The login page's picture and the home's 专场 row have something to show; the draw's picture links to its page.
      expect((await seeded.call<FocusItem[]>('GET', '/api/focus/login')).body.data).toHaveLength(1);
      expect((await seeded.call<FocusItem[]>('GET', '/api/focus/demo')).body.data.length).toBeGreaterThanOrEqual(3);
      expect((await seeded.call<FocusItem[]>('GET', '/api/draw/ads')).body.data[0]).toMatchObject({ url: '/xycj' });
    } finally {
      await seeded.close();
    }
  });
});
