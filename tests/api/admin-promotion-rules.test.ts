// /api/admin/promotion-rules and /api/admin/points-goods (issue 20, part P): 运营 creates, edits and
// stops 每日特价, 全场94折, 满减/满折, 满额返现, 组合套餐, 满赠 and activity pages, and the points
// mall's goods. Each kind writes the rows the shop's pricing reads (proved through the shop's own
// endpoints and the cart), every action writes an audit row with before/after, bad input is a 422
// with field messages, and a stopped promotion no longer prices a cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { roleOperator } from '../helpers/operators.ts';
import { createShop, clearCart, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { auditLog, catalogueChanges, goods, pointsGoods, promotionGoods, promotions } from '../../server/db/schema.ts';
import type { Paged } from '../../src/domain/admin.ts';
import type { RulePromotionRow } from '../../src/domain/admin-promotion-rules.ts';
import type { AdminPointsGoodsRow } from '../../src/domain/admin-points-goods.ts';
import type { DailySpecialState } from '../../src/domain/daily-special.ts';
import type { CartState } from '../../src/domain/cart-types.ts';
import type { CombinationView } from '../../src/domain/combinations.ts';
import type { ActivityPage } from '../../src/domain/activity-pages.ts';
import type { PointsMallView } from '../../src/domain/points-mall.ts';

const DAY = 86_400;
let t: TestApp;
let shop: Shop;
let ops: string;
let finance: string;
let buyer: ShopBuyer;
let now: number;
/** Shanghai midnight of the test clock's day, seconds. */
let today: number;
const G = {} as Record<'special' | 'plain' | 'a' | 'b' | 'gift' | 'welfare', number>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  ops = (await roleOperator(t, 'operations')).cookie;
  finance = (await roleOperator(t, 'finance')).cookie;
  buyer = await shop.buyer();
  now = Math.floor(t.clock.now().getTime() / 1000);
  today = now - ((now + 8 * 3_600) % DAY);
  schedule = { starts_at: now - 3_600, ends_at: now + 10 * DAY };
  G.special = await shop.goods({ name: '阿莫西林胶囊', basePrice: 2_000, stock: 100 });
  G.plain = await shop.goods({ name: '板蓝根颗粒', basePrice: 60_000, stock: 100 });
  G.a = await shop.goods({ name: '感冒灵颗粒', basePrice: 1_500, stock: 100 });
  G.b = await shop.goods({ name: '维生素C片', basePrice: 800, stock: 100 });
  G.gift = await shop.goods({ name: '医用口罩', basePrice: 500, stock: 30 });
  G.welfare = await shop.goods({ name: '创可贴', basePrice: 1_000, stock: 100 });
});

afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const create = (body: Body, cookie = ops) =>
  t.call<{ id: number }>('POST', '/api/admin/promotion-rules', { cookie, body });
const edit = (id: number, body: Body) =>
  t.call<{ id: number }>('POST', `/api/admin/promotion-rules/${id}`, { cookie: ops, body });
const stop = (id: number) => t.call('POST', `/api/admin/promotion-rules/${id}/stop`, { cookie: ops });
const list = async (kind: string) =>
  (
    await t.call<Paged<RulePromotionRow>>('GET', `/api/admin/promotion-rules?kind=${kind}&page_size=100`, {
      cookie: ops,
    })
  ).body.data.list;
const audits = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));
const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string[]> }).errors;
const cart = async () => (await t.call<CartState>('GET', '/api/cart/list', { cookie: buyer.cookie })).body.data;
let schedule: { starts_at: number; ends_at: number };

