// Pictures kept offline (issue 35 §1 "Pictures"): GET /api/user/kept-thumbnails names the goods
// pictures the device keeps for the company the session acts for — goods it ordered in the last
// 12 months or favourited, most valuable first, within the budget; never a goods it may not see
// or another company's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { KeptThumbnailsList } from '../../src/domain/kept-thumbnails.ts';

let t: TestApp;
let demo: string;
let clinic: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 300 });
  demo = await t.signIn('demo', 'demo1234');
  clinic = await t.signIn('clinic', 'demo1234');
});
afterAll(() => t.close());

const kept = async (cookie: string) => {
  const res = await t.call<KeptThumbnailsList>('GET', '/api/user/kept-thumbnails', { cookie });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const ids = (l: KeptThumbnailsList) => l.thumbnails.map((x) => x.goods_id);

/** Goods of the seed nobody at `username`'s company ordered or favourited, on sale, not 控销. */
async function untouchedGoods(username: string, n: number): Promise<{ id: number; image: string }[]> {
  return rowsOf<{ id: number; image: string }>(
    await t.db.execute(sql`SELECT g.id, g.image FROM goods g, users u WHERE u.username = ${username}
      AND g.is_on_sale AND NOT g.is_kx AND g.image <> ''
      AND NOT EXISTS (SELECT 1 FROM order_lines ol JOIN orders o ON o.id = ol.order_id WHERE o.company_id = u.company_id AND ol.goods_id = g.id)
      AND NOT EXISTS (SELECT 1 FROM favorites f WHERE f.company_id = u.company_id AND f.goods_id = g.id)
      ORDER BY g.id LIMIT ${n}`),
  );
}

describe('GET /api/user/kept-thumbnails', () => {
  it('needs a signed-in company', async () => {
    expect((await t.call('GET', '/api/user/kept-thumbnails')).status).toBe(401);
  });

  it('names the pictures of goods ordered in the last 12 months and of favourites, with the budget', async () => {
    const list = await kept(demo);
    expect(list.max_count).toBe(300);
    expect(list.max_bytes).toBe(10 * 1024 * 1024);
    const ordered = rowsOf<{ goods_id: number }>(
      await t.db.execute(sql`SELECT DISTINCT ol.goods_id FROM order_lines ol JOIN orders o ON o.id = ol.order_id
        JOIN users u ON u.company_id = o.company_id JOIN goods g ON g.id = ol.goods_id
        WHERE u.username = 'demo' AND g.is_on_sale AND NOT g.is_kx AND g.image <> ''
          AND o.created_at >= ${new Date(t.clock.now().getTime() - 365 * 86_400_000).toISOString()}`),
    ).map((r) => r.goods_id);
    expect(ordered.length).toBeGreaterThan(0);
    expect(ids(list)).toEqual(expect.arrayContaining(ordered));
    for (const x of list.thumbnails) expect(x.src).toMatch(/^\/media\/goods\/\d+\.svg$/);

    // A new favourite joins the list; a goods never ordered nor favourited is not in it.
    const [liked, other] = await untouchedGoods('demo', 2);
    expect(ids(list)).not.toContain(liked!.id);
    const add = await t.call('POST', '/api/favorite', { cookie: demo, body: { goods_ids: [liked!.id] } });
    expect(add.status, add.body.msg).toBe(200);
    const after = await kept(demo);
    expect(after.thumbnails).toContainEqual({ goods_id: liked!.id, src: liked!.image });
    expect(ids(after)).not.toContain(other!.id);
    // Another company's favourite is not demo's: the clinic's list does not name it.
    expect(ids(await kept(clinic))).not.toContain(liked!.id);
  });

  it('most valuable first: a goods ordered more often comes before a favourite ordered never', async () => {
    const [top] = rowsOf<{ goods_id: number }>(
      await t.db.execute(sql`SELECT ol.goods_id FROM order_lines ol JOIN orders o ON o.id = ol.order_id
        JOIN users u ON u.company_id = o.company_id JOIN goods g ON g.id = ol.goods_id
        WHERE u.username = 'demo' AND g.is_on_sale AND NOT g.is_kx AND g.image <> ''
        GROUP BY ol.goods_id HAVING count(DISTINCT o.id) >= 2 ORDER BY count(DISTINCT o.id) DESC LIMIT 1`),
    );
    const [liked] = await untouchedGoods('demo', 1);
    await t.call('POST', '/api/favorite', { cookie: demo, body: { goods_ids: [liked!.id] } });
    const again = ids(await kept(demo));
    if (top) expect(again.indexOf(top.goods_id)).toBeLessThan(again.indexOf(liked!.id));
    expect(again.indexOf(liked!.id)).toBeGreaterThanOrEqual(0);
    expect(again.length).toBeLessThanOrEqual(300);
  });

  it('never a goods the buyer may not see: off sale, or 控销 for a company without the entitlement', async () => {
    const [gone] = (await kept(demo)).thumbnails;
    await t.db.execute(sql`UPDATE goods SET is_on_sale = false WHERE id = ${gone!.goods_id}`);
    // The clinic has no 控销 entitlement (demo has: it keeps the 控销 goods it favourited).
    const [controlled] = await untouchedGoods('clinic', 1);
    for (const cookie of [clinic, demo]) {
      const add = await t.call('POST', '/api/favorite', { cookie, body: { goods_ids: [controlled!.id] } });
      expect(add.status, add.body.msg).toBe(200);
    }
    expect(ids(await kept(clinic))).toContain(controlled!.id);
    await t.db.execute(sql`UPDATE goods SET is_kx = true WHERE id = ${controlled!.id}`);
    try {
      expect(ids(await kept(demo))).not.toContain(gone!.goods_id);
      expect(ids(await kept(clinic))).not.toContain(controlled!.id);
      expect(ids(await kept(demo))).toContain(controlled!.id);
    } finally {
      await t.db.execute(sql`UPDATE goods SET is_on_sale = true WHERE id = ${gone!.goods_id}`);
      await t.db.execute(sql`UPDATE goods SET is_kx = false WHERE id = ${controlled!.id}`);
    }
  });
});
