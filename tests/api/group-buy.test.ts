// Group buy (拼团, issue 20): GET /api/activity/group_buy, the group terms on goods activities,
// joining with a type-2 cart line at the member price within the per-company cap, and the
// deadline decision (server/services/promotions/group-deadline.ts): formed → the difference back
// to each paid order's wallet exactly once; failed → nothing moves; a message either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { messages, orderLines, promotionGoods, promotions, walletLedger } from '../../server/db/schema.ts';
import { decideDueGroups } from '../../server/services/promotions/group-deadline.ts';
import type { GroupBuyList } from '../../src/domain/group-buy.ts';
import type { GoodsActivity } from '../../src/domain/catalog.ts';
import type { CartAddResult } from '../../src/domain/cart-types.ts';

const DAY = 86_400_000;
let t: TestApp;
let shop: Shop;
let formedGroup: number;
let failedGroup: number;
let formedGoods: number;
let failedGoods: number;
let a: ShopBuyer;
let b: ShopBuyer;
let endsAt: Date;

const join = (buyer: ShopBuyer, goodsId: number, number: number, type: number | string = 2) =>
  t.call<CartAddResult>('POST', '/api/cart', {
    cookie: buyer.cookie,
    body: { params: [{ goods_id: goodsId, number, type }] },
  });

/** Joins and pays from the balance at once (an order paid at checkout). */
async function joinAndPay(buyer: ShopBuyer, goodsId: number, number: number) {
  const added = await join(buyer, goodsId, number);
  expect(added.status, added.body.msg).toBe(200);
  const placed = await shop.order(buyer, added.body.data.lines, { use_balance: 1 });
  expect(placed.status, placed.body.msg).toBe(200);
  expect(placed.body.data.status).toBe('paid');
  return placed.body.data.order_id;
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  const now = t.clock.now();
  endsAt = new Date(now.getTime() + DAY);
  formedGoods = await shop.goods({ name: '成团阿莫西林', basePrice: 1_000, stock: 1_000 });
  failedGoods = await shop.goods({ name: '未成团板蓝根', basePrice: 500, stock: 1_000 });
  const rows = await t.db
    .insert(promotions)
    .values([
      { kind: 'group', name: '爆款拼团', startsAt: new Date(now.getTime() - DAY), endsAt },
      { kind: 'group', name: '冷门拼团', startsAt: new Date(now.getTime() - DAY), endsAt },
    ])
    .returning({ id: promotions.id });
  [formedGroup, failedGroup] = rows.map((r) => r.id);
  await t.db.insert(promotionGoods).values([
    { promotionId: formedGroup, goodsId: formedGoods, price: 800, quantity: 30, perCompanyLimit: 20 },
    { promotionId: failedGroup, goodsId: failedGoods, price: 400, quantity: 100 },
  ]);
  a = await shop.buyer({ balance: 1_000_000 });
  b = await shop.buyer({ balance: 1_000_000 });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/activity/group_buy', () => {
  it('lists running groups with target and progress; prices only for approved members', async () => {
    const visitor = await t.call<GroupBuyList>('GET', '/api/activity/group_buy');
    expect(visitor.status).toBe(200);
    const g = visitor.body.data.list.find((x) => x.id === formedGoods)!;
    expect(g).toMatchObject({
      type: 2,
      promotion_id: formedGroup,
      group_price: null,
      target: 30,
      joined: 0,
      per_company_limit: 20,
    });
    expect(g.ends_at).toBe(Math.floor(endsAt.getTime() / 1000));
    expect(visitor.body.data.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const member = await t.call<GroupBuyList>('GET', '/api/activity/group_buy', { cookie: a.cookie });
    expect(member.body.data.list.find((x) => x.id === formedGoods)!.group_price).toBe(800);
  });

  it('sends price, group_size and joined on the goods activities the info-pt detail reads', async () => {
    const res = await t.call<GoodsActivity[]>('GET', `/api/goods/activities?goods_id=${formedGoods}`, {
      cookie: a.cookie,
    });
    expect(res.body.data.find((x) => x.kind === 'group')).toMatchObject({
      price: 800,
      group_size: 30,
      joined: 0,
      per_company_limit: 20,
    });
  });
});