describe('每日特价 from the console', () => {
  const special = (price: number, day = today) => ({
    kind: 'everyday',
    name: '每日特价',
    starts_at: day,
    ends_at: day + DAY,
    preview_hour: 18,
    goods: [{ goods_id: G.special, price, stock_limit: 50, per_company_limit: 5 }],
  });

  it('creates today’s special, which /mrtj lists and the cart charges; stopping it re-prices the cart at once', async () => {
    const res = await create(special(1_500));
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, id));
    expect(row).toMatchObject({ kind: 'everyday', rules: { daily: true, preview_hour: 18 } });

    const shown = await t.call<DailySpecialState>('GET', '/api/activity/everyday_price', { cookie: buyer.cookie });
    expect(shown.body.data.today?.goods.map((g) => [g.id, g.price, g.remaining, g.purchase_limit])).toEqual([
      [G.special, 1_500, 50, 5],
    ]);

    const add = await t.call('POST', '/api/cart', {
      cookie: buyer.cookie,
      body: { params: [{ goods_id: G.special, number: 2, type: 1, price: 1 }] },
    });
    expect(add.status, add.body.msg).toBe(200);
    expect((await cart()).data.map((l) => [l.goods.id, l.type, l.price, l.problem])).toEqual([
      [G.special, 1, 1_500, null],
    ]);

    expect((await stop(id)).status).toBe(200);
    const after = (await cart()).data[0];
    // The special is gone for this line: back at the goods' own price, refused for checkout.
    expect(after.price).toBe(2_000);
    expect(after.problem).toContain('活动已结束');
    expect(after.is_selected).toBe(0);
    const again = await t.call('POST', '/api/cart', {
      cookie: buyer.cookie,
      body: { params: [{ goods_id: G.special, number: 1, type: 1, price: 1 }] },
    });
    expect(again.status).toBe(400);
    const checkout = await shop.preview(buyer, [after.id]);
    expect(checkout.status).not.toBe(200);

    const [audit] = await audits('promotion.stop', id);
    expect(audit.before).toMatchObject({
      is_active: true,
      goods: [expect.objectContaining({ goods_id: G.special, price: 1_500 })],
    });
    expect(audit.after).toMatchObject({ is_active: false });
    expect((await stop(id)).status).toBe(409);
    await clearCart(t, buyer);
  });

  it('plans a later day, edits its price with a before/after audit row, and refuses a second special the same day', async () => {
    const day = today + 3 * DAY;
    const res = await create(special(1_200, day));
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    const clash = await create(special(1_100, day));
    expect(clash.status).toBe(422);
    expect(errorsOf(clash).starts_at[0]).toContain('该日已有每日特价');

    const saved = await edit(id, {
      ...special(1_000, day),
      goods: [{ goods_id: G.special, price: 1_000, stock_limit: 20, per_company_limit: 2 }],
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const [member] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.promotionId, id));
    expect(member).toMatchObject({ price: 1_000, stockLimit: 20, perCompanyLimit: 2 });
    const [audit] = await audits('promotion.update', id);
    expect(audit.before).toMatchObject({ goods: [expect.objectContaining({ price: 1_200 })] });
    expect(audit.after).toMatchObject({ goods: [expect.objectContaining({ price: 1_000 })] });

    const row = (await list('everyday')).find((p) => p.id === id);
    expect(row).toMatchObject({
      kind: 'everyday',
      preview_hour: 18,
      goods: [expect.objectContaining({ goods_id: G.special, name: '阿莫西林胶囊', price: 1_000, stock_limit: 20 })],
    });
    expect((await edit(id, { ...special(1_000, day), kind: 'manjian' })).status).toBe(422);
  });

  it('refuses a special that is not one whole day, or without a price', async () => {
    const bad = await create({ ...special(1_500), starts_at: today + 3_600, ends_at: today + DAY });
    expect(errorsOf(bad).starts_at).toEqual(['每日特价须从当日0点到次日0点']);
    const noPrice = await create({ ...special(0, today + 5 * DAY) });
    expect(Object.keys(errorsOf(noPrice))).toContain('goods.0.price');
  });
});

