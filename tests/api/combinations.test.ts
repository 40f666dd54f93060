// 组合购 (docs/api.md "Combinations"): the list and the detail at the viewer's prices (visitors:
// none), the set price equal to what the cart charges for a kind-3 line, ended or unknown
// combinations, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_NOW, type TestApp } from '../helpers/test-app.ts';
import { promotions } from '../../server/db/schema.ts';
import type { CombinationView } from '../../src/domain/combinations.ts';
import type { CartState } from '../../src/domain/cart-types.ts';

let t: TestApp;
let demo: string;

const group = (cookie: string | null) =>
  t.call<{ list: CombinationView[] }>('GET', '/api/combinationMzhgGroup', { cookie });
const one = (q: string, cookie: string | null = demo) =>
  t.call<CombinationView>('GET', `/api/combinationMzhg${q}`, { cookie });

beforeAll(async () => {
  t = await createTestApp({ seed: 50 });
  demo = await t.signIn('demo', 'demo1234');
});
afterAll(() => t.close());

describe('GET /api/combinationMzhgGroup', () => {
  it('lists the active combinations with a set price = Σ member price × quantity, below the members bought one by one', async () => {
    const res = await group(demo);
    expect(res.status).toBe(200);
    const list = res.body.data.list;
    expect(list.map((c) => c.name)).toEqual(['感冒季常备组合', '血糖监测组合']);
    for (const c of list) {
      expect(c.price).toBe(c.goods.reduce((s, m) => s + m.price! * m.quantity, 0));
      expect(c.original_price).toBe(c.goods.reduce((s, m) => s + m.original_price! * m.quantity, 0));
      expect(c.price!).toBeLessThan(c.original_price!);
      expect(c.goods_id).toBe(Math.min(...c.goods.map((m) => m.goods_id)));
      expect(c.sets).toBe(Math.min(...c.goods.map((m) => Math.floor(m.stock / m.quantity))));
    }
  });

  it('hides prices from a visitor', async () => {
    const res = await group(null);
    expect(res.body.data.list.length).toBe(2);
    for (const c of res.body.data.list) {
      expect(c.price).toBeNull();
      expect(c.goods.every((m) => m.price === null)).toBe(true);
    }
  });

  it('leaves out a combination that has ended', async () => {
    const [first] = (await group(demo)).body.data.list;
    await t.db
      .update(promotions)
      .set({ endsAt: new Date(TEST_NOW.getTime() - 1000) })
      .where(eq(promotions.id, first.id));
    expect((await group(demo)).body.data.list.map((c) => c.id)).not.toContain(first.id);
    expect((await one(`?id=${first.id}`)).status).toBe(404);
    await t.db
      .update(promotions)
      .set({ endsAt: new Date(TEST_NOW.getTime() + 30 * 86_400_000) })
      .where(eq(promotions.id, first.id));
  });
});

describe('GET /api/combinationMzhg', () => {
  it('is one combination; the cart charges its set price for a kind-3 line', async () => {
    const [c] = (await group(demo)).body.data.list;
    const res = await one(`?id=${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(c);
    const add = await t.call('POST', '/api/cart', {
      cookie: demo,
      body: { params: [{ goods_id: c.goods_id, number: 2, type: 3, combination_id: c.id }] },
    });
    expect(add.status).toBe(200);
    const cart = await t.call<CartState>('GET', '/api/cart/list', { cookie: demo });
    const line = cart.body.data.data.find((l) => l.type === 3 && l.combination?.id === c.id)!;
    expect(line.price).toBe(c.price);
    expect(line.number).toBe(2);
  });

  it('refuses a bad id with 422 and an unknown one with 404', async () => {
    const bad = await one('?id=abc');
    expect(bad.status).toBe(422);
    expect((bad.body.data as unknown as { errors: Record<string, string[]> }).errors.id).toEqual(['组合编号无效']);
    expect((await one('')).status).toBe(422);
    const none = await one('?id=999999');
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('组合活动不存在或已结束');
  });
});
