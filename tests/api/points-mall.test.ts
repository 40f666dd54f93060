// The points mall (docs/api.md "Points mall"): the list (visitors too), an exchange that takes
// stock, points (and the cash part from the balance) and creates the points order /jfdd lists and
// the ledger row /jfgl lists; refusals (short points, stock, cap, bad input, visitor); and the
// balance that never goes below zero when exchanges race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../helpers/accounts.ts';
import { addresses, orders, pointsGoods, walletLedger, wallets } from '../../server/db/schema.ts';
import type { PointsExchangeResult, PointsMallView } from '../../src/domain/points-mall.ts';
import type { LedgerPage } from '../../src/domain/wallet.ts';

let t: TestApp;
let demo: string;

const mall = (cookie: string | null) => t.call<PointsMallView>('GET', '/api/points_mall', { cookie });
const exchange = (cookie: string | null, body: Record<string, string | number>) =>
  t.call<PointsExchangeResult>('POST', '/api/points_mall/exchange', { cookie, body });

/** A fresh approved company with `points`, `balance` and a default address. */
async function member(username: string, points: number, balance = 0): Promise<{ cookie: string; companyId: number }> {
  const { companyId } = await createMember(t.db, { username });
  await t.db.insert(wallets).values({ companyId: companyId!, points, balance });
  await t.db
    .insert(walletLedger)
    .values({ companyId: companyId!, account: 'points', amount: points, balanceAfter: points, useType: 'adjust' });
  await t.db.insert(addresses).values({
    companyId: companyId!,
    consignee: '张三',
    phone: '13800138000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路1号',
    isDefault: true,
  });
  return { cookie: await t.signIn(username, 'demo1234'), companyId: companyId! };
}

async function goodsNamed(name: string) {
  const [g] = await t.db.select().from(pointsGoods).where(eq(pointsGoods.name, name));
  return g;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 50 });
  demo = await t.signIn('demo', 'demo1234');
});
afterAll(() => t.close());

describe('GET /api/points_mall', () => {
  it('lists the goods on sale with points, cash part and stock; a visitor sees zeros for the wallet', async () => {
    const res = await mall(null);
    expect(res.status).toBe(200);
    expect(res.body.data.points).toBe(0);
    expect(res.body.data.list.length).toBe(8);
    const cup = res.body.data.list.find((g) => g.name.includes('保温杯'))!;
    expect(cup.cash_price).toBe(1_990);
    expect(cup.remaining_for_me).toBe(2);
  });

  it('gives a member their points and balance', async () => {
    const res = await mall(demo);
    expect(res.body.data.points).toBeGreaterThan(0);
  });
});