describe('满减 and 满折 from the console', () => {
  it('creates a 满减 the cart applies; stopping it removes the reduction', async () => {
    const res = await create({
      kind: 'manjian',
      name: '满500减30',
      ...schedule,
      tiers: [
        { amount: 50_000, reduce: 3_000 },
        { amount: 100_000, reduce: 8_000 },
      ],
      goods: [{ goods_id: G.plain }],
    });
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    expect((await t.db.select().from(promotions).where(eq(promotions.id, id)))[0].rules).toEqual({
      tiers: [
        { amount: 50_000, reduce: 3_000 },
        { amount: 100_000, reduce: 8_000 },
      ],
    });
    await shop.fill(buyer, [[G.plain, 1]]);
    const before = await cart();
    expect(before.activity_data.manjians.map((m) => m.id)).toContain(id);
    expect(
      (
        await shop.preview(
          buyer,
          before.data.map((l) => l.id),
        )
      ).body.data.amounts,
    ).toMatchObject({ goods_amount: 60_000 });
    const reduced = (
      await shop.preview(
        buyer,
        before.data.map((l) => l.id),
      )
    ).body.data.amounts.pay_amount;

    expect((await stop(id)).status).toBe(200);
    const after = await cart();
    expect(after.activity_data.manjians.map((m) => m.id)).not.toContain(id);
    const full = (
      await shop.preview(
        buyer,
        after.data.map((l) => l.id),
      )
    ).body.data.amounts.pay_amount;
    expect(full - reduced).toBe(3_000);
    await clearCart(t, buyer);
  });

  it('refuses tiers out of order, a reduction not below its threshold and a discount that does not deepen', async () => {
    const bad = (body: Body) => create({ name: '坏阶梯', ...schedule, goods: [{ goods_id: G.plain }], ...body });
    expect(
      errorsOf(
        await bad({
          kind: 'manjian',
          tiers: [
            { amount: 100_000, reduce: 5_000 },
            { amount: 50_000, reduce: 8_000 },
          ],
        }),
      )['tiers.1.amount'],
    ).toEqual(['门槛须逐级递增']);
    expect(
      errorsOf(await bad({ kind: 'manjian', tiers: [{ amount: 1_000, reduce: 1_000 }] }))['tiers.0.reduce'],
    ).toEqual(['减免金额须小于门槛']);
    expect(
      errorsOf(
        await bad({
          kind: 'discount',
          tiers: [
            { amount: 1_000, percent: 95 },
            { amount: 2_000, percent: 98 },
          ],
        }),
      )['tiers.1.percent'],
    ).toEqual(['折扣须逐级加深']);
    expect(errorsOf(await bad({ kind: 'discount', tiers: [] })).tiers).toEqual(['请至少设置一个阶梯']);
    expect(
      errorsOf(await bad({ kind: 'manjian', tiers: [{ amount: 1.5, reduce: 1 }] }))['tiers.0.amount'],
    ).toBeDefined();
    expect(
      errorsOf(await bad({ kind: 'manjian', ends_at: schedule.starts_at, tiers: [{ amount: 1_000, reduce: 10 }] }))
        .ends_at,
    ).toEqual(['结束时间须晚于开始时间']);
    expect(
      errorsOf(
        await bad({ kind: 'manjian', tiers: [{ amount: 1_000, reduce: 10 }], goods: [{ goods_id: 99_999_999 }] }),
      )['goods.0.goods_id'],
    ).toEqual(['商品不存在']);
    expect(errorsOf(await bad({ kind: 'manjian', tiers: [{ amount: 1_000, reduce: 10 }], goods: [] })).goods).toEqual([
      '请添加活动商品',
    ]);
    const offSale = await shop.goods({ name: '停售商品', basePrice: 1_000, stock: 10 }, { isOnSale: false });
    expect(
      errorsOf(await bad({ kind: 'manjian', tiers: [{ amount: 1_000, reduce: 10 }], goods: [{ goods_id: offSale }] }))[
        'goods.0.goods_id'
      ],
    ).toEqual(['商品已下架']);
  });

  it('creates a 满折 stored as the cart reads it and listed apart from the welfare zone', async () => {
    const res = await create({
      kind: 'discount',
      name: '满1000享9.5折',
      ...schedule,
      all_goods: true,
      tiers: [{ amount: 100_000, percent: 95 }],
    });
    expect(res.status, res.body.msg).toBe(200);
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, res.body.data.id));
    expect(row).toMatchObject({
      kind: 'discount',
      allGoods: true,
      rules: { tiers: [{ amount: 100_000, percent: 95 }] },
    });
    expect((await list('discount')).map((p) => p.id)).toContain(row.id);
    expect((await list('welfare')).map((p) => p.id)).not.toContain(row.id);
    await stop(row.id);
  });
});

