// /api/admin/draws (运营): list with prizes and draws made, create and schedule with prizes (a
// buyer can then draw it), stop and resume (the buyer is refused while stopped), a prize's weight
// and stock; each change writes an audit row; bad input is a 422; other roles are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { insertBuyer, type Buyer } from '../fixtures/catalogue.ts';
import { auditLog, couponTemplates } from '../../server/db/schema.ts';
import type { AdminDrawRow } from '../../src/domain/admin-draws.ts';

let t: TestApp;
let ops: string;
let finance: string;
let buyer: Buyer;
let templateId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  ops = await operatorSignIn(t, 'operations');
  finance = await operatorSignIn(t, 'finance');
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  [{ id: templateId }] = await t.db.select({ id: couponTemplates.id }).from(couponTemplates).limit(1);
});
afterAll(() => t.close());

const now = () => t.clock.now().getTime();

function newDraw(over: Record<string, unknown> = {}) {
  return {
    name: '双十二抽奖',
    rules: '每店免费1次',
    starts_at: now() - 1000,
    ends_at: now() + 86400_000,
    times_per_company: 1,
    order_min_yuan: '',
    prizes: [
      { name: '满500减20优惠券', remarks: '有效期30天', kind: 'coupon', ref_id: templateId, weight: 1, stock: 10 },
      { name: '谢谢参与', kind: 'none', weight: 0, stock: 0 },
    ],
    ...over,
  };
}

describe('/api/admin/draws', () => {
  it('lists the seeded draw with its prizes', async () => {
    const r = await t.call<AdminDrawRow[]>('GET', '/api/admin/draws', { cookie: ops });
    expect(r.status).toBe(200);
    // The seed also has last month's ended draw (demo's waiting goods prize), listed before it.
    const seeded = r.body.data.find((d) => d.name === '幸运大转盘');
    expect(seeded).toMatchObject({ is_active: true, times_per_company: 1, order_min_amount: 100000 });
    expect(seeded!.prizes.length).toBeGreaterThan(0);
  });

  it('creates a scheduled draw a buyer can draw; stop refuses the buyer, resume lets them; all audited', async () => {
    const created = await t.call<{ id: number }>('POST', '/api/admin/draws', { json: newDraw(), cookie: ops });
    expect([created.status, created.body.msg]).toEqual([200, '抽奖活动已创建']);
    const id = created.body.data.id;

    expect((await t.call('POST', `/api/admin/draws/${id}/stop`, { cookie: ops })).body.msg).toBe('抽奖活动已停止');
    expect((await t.call('GET', `/api/draw?id=${id}`, { cookie: buyer.cookie })).body.data).toEqual({
      errors: { id: ['抽奖活动未开始或已结束'] },
    });
    await t.call('POST', `/api/admin/draws/${id}/resume`, { cookie: ops });
    const drawn = await t.call('GET', `/api/draw?id=${id}`, { cookie: buyer.cookie });
    expect(drawn.body.data).toMatchObject({ name: '满500减20优惠券', kind: 'coupon' });

    const list = (await t.call<AdminDrawRow[]>('GET', '/api/admin/draws', { cookie: ops })).body.data;
    const row = list.find((d) => d.id === id)!;
    expect(row).toMatchObject({ records: 1, is_active: true, order_min_amount: null });
    expect(row.prizes[0].stock).toBe(9);

    const prize = await t.call('POST', `/api/admin/draws/${id}/prizes/${row.prizes[0].id}`, {
      body: { weight: 5, stock: 100 },
      cookie: ops,
    });
    expect(prize.body.data).toMatchObject({ weight: 5, stock: 100 });

    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'draw'), eq(auditLog.targetId, id)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['draw.create', 'draw.stop', 'draw.resume', 'draw.prize']);
  });

  it('refuses bad input, unknown ids and other roles', async () => {
    const bad = async (over: Record<string, unknown>) =>
      (await t.call('POST', '/api/admin/draws', { json: newDraw(over), cookie: ops })).body;
    expect((await bad({ name: '' })).data.errors.name).toEqual(['请填写活动名称']);
    expect((await bad({ ends_at: now() - 5000 })).data.errors.ends_at).toEqual(['结束时间须晚于开始时间']);
    expect((await bad({ prizes: [] })).data.errors.prizes).toEqual(['请至少设置一个奖品']);
    expect(
      (await bad({ prizes: [{ name: '券', kind: 'coupon', ref_id: 999999, weight: 1, stock: 1 }] })).data.errors[
        'prizes.0.ref_id'
      ],
    ).toEqual(['优惠券不存在']);
    expect(
      (await bad({ prizes: [{ name: '积分', kind: 'points', weight: 1, stock: 1 }] })).data.errors['prizes.0.ref_id'],
    ).toEqual(['请填写积分数']);
    // A goods prize must name a goods that exists (its winner's next order carries it).
    expect((await bad({ prizes: [{ name: '血压计', kind: 'goods', weight: 1, stock: 1 }] })).data.errors).toEqual({
      'prizes.0.ref_id': ['请填写商品编号'],
    });
    expect(
      (await bad({ prizes: [{ name: '血压计', kind: 'goods', ref_id: 999999, weight: 1, stock: 1 }] })).data.errors,
    ).toEqual({ 'prizes.0.ref_id': ['商品不存在'] });
    expect((await t.call('POST', '/api/admin/draws/99999/stop', { cookie: ops })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/admin/draws/1/prizes/99999', { body: { weight: 1, stock: 1 }, cookie: ops })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/admin/draws/1/prizes/1', { body: { weight: -1, stock: 1 }, cookie: ops })).status,
    ).toBe(422);

    expect((await t.call('GET', '/api/admin/draws', { cookie: finance })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/draws', { cookie: buyer.cookie })).status).toBe(401);
  });
});