describe('POST /api/points_mall/exchange', () => {
  it('takes points and stock, creates a paid points order and a ledger row', async () => {
    const m = await member('px_one', 1_000);
    const mask = await goodsNamed('医用外科口罩 50只装');
    const res = await exchange(m.cookie, { id: mask.id, number: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.points_used).toBe(600);
    expect(res.body.data.points).toBe(400);
    expect((await goodsNamed(mask.name)).stock).toBe(mask.stock - 2);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, m.companyId));
    expect(w.points).toBe(400);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, res.body.data.order_id));
    expect(o).toMatchObject({ kind: 'points', status: 'paid', pointsUsed: 600, payAmount: 0, companyId: m.companyId });

    const list = await t.call('GET', '/api/order?kind=points', { cookie: m.cookie });
    expect(list.body.data.list.map((x: { id: number }) => x.id)).toEqual([o.id]);
    const log = await t.call<LedgerPage>('GET', '/api/user/points_log', { cookie: m.cookie });
    expect(log.body.data.list.find((e) => e.use_type === 'exchange')).toMatchObject({ amount: -600 });
  });

  it('takes the cash part from the balance, and refuses when the balance is short', async () => {
    const rich = await member('px_cash', 5_000, 10_000);
    const cup = await goodsNamed('不锈钢保温杯 500ml');
    const ok = await exchange(rich.cookie, { id: cup.id, number: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.cash_amount).toBe(1_990);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, rich.companyId));
    expect(w).toMatchObject({ points: 2_500, balance: 10_000 - 1_990 });

    const poor = await member('px_nocash', 5_000, 100);
    const short = await exchange(poor.cookie, { id: cup.id, number: 1 });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('余额不足');
    const [p] = await t.db.select().from(wallets).where(eq(wallets.companyId, poor.companyId));
    expect(p).toMatchObject({ points: 5_000, balance: 100 });
  });

  it('refuses short points at the exact boundary and changes nothing', async () => {
    const m = await member('px_short', 799);
    const thermo = await goodsNamed('电子体温计');
    const res = await exchange(m.cookie, { id: thermo.id, number: 1 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('积分不足');
    expect((await goodsNamed(thermo.name)).stock).toBe(thermo.stock);
    expect(await t.db.select().from(orders).where(eq(orders.companyId, m.companyId))).toEqual([]);
    await t.db.update(wallets).set({ points: 800 }).where(eq(wallets.companyId, m.companyId));
    expect((await exchange(m.cookie, { id: thermo.id, number: 1 })).status).toBe(200);
  });

  it('refuses more than the stock, and past the per-company cap', async () => {
    const m = await member('px_stock', 1_000_000);
    const bp = await goodsNamed('上臂式电子血压计');
    await t.db.update(pointsGoods).set({ perCompanyLimit: 0 }).where(eq(pointsGoods.id, bp.id));
    const over = await exchange(m.cookie, { id: bp.id, number: bp.stock + 1 > 99 ? 99 : bp.stock + 1 });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('库存不足');
    await t.db.update(pointsGoods).set({ perCompanyLimit: 1 }).where(eq(pointsGoods.id, bp.id));
    await t.db.update(wallets).set({ balance: 100_000 }).where(eq(wallets.companyId, m.companyId));
    expect((await exchange(m.cookie, { id: bp.id, number: 1 })).status).toBe(200);
    const again = await exchange(m.cookie, { id: bp.id, number: 1 });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('已达兑换上限');
  });

  it('answers bad input with 422 field messages and an unknown goods with 404', async () => {
    const m = await member('px_bad', 1_000);
    const bad = await exchange(m.cookie, { id: 'abc', number: 0 });
    expect(bad.status).toBe(422);
    const errors = (bad.body.data as unknown as { errors: Record<string, string[]> }).errors;
    expect(errors.id).toEqual(['请选择兑换商品']);
    expect(errors.number).toEqual(['兑换数量须在1-99之间']);
    expect((await exchange(m.cookie, { id: 999_999, number: 1 })).status).toBe(404);
    const off = await goodsNamed('药品分装袋 1000个');
    await t.db.update(pointsGoods).set({ isOnSale: false }).where(eq(pointsGoods.id, off.id));
    expect((await exchange(m.cookie, { id: off.id, number: 1 })).body.msg).toBe('积分商品不存在');
    await t.db.update(pointsGoods).set({ isOnSale: true }).where(eq(pointsGoods.id, off.id));
  });

  it('sends a visitor to sign in (10001)', async () => {
    const res = await exchange(null, { id: 1, number: 1 });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it('never takes points below zero when exchanges race', async () => {
    const m = await member('px_race', 1_000);
    const mask = await goodsNamed('医用外科口罩 50只装');
    // 300 points each: 1000 points pay for 3 of 8.
    const results = await Promise.all(Array.from({ length: 8 }, () => exchange(m.cookie, { id: mask.id, number: 1 })));
    expect(results.filter((r) => r.status === 200).length).toBe(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.msg === '积分不足')).toBe(true);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, m.companyId));
    expect(w.points).toBe(100);
    const rows = await t.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.companyId, m.companyId), eq(walletLedger.account, 'points')));
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(100);
    expect(await t.db.select().from(orders).where(eq(orders.companyId, m.companyId))).toHaveLength(3);
  });
});

describe('the demo seed', () => {
  it('shows demo its earlier exchange as a completed points order', async () => {
    const res = await t.call('GET', '/api/order?kind=points', { cookie: demo });
    expect(res.body.data.list.length).toBe(1);
    expect(res.body.data.list[0].status).toBe('completed');
  });
});