describe('全场94折, 满额返现, 组合套餐, 满赠 and activity pages', () => {
  it('creates the welfare zone /welfare lists, one at a time', async () => {
    const body = {
      kind: 'welfare',
      name: '全场94折 福利专场',
      ...schedule,
      tiers: [{ amount: 1, percent: 94 }],
      goods: [{ goods_id: G.welfare }],
    };
    const res = await create(body);
    expect(res.status, res.body.msg).toBe(200);
    const zone = await t.call<{ goods: { id: number }[] }>('GET', '/api/activity/welfare', { cookie: buyer.cookie });
    expect(zone.body.data.goods.map((g) => g.id)).toEqual([G.welfare]);
    expect(errorsOf(await create(body)).starts_at[0]).toContain('全场94折');
    expect(errorsOf(await create({ ...body, tiers: [] })).tiers).toEqual(['请填写折扣（94即9.4折）']);
    expect((await list('welfare'))[0]).toMatchObject({
      id: res.body.data.id,
      kind: 'welfare',
      tiers: [{ amount: 1, percent: 94 }],
    });
  });

  it('creates cashback tiers the shop offers; a tier that gives back less is refused', async () => {
    const res = await create({
      kind: 'cashback',
      name: '满额返现',
      ...schedule,
      tiers: [
        { amount: 100_000, back: 2_000 },
        { amount: 200_000, back: 6_000 },
      ],
      goods: [{ goods_id: G.plain }],
    });
    expect(res.status, res.body.msg).toBe(200);
    const offer = await t.call<{ id: number; tiers: unknown[] } | null>('GET', '/api/activity/cashback', {
      cookie: buyer.cookie,
    });
    expect(JSON.stringify(offer.body.data)).toContain(String(res.body.data.id));
    const bad = await create({
      kind: 'cashback',
      name: '坏返现',
      ...schedule,
      tiers: [
        { amount: 100_000, back: 2_000 },
        { amount: 200_000, back: 2_000 },
      ],
      goods: [{ goods_id: G.plain }],
    });
    expect(errorsOf(bad)['tiers.1.back']).toEqual(['返现金额须逐级递增']);
  });

  it('creates a combination whose set price the shop shows, needs two goods and member prices', async () => {
    const res = await create({
      kind: 'combination',
      name: '感冒组合',
      ...schedule,
      goods: [
        { goods_id: G.a, price: 1_200, quantity: 2 },
        { goods_id: G.b, price: 600, quantity: 1 },
      ],
    });
    expect(res.status, res.body.msg).toBe(200);
    const sets = await t.call<{ list: CombinationView[] }>('GET', '/api/combinationMzhgGroup', {
      cookie: buyer.cookie,
    });
    expect(sets.body.data.list.find((s) => s.id === res.body.data.id)).toMatchObject({
      price: 3_000,
      goods_id: Math.min(G.a, G.b),
    });
    expect(
      errorsOf(await create({ kind: 'combination', name: '单品', ...schedule, goods: [{ goods_id: G.a, price: 1 }] }))
        .goods,
    ).toEqual(['组合套餐至少需要2种商品']);
    expect(
      Object.keys(
        errorsOf(
          await create({
            kind: 'combination',
            name: '无价',
            ...schedule,
            goods: [{ goods_id: G.a }, { goods_id: G.b, price: -1 }],
          }),
        ),
      ),
    ).toEqual(expect.arrayContaining(['goods.0.price', 'goods.1.price']));
  });

  it('creates 满赠 tiers with the gift goods and its stock; an unknown gift goods is refused', async () => {
    const res = await create({
      kind: 'gift',
      name: '满500赠口罩',
      ...schedule,
      tiers: [{ amount: 50_000, goods_id: G.gift, number: 1 }],
      goods: [{ goods_id: G.plain }],
    });
    expect(res.status, res.body.msg).toBe(200);
    const row = (await list('gift')).find((p) => p.id === res.body.data.id);
    expect(row?.gifts).toEqual([{ goods_id: G.gift, name: '医用口罩', stock: 30 }]);
    await shop.fill(buyer, [[G.plain, 1]]);
    const preview = await shop.preview(
      buyer,
      (await cart()).data.map((l) => l.id),
    );
    expect(JSON.stringify(preview.body.data)).toContain('医用口罩');
    await clearCart(t, buyer);
    const bad = await create({
      kind: 'gift',
      name: '坏赠品',
      ...schedule,
      tiers: [{ amount: 50_000, goods_id: 99_999_999, number: 1 }, { amount: 60_000 }],
      goods: [{ goods_id: G.plain }],
    });
    expect(errorsOf(bad)).toMatchObject({
      'tiers.1.goods_id': ['请填写赠品商品编号'],
      'tiers.1.number': ['请填写赠品数量'],
    });
    const unknown = await create({
      kind: 'gift',
      name: '坏赠品',
      ...schedule,
      tiers: [{ amount: 50_000, goods_id: 99_999_999, number: 1 }],
      goods: [{ goods_id: G.plain }],
    });
    expect(errorsOf(unknown)['tiers.0.goods_id']).toEqual(['赠品商品不存在']);
  });

  it('creates an activity page section with banner and rule text; it needs a page', async () => {
    const res = await create({
      kind: 'activity',
      name: '冬季保暖专区',
      description: '保暖用品集中采购。',
      image: '/media/banner/winter.svg',
      page: 'hdmb',
      sort: 1,
      ...schedule,
      goods: [{ goods_id: G.a }],
    });
    expect(res.status, res.body.msg).toBe(200);
    const page = await t.call<ActivityPage>('GET', '/api/activity/page?code=hdmb', { cookie: buyer.cookie });
    expect(page.body.data.sections.find((s) => s.id === res.body.data.id)).toMatchObject({
      name: '冬季保暖专区',
      description: '保暖用品集中采购。',
      image: '/media/banner/winter.svg',
    });
    expect(
      errorsOf(await create({ kind: 'activity', name: '无页面', ...schedule, goods: [{ goods_id: G.a }] })).page,
    ).toEqual(['请选择活动页']);
    const [audit] = await audits('promotion.create', res.body.data.id);
    expect(audit.after).toMatchObject({ kind: 'showcase', page: 'hdmb' });
  });
});

