// /api/admin/coupons (运营): a coupon created in the console is claimable at /lqzx from its start,
// within its limits; stopping it ends claims (already claimed coupons stay); each change writes
// one audit row; bad input is 422 on the field; other roles get 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { auditLog } from '../../server/db/schema.ts';
import type { CouponTemplateRow, Paged } from '../../src/domain/admin.ts';
import type { CouponOffer } from '../../src/domain/coupon-centre.ts';

let t: TestApp;
let ops: string;
let finance: string;
let buyer: string;
const HOUR = 3_600;

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  ops = await operatorSignIn(t, 'operations');
  finance = await operatorSignIn(t, 'finance');
  buyer = await t.signIn('demo', 'demo1234');
});
afterAll(() => t.close());

const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
const create = (cookie: string, body: Record<string, string | number>) =>
  t.call<CouponTemplateRow>('POST', '/api/admin/coupons', { cookie, body: body as never });
const valid = () => ({
  name: '运营新券 满300减15',
  threshold: 30_000,
  amount: 1_500,
  total: 2,
  per_company: 1,
  valid_days: 10,
  starts_at: nowS() - HOUR,
  ends_at: nowS() + 24 * HOUR,
});

describe('/api/admin/coupons', () => {
  it('creates a coupon the coupon centre offers, and stops it', async () => {
    const res = await create(ops, valid());
    expect([res.status, res.body.msg]).toEqual([200, '优惠券已创建']);
    expect(res.body.data).toMatchObject({
      name: '运营新券 满300减15',
      state: 'running',
      total: 2,
      per_company: 1,
      issued: 0,
    });
    const id = res.body.data.id;
    const offers = await t.call<CouponOffer[]>('GET', '/api/activity/coupons', { cookie: buyer });
    expect(offers.body.data.find((o) => o.id === id)).toMatchObject({
      state: 'available',
      threshold: 30_000,
      amount: 1_500,
    });
    expect((await t.call('POST', `/api/activity/coupons/${id}/claim`, { cookie: buyer })).status).toBe(200);

    const list = await t.call<Paged<CouponTemplateRow>>('GET', '/api/admin/coupons', { cookie: ops });
    expect(list.body.data.list[0]).toMatchObject({ id, issued: 1 });

    const stop = await t.call<CouponTemplateRow>('POST', `/api/admin/coupons/${id}/stop`, { cookie: ops });
    expect([stop.status, stop.body.data.state]).toEqual([200, 'ended']);
    expect((await t.call('POST', `/api/admin/coupons/${id}/stop`, { cookie: ops })).status).toBe(409);
    const after = await t.call<CouponOffer[]>('GET', '/api/activity/coupons', { cookie: buyer });
    expect(after.body.data.some((o) => o.id === id)).toBe(false);
    const held = await t.call<{ list: { name: string }[] }>(
      'GET',
      '/api/user/coupon?type=coupon&status=0&page_size=50',
      { cookie: buyer },
    );
    expect(held.body.data.list.map((c) => c.name)).toContain('运营新券 满300减15');

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'coupon_template'), eq(auditLog.targetId, id)));
    expect(audit.map((a) => a.action)).toEqual(['coupon.create', 'coupon.stop']);
  });

  it('schedules a coupon: not offered before its start', async () => {
    const res = await create(ops, { ...valid(), name: '明日券', starts_at: nowS() + 2 * HOUR });
    expect(res.body.data.state).toBe('scheduled');
    const offers = await t.call<CouponOffer[]>('GET', '/api/activity/coupons', { cookie: buyer });
    expect(offers.body.data.some((o) => o.id === res.body.data.id)).toBe(false);
  });

  it('refuses bad input on its field and other roles with 403', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ ...valid(), name: '' }, 'name', '请填写优惠券名称'],
      [{ ...valid(), amount: 0 }, 'amount', '优惠金额须为1-1000000分的整数'],
      [{ ...valid(), amount: 40_000 }, 'amount', '优惠金额须小于使用门槛'],
      [{ ...valid(), total: 'x' }, 'total', '发放总量须为0-1000000的整数（0为不限）'],
      [{ ...valid(), ends_at: nowS() - 2 * HOUR }, 'ends_at', '结束时间须晚于开始时间'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await create(ops, body);
      expect(res.status).toBe(422);
      expect((res.body.data as unknown as { errors: Record<string, string[]> }).errors[field]).toEqual([msg]);
    }
    expect((await create(finance, valid())).status).toBe(403);
    expect((await t.call('POST', '/api/admin/coupons/999999/stop', { cookie: ops })).status).toBe(404);
  });
});
