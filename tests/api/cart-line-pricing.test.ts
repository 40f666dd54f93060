// The cart says which promotion kind prices a type-1 line (CartLineView.pricing): a daily special
// (每日特价, kind everyday) is type 1 like a flash sale and must not read 秒杀 on the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, TEST_NOW, type TestApp } from '../helpers/test-app.ts';
import { cartLines, promotionGoods, promotions, users } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { CartState } from '../../src/domain/cart-types.ts';

let t: TestApp;
let demo: string;
let everydayGoods: number;
let flashGoods: number;
let plainGoods: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 60 });
  demo = await t.signIn('demo', 'demo1234');
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  await t.db.delete(cartLines).where(eq(cartLines.companyId, u.companyId!));
  await t.db.update(promotions).set({ isActive: false });
  const ids = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      SELECT id FROM goods WHERE is_buy AND is_on_sale AND stock >= 100 AND NOT is_kx AND NOT is_ephedrine AND NOT is_jxq
        AND ladder_price_type = 0 AND NOT mid_pack_strict AND min_buy = 1 AND purchase_limit = 0 ORDER BY id LIMIT 3`),
  ).map((r) => r.id);
  [everydayGoods, flashGoods, plainGoods] = ids;
  const window = {
    startsAt: new Date(TEST_NOW.getTime() - 3_600_000),
    endsAt: new Date(TEST_NOW.getTime() + 3_600_000),
  };
  const [daily] = await t.db
    .insert(promotions)
    .values({ kind: 'everyday', name: '每日特价测试', ...window })
    .returning({ id: promotions.id });
  const [flash] = await t.db
    .insert(promotions)
    .values({ kind: 'flash', name: '秒杀测试', ...window })
    .returning({ id: promotions.id });
  await t.db.insert(promotionGoods).values([
    { promotionId: daily.id, goodsId: everydayGoods, price: 100 },
    { promotionId: flash.id, goodsId: flashGoods, price: 100 },
  ]);
}, 180_000);
afterAll(() => t.close());

describe('cart line pricing', () => {
  it('names everyday for a daily special, flash for a flash sale, null for a normal line', async () => {
    const add = await t.call('POST', '/api/cart', {
      cookie: demo,
      body: {
        params: [
          { goods_id: everydayGoods, number: 1, type: 1 },
          { goods_id: flashGoods, number: 1, type: 1 },
          { goods_id: plainGoods, number: 1 },
        ],
      },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const list = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
    const byGoods = new Map(list.body.data.data.map((l) => [l.goods.id, l]));
    expect(byGoods.get(everydayGoods)).toMatchObject({ type: 1, pricing: 'everyday', price: 100 });
    expect(byGoods.get(flashGoods)).toMatchObject({ type: 1, pricing: 'flash', price: 100 });
    expect(byGoods.get(plainGoods)).toMatchObject({ type: 0, pricing: null });
  });
});
