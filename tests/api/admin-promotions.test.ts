// /api/admin/promotions (issue 20): 运营 and 管理员 list, create and stop flash sales and group
// buys; every change writes its audit row; bad input is a 422 with field messages; other roles
// get 403 and a buyer's session is not an operator's. A created flash sale prices the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { auditLog, goods, promotionGoods, promotions } from '../../server/db/schema.ts';
import type { Paged } from '../../src/domain/admin.ts';
import type { ConsolePromotion } from '../../src/domain/admin-promotions.ts';
import type { GoodsActivity } from '../../src/domain/catalog.ts';

let t: TestApp;
let ops: string;
let finance: string;
let buyer: string;
let goodsIds: number[];
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  ops = await operatorSignIn(t, 'operations');
  finance = await operatorSignIn(t, 'finance');
  buyer = await t.signIn('demo', 'demo1234');
  goodsIds = (
    await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)))
      .limit(3)
  ).map((g) => g.id);
});

afterAll(async () => {
  await t.close();
});

const create = (cookie: string, body: Record<string, unknown>) =>
  t.call<{ id: number }>('POST', '/api/admin/promotions', { cookie, body });

describe('/api/admin/promotions', () => {
  it('creates a flash sale that the shop then runs, with an audit row', async () => {
    const now = t.clock.now();
    const res = await create(ops, {
      kind: 'flash',
      name: '运营测试秒杀',
      starts_at: secs(now) - 60,
      ends_at: secs(now) + 3_600,
      goods: [{ goods_id: goodsIds[0], price: 99, stock_limit: 20, per_company_limit: 2 }],
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('活动已创建');
    const id = res.body.data.id;
    const [row] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.promotionId, id));
    expect(row).toMatchObject({ price: 99, stockLimit: 20, perCompanyLimit: 2, quantity: 1 });
    const acts = await t.call<GoodsActivity[]>('GET', `/api/goods/activities?goods_id=${goodsIds[0]}`, {
      cookie: buyer,
    });
    expect(acts.body.data.find((a) => a.id === id)).toMatchObject({
      kind: 'flash',
      price: 99,
      per_company_limit: 2,
      remaining: 20,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promotion.create'), eq(auditLog.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].staffName).toBeTruthy();

    const list = await t.call<Paged<ConsolePromotion>>('GET', '/api/admin/promotions?kind=flash&page_size=100', {
      cookie: ops,
    });
    expect(list.body.data.list.find((p) => p.id === id)).toMatchObject({
      name: '运营测试秒杀',
      is_active: true,
      goods: [expect.objectContaining({ goods_id: goodsIds[0], price: 99 })],
    });
  });

  it('creates a group buy with its target and stops it; stopping twice is a 409', async () => {
    const now = t.clock.now();
    const res = await create(ops, {
      kind: 'group',
      name: '运营测试拼团',
      starts_at: secs(now),
      ends_at: secs(now) + 86_400,
      goods: [{ goods_id: goodsIds[1], price: 500, quantity: 80, per_company_limit: 10 }],
    });
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    const [row] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.promotionId, id));
    expect(row).toMatchObject({ price: 500, quantity: 80, stockLimit: 0 });

    const stop = await t.call('POST', `/api/admin/promotions/${id}/stop`, { cookie: ops });
    expect(stop.status).toBe(200);
    const [p] = await t.db.select().from(promotions).where(eq(promotions.id, id));
    expect(p.isActive).toBe(false);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'promotion.stop'), eq(auditLog.targetId, id))),
    ).toHaveLength(1);
    expect((await t.call('POST', `/api/admin/promotions/${id}/stop`, { cookie: ops })).status).toBe(409);
    expect((await t.call('POST', '/api/admin/promotions/99999999/stop', { cookie: ops })).status).toBe(404);
  });

  it('refuses bad input with field messages', async () => {
    const now = secs(t.clock.now());
    const bad = async (body: Record<string, unknown>) => {
      const res = await create(ops, {
        kind: 'flash',
        name: '坏活动',
        starts_at: now,
        ends_at: now + 60,
        goods: [{ goods_id: goodsIds[2], price: 10 }],
        ...body,
      });
      expect(res.status).toBe(422);
      return (res.body.data as unknown as { errors: Record<string, string[]> }).errors;
    };
    expect(Object.values(await bad({ kind: 'lottery' })).flat()).toContain('活动类型无效');
    expect(Object.values(await bad({ name: '' })).flat()).toContain('请填写活动名称');
    expect((await bad({ ends_at: now - 10 })).ends_at).toEqual(['结束时间须晚于开始时间']);
    expect(Object.values(await bad({ goods: [] })).flat()).toContain('请添加活动商品');
    expect(Object.values(await bad({ goods: [{ goods_id: goodsIds[2], price: -1 }] })).flat()).toContain(
      '活动价须为正整数（分）',
    );
    expect(Object.values(await bad({ goods: [{ goods_id: 999_999, price: 10 }] })).flat()).toContain('商品不存在');
    expect(Object.values(await bad({ kind: 'group' })).flat()).toContain('拼团须填写成团数量');
  });

  it('is for 运营 and 管理员 only', async () => {
    expect((await t.call('GET', '/api/admin/promotions', { cookie: finance })).status).toBe(403);
    expect((await create(finance, { kind: 'flash' })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/promotions', { cookie: buyer })).status).toBe(401);
    expect((await t.call('GET', '/api/admin/promotions')).status).toBe(401);
  });
});
