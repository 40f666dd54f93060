// /api/admin/exchange_promotions (issue 20): 运营 and 管理员 list, create, edit the tiers of and stop
// 换购 promotions; every change writes its audit row in its transaction; bad input is a 422 with
// field messages; other roles get 403, a buyer's session is not an operator's. A created promotion
// is offered in the buyer's cart; stopping it takes it away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { auditLog, cartLines, promotions, users } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { Paged } from '../../src/domain/admin.ts';
import type { ConsoleExchangePromotion } from '../../src/domain/admin-exchange.ts';
import type { ExchangeOffers } from '../../src/domain/exchange.ts';

let t: TestApp;
let ops: string;
let finance: string;
let buyer: string;
let member: number;
let offered: number;
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

beforeAll(async () => {
  t = await createTestApp({ seed: 60 });
  ops = await operatorSignIn(t, 'operations');
  finance = await operatorSignIn(t, 'finance');
  buyer = await t.signIn('demo', 'demo1234');
  await t.db.update(promotions).set({ isActive: false });
  const plain = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      SELECT id FROM goods WHERE is_buy AND is_on_sale AND stock >= 100 AND NOT is_kx AND NOT is_ephedrine AND NOT is_jxq
        AND ladder_price_type = 0 AND NOT mid_pack_strict AND min_buy = 1 AND purchase_limit = 0 ORDER BY id LIMIT 2`),
  );
  [member, offered] = plain.map((r) => r.id);
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  await t.db.delete(cartLines).where(eq(cartLines.companyId, u.companyId!));
  await t.call('POST', '/api/cart', { cookie: buyer, body: { params: [{ goods_id: member, number: 1 }] } });
}, 180_000);
afterAll(() => t.close());

const create = (cookie: string, body: Record<string, unknown>) =>
  t.call<{ id: number }>('POST', '/api/admin/exchange_promotions', { cookie, body });
const draft = (over: Record<string, unknown> = {}) => ({
  name: '运营测试换购',
  starts_at: secs(t.clock.now()) - 60,
  ends_at: secs(t.clock.now()) + 3_600,
  member_ids: [member],
  tiers: [{ amount: 1, goods: [{ goods_id: offered, price: 500, limit: 2 }] }],
  ...over,
});
const audits = (id: number) =>
  t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'promotion'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.id);

describe('/api/admin/exchange_promotions', () => {
  it('creates one the buyer is offered in the cart, edits its tiers, stops it; each with an audit row', async () => {
    const res = await create(ops, draft());
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('换购活动已创建');
    const id = res.body.data.id;
    const offers = await t.call<ExchangeOffers>('GET', '/api/cart/exchange', { cookie: buyer });
    expect(offers.body.data.list).toEqual([
      expect.objectContaining({
        promotion_id: id,
        goods: [expect.objectContaining({ goods_id: offered, price: 500, limit: 2 })],
      }),
    ]);

    const list = await t.call<Paged<ConsoleExchangePromotion>>('GET', '/api/admin/exchange_promotions', {
      cookie: ops,
    });
    expect(list.body.data.list[0]).toMatchObject({
      id,
      name: '运营测试换购',
      is_active: true,
      members: [{ goods_id: member }],
      exchanged: 0,
    });
    expect(list.body.data.list[0].tiers[0]).toMatchObject({
      amount: 1,
      goods: [{ goods_id: offered, price: 500, limit: 2 }],
    });

    const edited = await t.call('POST', `/api/admin/exchange_promotions/${id}/tiers`, {
      cookie: ops,
      body: { tiers: [{ amount: 1, goods: [{ goods_id: offered, price: 300, limit: 1 }] }] },
    });
    expect(edited.status, edited.body.msg).toBe(200);
    const after = await t.call<ExchangeOffers>('GET', '/api/cart/exchange', { cookie: buyer });
    expect(after.body.data.list[0].goods[0]).toMatchObject({ price: 300, limit: 1 });

    const stop = await t.call('POST', `/api/admin/exchange_promotions/${id}/stop`, { cookie: ops });
    expect(stop.status).toBe(200);
    expect((await t.call<ExchangeOffers>('GET', '/api/cart/exchange', { cookie: buyer })).body.data.list).toEqual([]);
    const again = await t.call('POST', `/api/admin/exchange_promotions/${id}/stop`, { cookie: ops });
    expect(again.status).toBe(409);
    expect((await audits(id)).map((a) => a.action)).toEqual(['exchange.create', 'exchange.tiers', 'exchange.stop']);
  });

  it('refuses bad input with field messages, unknown goods and ids, other roles and buyers', async () => {
    const bad = async (over: Record<string, unknown>) =>
      (await create(ops, draft(over))).body as unknown as { code: number; data: { errors: Record<string, string[]> } };
    expect((await bad({ name: '' })).data.errors.name).toEqual(['请填写活动名称']);
    expect((await bad({ ends_at: secs(t.clock.now()) - 3_600 })).data.errors.ends_at).toEqual([
      '结束时间须晚于开始时间',
    ]);
    expect((await bad({ member_ids: [] })).data.errors.member_ids).toEqual(['请添加活动商品']);
    expect((await bad({ tiers: [] })).data.errors.tiers).toEqual(['请添加换购档位']);
    expect(
      (await bad({ tiers: [{ amount: 100, goods: [{ goods_id: offered, price: -1, limit: 1 }] }] })).data.errors[
        'tiers.0.goods.0.price'
      ],
    ).toEqual(['换购价须为0或正整数（分）']);
    expect(
      (await bad({ tiers: [{ amount: 100, goods: [{ goods_id: 99_999_999, price: 1, limit: 1 }] }] })).data.errors[
        'tiers.0.goods.0.goods_id'
      ],
    ).toEqual(['商品不存在']);
    expect((await bad({ member_ids: [member, 99_999_999] })).data.errors['member_ids.1']).toEqual(['商品不存在']);
    expect((await t.call('POST', '/api/admin/exchange_promotions/999999/stop', { cookie: ops })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/admin/exchange_promotions/abc/tiers', { cookie: ops, body: { tiers: [] } })).status,
    ).toBe(404);
    expect((await create(finance, draft())).status).toBe(403);
    expect((await t.call('GET', '/api/admin/exchange_promotions', { cookie: finance })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/exchange_promotions', { cookie: buyer })).status).toBe(401);
  });
});