describe('joining', () => {
  it('a visitor is asked to sign in; a bad line type is a 422', async () => {
    const visitor = await t.call('POST', '/api/cart', {
      body: { params: [{ goods_id: formedGoods, number: 1, type: 2 }] },
    });
    expect(visitor.body.code).toBe(10001);
    const bad = await join(a, formedGoods, 1, 7);
    expect(bad.status).toBe(422);
  });

  it('a goods outside any group cannot be joined', async () => {
    const other = await shop.goods({ name: '普通维C', basePrice: 300, stock: 10 });
    const res = await join(a, other, 1);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('普通维C：拼团活动已结束');
  });

  it('joins at the member price and counts the units; the cap counts units already ordered', async () => {
    const orderId = await joinAndPay(a, formedGoods, 12);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ type: 2, promotionId: formedGroup, price: 1_000, number: 12 });
    const list = await t.call<GroupBuyList>('GET', '/api/activity/group_buy', { cookie: a.cookie });
    expect(list.body.data.list.find((x) => x.id === formedGoods)!.joined).toBe(12);

    const over = await join(a, formedGoods, 9);
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('成团阿莫西林：活动每家限购20盒，已购12盒');
    // An unpaid join holds its units until the order is cancelled, then gives them back.
    const held = await join(a, formedGoods, 3);
    const unpaid = await shop.order(a, held.body.data.lines);
    expect(unpaid.body.data.status).toBe('pending_payment');
    const joinedNow = async () =>
      (await t.call<GroupBuyList>('GET', '/api/activity/group_buy')).body.data.list.find((x) => x.id === formedGoods)!
        .joined;
    expect(await joinedNow()).toBe(15);
    expect((await t.call('POST', `/api/order/${unpaid.body.data.order_id}/cancel`, { cookie: a.cookie })).status).toBe(
      200,
    );
    expect(await joinedNow()).toBe(12);
    await joinAndPay(a, formedGoods, 8);
    await joinAndPay(b, formedGoods, 15);
    await joinAndPay(b, failedGoods, 10);
  });
});

describe('the deadline', () => {
  it('does nothing before the end time', async () => {
    expect(await decideDueGroups(t.db, t.clock.now())).toEqual([]);
  });

  it('decides once with two sweepers: the formed group refunds the difference to each paid order', async () => {
    t.clock.set(new Date(endsAt.getTime() + 1_000));
    const before = { a: await shop.balanceOf(a), b: await shop.balanceOf(b) };
    const [first, second] = await Promise.all([
      decideDueGroups(t.db, t.clock.now()),
      decideDueGroups(t.db, t.clock.now()),
    ]);
    const decisions = [...first, ...second];
    expect(decisions).toHaveLength(2);
    expect(decisions.find((d) => d.promotionId === formedGroup)).toMatchObject({
      outcome: 'formed',
      joined: 35,
      refunded: 35 * 200,
      refundedOrders: 3,
    });
    expect(decisions.find((d) => d.promotionId === failedGroup)).toMatchObject({
      outcome: 'failed',
      joined: 10,
      refunded: 0,
    });
    expect(await decideDueGroups(t.db, t.clock.now())).toEqual([]);

    expect(await shop.balanceOf(a)).toBe(before.a + 20 * 200);
    expect(await shop.balanceOf(b)).toBe(before.b + 15 * 200);
    const refunds = await t.db
      .select()
      .from(walletLedger)
      .where(and(inArray(walletLedger.companyId, [a.companyId, b.companyId]), eq(walletLedger.useType, 'refund')));
    expect(refunds).toHaveLength(3);
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(35 * 200);
    expect(refunds.every((r) => r.remark === '拼团成功退差价：成团阿莫西林' && r.orderId !== null)).toBe(true);

    const [formed] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.promotionId, formedGroup));
    expect(formed.groupOutcome).toBe('formed');
    const [failed] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.promotionId, failedGroup));
    expect(failed.groupOutcome).toBe('failed');
  });

  it('tells each joining company once', async () => {
    const ofA = await t.db.select().from(messages).where(eq(messages.companyId, a.companyId));
    expect(ofA.map((m) => m.title)).toEqual(['拼团成功']);
    expect(ofA[0].body).toContain('差价¥40.00已退回钱包余额');
    const ofB = await t.db.select().from(messages).where(eq(messages.companyId, b.companyId));
    expect(ofB.map((m) => m.title).sort()).toEqual(['拼团成功', '拼团未成团']);
  });

  it('a group past its end time can no longer be joined nor listed', async () => {
    const res = await join(a, failedGoods, 1);
    expect(res.body.msg).toBe('未成团板蓝根：拼团活动已结束');
    const list = await t.call<GroupBuyList>('GET', '/api/activity/group_buy', { cookie: a.cookie });
    expect(list.body.data.list).toEqual([]);
  });
});
