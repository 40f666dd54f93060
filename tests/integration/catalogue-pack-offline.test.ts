// Everything over the pack with the server stopped (issue 35 §2; fake-indexeddb, the real app
// through the real HTTP client): a category list filtered and sorted on the device, a goods'
// detail never opened online, and the cart's rules applied on the device before anything is
// queued — 经营范围, 中包装 multiples, 起购量, 限购 and the 含麻黄碱 cap — each refused with the very
// sentence the server answers online for the same add.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { downloadPack, httpPackTransport } from '../../src/local/catalogue-pack';
import { listLocal } from '../../src/local/pack-list';
import { cartAddRefusal } from '../../src/local/cart-rules';
import type { LocalDb } from '../../src/local/db';
import { companies, goods as goodsTable } from '../../server/db/schema';
import { forgetCompanySessions } from '../../server/auth/session-memo';
import { insertGoods } from '../fixtures/catalogue';
import { openDb } from '../helpers/local-store';
import { startRealShop, uniqueName, type Member, type RealShop } from './real-shop';

let shop: RealShop;
let member: Member;
let db: LocalDb;
const ids: Record<string, number> = {};
let category = 0;

beforeAll(async () => {
  shop = await startRealShop();
  const made = await insertGoods(shop.t.db, shop.cat, [
    { name: '中包装片', basePrice: 300, stock: 100 },
    { name: '起购胶囊', basePrice: 400, stock: 100 },
    { name: '限购颗粒', basePrice: 500, stock: 100 },
    { name: '麻黄碱片', basePrice: 600, stock: 100 },
    { name: '饮片当归', basePrice: 700, stock: 100 },
  ]);
  [ids.mid, ids.min, ids.limit, ids.eph, ids.scope] = made;
  const t = shop.t.db;
  await t.update(goodsTable).set({ zbz: 10, midPackStrict: true }).where(eq(goodsTable.id, ids.mid!));
  await t.update(goodsTable).set({ minBuy: 5 }).where(eq(goodsTable.id, ids.min!));
  await t.update(goodsTable).set({ purchaseLimit: 3 }).where(eq(goodsTable.id, ids.limit!));
  await t.update(goodsTable).set({ isEphedrine: true, ephedrineLimit: 2 }).where(eq(goodsTable.id, ids.eph!));
  await t.update(goodsTable).set({ scopeClass: 'zyyp' }).where(eq(goodsTable.id, ids.scope!));
  await t.execute(sql`UPDATE goods SET sales_count = id * 10`);
  const [row] = await t.select({ c: goodsTable.categoryL1 }).from(goodsTable).where(eq(goodsTable.id, ids.mid!));
  category = row!.c;
  member = await shop.member(uniqueName('off'));
  // A clinic licensed for chemical medicines only: 中药饮片 is outside its 经营范围.
  await t
    .update(companies)
    .set({ businessScope: ['xy', 'zcy'] })
    .where(eq(companies.id, member.companyId));
  forgetCompanySessions(member.companyId);
  shop.browser.signInAs(member);
  db = await openDb(member.account);
  expect((await downloadPack(db, httpPackTransport)).stoppedBy).toBe('done');
});
afterAll(async () => {
  db.close();
  await shop.close();
});

/** What the server answers online for adding `number` of `goodsId` (its refusal sentence). */
async function onlineRefusal(goodsId: number, number: number): Promise<string> {
  const res = await shop.t.call('POST', '/api/cart', {
    cookie: member.cookie,
    body: { params: [{ goods_id: goodsId, number, ck_id: shop.cat.warehouseId }] },
  });
  expect(res.status, res.body.msg).not.toBe(200);
  return res.body.msg;
}

describe('with the server stopped', () => {
  it('a category list is filtered and sorted on the device', async () => {
    shop.browser.down = true;
    const all = await listLocal(db, { category_id: category, sort: 'price_desc', page_size: 100 });
    expect(all).not.toBeNull();
    const prices = all!.list.map((g) => g.base_price ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(all!.list.map((g) => g.id)).toEqual(expect.arrayContaining([ids.mid, ids.min]));
    const cheap = await listLocal(db, { category_id: category, price_max: 400, sort: 'price_asc' });
    expect(cheap!.list.every((g) => (g.base_price ?? 0) <= 400)).toBe(true);
    expect(cheap!.list.map((g) => g.base_price)).toEqual(
      [...cheap!.list.map((g) => g.base_price)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    const bySales = await listLocal(db, { category_id: category, page: 1, page_size: 2 });
    expect(bySales!.list).toHaveLength(2);
    expect(bySales!.list[0]!.sales).toBeGreaterThanOrEqual(bySales!.list[1]!.sales);
    expect((await listLocal(db, { keywords: '麻黄碱' }))!.list.map((g) => g.id)).toEqual([ids.eph]);
    shop.browser.down = false;
  });

  it('refuses on the device with the server’s own sentences', async () => {
    const cases: [number, number][] = [
      [ids.scope!, 1],
      [ids.mid!, 15],
      [ids.min!, 2],
      [ids.limit!, 4],
      [ids.eph!, 3],
    ];
    for (const [goodsId, number] of cases) {
      const expected = await onlineRefusal(goodsId, number);
      shop.browser.down = true;
      expect(await cartAddRefusal(db, [{ goods_id: goodsId, number, ck_id: shop.cat.warehouseId }])).toBe(expected);
      shop.browser.down = false;
    }
    // The texts themselves, as SPEC and the business-scope decision word them.
    shop.browser.down = true;
    expect(await cartAddRefusal(db, [{ goods_id: ids.scope!, number: 1, ck_id: shop.cat.warehouseId }])).toBe(
      '饮片当归：不在贵公司经营范围（中药饮片）',
    );
    expect(await cartAddRefusal(db, [{ goods_id: ids.mid!, number: 15, ck_id: shop.cat.warehouseId }])).toBe(
      '中包装片：购买数量须为中包装10的整数倍',
    );
    expect(await cartAddRefusal(db, [{ goods_id: ids.eph!, number: 3, ck_id: shop.cat.warehouseId }])).toBe(
      '麻黄碱片：最多可购买2盒',
    );
    // Lines within the rules pass.
    expect(
      await cartAddRefusal(db, [
        { goods_id: ids.mid!, number: 20, ck_id: shop.cat.warehouseId },
        { goods_id: ids.eph!, number: 2, ck_id: shop.cat.warehouseId },
      ]),
    ).toBeNull();
    shop.browser.down = false;
  });
});