describe('积分商城 goods from the console', () => {
  const item = {
    name: '运营测试保温杯',
    description: '不锈钢保温杯',
    points: 800,
    cash_price: 990,
    stock: 12,
    per_company_limit: 2,
  };

  it('creates a points goods the mall lists (with its off-sale catalogue row), edits it and takes it off sale', async () => {
    const res = await t.call<{ id: number }>('POST', '/api/admin/points-goods', { cookie: ops, body: item });
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    const [row] = await t.db.select().from(pointsGoods).where(eq(pointsGoods.id, id));
    const [twin] = await t.db.select().from(goods).where(eq(goods.id, row.goodsId!));
    expect(twin).toMatchObject({ name: item.name, isOnSale: false, isBuy: false, externalCode: '' });
    // Written through insertGoodsRows like every goods (issue 32): the change log has it as created.
    const kinds = async () =>
      (
        await t.db
          .select({ kind: catalogueChanges.kind })
          .from(catalogueChanges)
          .where(eq(catalogueChanges.goodsId, twin.id))
      ).map((r) => r.kind);
    expect(await kinds()).toEqual(['created']);
    const mall = async () =>
      (await t.call<PointsMallView>('GET', '/api/points_mall', { cookie: buyer.cookie })).body.data.list;
    expect((await mall()).find((g) => g.id === id)).toMatchObject({
      points: 800,
      cash_price: 990,
      stock: 12,
      remaining_for_me: 2,
    });

    const saved = await t.call('POST', `/api/admin/points-goods/${id}`, {
      cookie: ops,
      body: { ...item, points: 600, stock: 20 },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const [updated] = await audits('points_goods.update', id);
    expect([updated.before, updated.after]).toMatchObject([
      { points: 800, stock: 12 },
      { points: 600, stock: 20 },
    ]);
    // A rename reaches the twin and is noted like any goods edit.
    expect(await kinds()).toEqual(['created', 'edited']);

    expect((await t.call('POST', `/api/admin/points-goods/${id}/off`, { cookie: ops })).status).toBe(200);
    expect((await mall()).map((g) => g.id)).not.toContain(id);
    expect((await t.call('POST', `/api/admin/points-goods/${id}/off`, { cookie: ops })).status).toBe(409);
    expect(await audits('points_goods.off_sale', id)).toHaveLength(1);
    expect((await t.call('POST', `/api/admin/points-goods/${id}/on`, { cookie: ops })).status).toBe(200);

    const listed = await t.call<Paged<AdminPointsGoodsRow>>('GET', '/api/admin/points-goods?page_size=100', {
      cookie: ops,
    });
    expect(listed.body.data.list.find((g) => g.id === id)).toMatchObject({
      points: 600,
      stock: 20,
      is_on_sale: true,
      exchanged: 0,
    });
  });

  it('refuses bad input and unknown ids', async () => {
    const bad = await t.call('POST', '/api/admin/points-goods', {
      cookie: ops,
      body: { ...item, points: 0, cash_price: -1, name: '' },
    });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toMatchObject({
      points: ['所需积分须为1-10000000的整数'],
      cash_price: ['现金部分须为0或正整数（分）'],
      name: ['请填写商品名称'],
    });
    expect((await t.call('POST', '/api/admin/points-goods/99999999', { cookie: ops, body: item })).status).toBe(404);
  });
});

describe('access', () => {
  it('is for 运营 and 管理员 only; unknown ids are 404', async () => {
    expect((await t.call('GET', '/api/admin/promotion-rules', { cookie: finance })).status).toBe(403);
    expect((await create({ kind: 'manjian' }, finance)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/points-goods', { cookie: finance })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/promotion-rules', { cookie: buyer.cookie })).status).toBe(401);
    expect((await t.call('GET', '/api/admin/promotion-rules?kind=lottery', { cookie: ops })).status).toBe(422);
    expect((await stop(99_999_999)).status).toBe(404);
    const admin = (await roleOperator(t, 'admin')).cookie;
    expect((await t.call('GET', '/api/admin/promotion-rules?kind=gift', { cookie: admin })).status).toBe(200);
  });
});
