// Reconcile against the real server's cart: the server wins, and every difference from what the
// buyer saw becomes a change row with the words. The "before" and "after" carts are the
// real app's answers around a change made as the back office would (price, stock, 下架).
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { draftCartAdd, readCartDraft, rememberCartState } from '../../src/local/cart-draft';
import type { CartChangeConflict, LocalDb } from '../../src/local/db';
import { diffCart, reconcileCart } from '../../src/local/reconcile';
import { createSyncEngine } from '../../src/local/sync-engine';
import { httpTransport } from '../../src/local/transport';
import { cartLines } from '../../server/db/schema';
import { openDb } from '../helpers/local-store';
import { startRealShop, uniqueName, type RealShop } from './real-shop';

let shop: RealShop;
let g: RealShop['goodsId'];
beforeAll(async () => {
  shop = await startRealShop();
  g = shop.goodsId;
});
afterAll(() => shop.close());

const open: LocalDb[] = [];
beforeEach(() => shop.browser.reset());
afterEach(async () => {
  for (const db of open.splice(0)) db.close();
  await shop.restoreGoods();
});

async function member() {
  const m = await shop.member(uniqueName());
  shop.browser.signInAs(m);
  return m;
}

async function localDb(m: Awaited<ReturnType<typeof member>>) {
  const db = await openDb(m.account);
  open.push(db);
  return db;
}

describe('diffCart texts', () => {
  it('price changed', async () => {
    const m = await member();
    const local = (await shop.cartWith(m, [{ role: 'ganmaoling', number: 2 }])).data;
    await shop.setGoods('ganmaoling', { basePrice: 1300 });
    const changes = diffCart(local, (await shop.cart(m)).data);
    expect(changes).toEqual([
      {
        change: 'price',
        lineId: local[0].id,
        goodsId: g.ganmaoling,
        name: '感冒灵颗粒',
        text: '感冒灵颗粒：价格已变动（¥12.50 → ¥13.00）',
        before: 1250,
        after: 1300,
      },
    ]);
  });

  it('stock short', async () => {
    const m = await member();
    const local = (await shop.cartWith(m, [{ role: 'ganmaoling', number: 20 }])).data;
    await shop.setGoods('ganmaoling', { stock: 3 });
    expect(diffCart(local, (await shop.cart(m)).data).map((c) => c.text)).toEqual([
      '感冒灵颗粒：库存不足（需要20盒，现有3盒）',
    ]);
  });

  it('off sale / not buyable', async () => {
    const m = await member();
    const local = (await shop.cartWith(m, [{ role: 'banlangen', number: 1 }])).data;
    await shop.setGoods('banlangen', { isBuy: false });
    expect(diffCart(local, (await shop.cart(m)).data).map((c) => [c.change, c.text])).toEqual([
      ['off_sale', '板蓝根颗粒：已下架'],
    ]);
  });

  it('over the purchase limit', async () => {
    const m = await member();
    const before = (await shop.cartWith(m, [{ role: 'limited', number: 4 }])).data;
    // What the buyer saw: more than the limit, on a copy from before the limit existed.
    const local = [{ ...before[0], number: 8, goods: { ...before[0].goods, purchase_limit: 0 } }];
    expect(diffCart(local, (await shop.cart(m)).data).map((c) => [c.change, c.text])).toEqual([
      ['limit', '复方甘草片：超出限购（最多可购买5盒）'],
    ]);
  });

  it('a line the server no longer has; nothing for lines only the server has', async () => {
    const m = await member();
    const local = (await shop.cartWith(m, [{ role: 'ganmaoling', number: 1 }])).data;
    const now = await shop.cartWith(m, [{ role: 'banlangen', number: 1 }]);
    expect(diffCart(local, now.data).map((c) => c.text)).toEqual(['感冒灵颗粒：已从购物车移除']);
  });

  it('no rows when nothing changed', async () => {
    const m = await member();
    const state = await shop.cartWith(m, [{ role: 'ganmaoling', number: 1 }]);
    expect(diffCart(state.data, (await shop.cart(m)).data)).toEqual([]);
  });
});

describe('reconcileCart', () => {
  it('stores change rows, replaces the draft with the server cart, and replaces an open row of the same kind', async () => {
    const m = await member();
    const db = await localDb(m);
    await rememberCartState(db, await shop.cartWith(m, [{ role: 'ganmaoling', number: 2 }]));
    await shop.setGoods('ganmaoling', { basePrice: 1300 });
    const first = await reconcileCart(db, () => shop.cart(m));
    expect(first.applied).toBe(true);
    expect((await readCartDraft(db)).lines[0].price).toBe(1300);

    // A second change before the buyer looked: one open price row, the newest.
    await shop.setGoods('ganmaoling', { basePrice: 1400 });
    await reconcileCart(db, () => shop.cart(m));
    const rows = (await db.conflicts.toArray()) as CartChangeConflict[];
    expect(rows.map((r) => r.text)).toEqual(['感冒灵颗粒：价格已变动（¥13.00 → ¥14.00）']);
  });

  it('is skipped while cart entries are queued (the server does not have them yet)', async () => {
    const m = await member();
    const db = await localDb(m);
    await rememberCartState(db, await shop.cart(m));
    await draftCartAdd(db, [{ goods_id: g.ganmaoling, number: 1, ck_id: shop.cat.warehouseId }], {
      goods: [await shop.listed(m, 'ganmaoling')],
    });
    const result = await reconcileCart(db, () => shop.cart(m));
    expect(result.applied).toBe(false);
    expect((await readCartDraft(db)).lines).toHaveLength(1);
  });

  it('runs after the engine synced cart entries: the banner lists what the server changed', async () => {
    const m = await member();
    const db = await localDb(m);
    // The buyer saw 8.00 and 500 in stock when adding offline.
    await draftCartAdd(db, [{ goods_id: g.banlangen, number: 30, ck_id: shop.cat.warehouseId }], {
      goods: [await shop.listed(m, 'banlangen')],
    });
    // Meanwhile the price went up; right after the add was stored, others bought all but 10.
    await shop.setGoods('banlangen', { basePrice: 850 });
    shop.browser.faults = [{ type: 'pass', after: () => shop.setGoods('banlangen', { stock: 10 }) }];
    const engine = createSyncEngine({ db, account: m.account, transport: httpTransport, locks: null });
    await engine.trigger('enqueue');

    expect(await shop.cartNumbers(m)).toEqual({ [g.banlangen]: 30 });
    const rows = (await db.conflicts.toArray()) as CartChangeConflict[];
    expect(rows.map((r) => r.change)).toEqual(['price', 'stock']);
    expect(rows.map((r) => r.text)).toEqual([
      '板蓝根颗粒：价格已变动（¥8.00 → ¥8.50）',
      '板蓝根颗粒：库存不足（需要30盒，现有10盒）',
    ]);
    const draft = await readCartDraft(db);
    expect(draft.provisional).toBe(false);
    const [serverLine] = await shop.t.db.select().from(cartLines).where(eq(cartLines.companyId, m.companyId));
    expect(draft.lines.map((l) => [l.id, l.price, l.local])).toEqual([[serverLine.id, 850, 0]]);
  });
});
