// Reconcile: the server's cart wins, and every difference from what the buyer saw becomes a
// change row with the words.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { draftCartAdd, readCartDraft, rememberCartState } from '../../../src/local/cart-draft';
import type { CartChangeConflict, LocalDb } from '../../../src/local/db';
import { CART_CHANGE_TEXTS } from '../../../src/local/cart-change-texts';
import { diffCart, reconcileCart } from '../../../src/local/reconcile';
import { createSyncEngine } from '../../../src/local/sync-engine';
import { FakeServer, GOODS, freshAccount, makeGoods, openDb } from './harness';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function withCart(server: FakeServer) {
  const db = await openDb(freshAccount());
  open.push(db);
  await rememberCartState(db, server.cartState());
  return db;
}

describe('diffCart texts', () => {
  it('uses the four texts of the issue', () => {
    expect(CART_CHANGE_TEXTS).toMatchObject({ price: '价格已变动', stock: '库存不足', off_sale: '已下架', limit: '超出限购' });
  });

  it('price changed', () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 7, type: 0, number: 2, is_selected: 1, price: 1250 }];
    const local = server.cartState().data;
    server.setGoods({ ...GOODS.ganmaoling, price: 1300 });
    const changes = diffCart(local, server.cartState().data);
    expect(changes).toEqual([
      {
        change: 'price',
        lineId: 1,
        goodsId: 7,
        name: '感冒灵颗粒',
        text: '感冒灵颗粒：价格已变动（¥12.50 → ¥13.00）',
        before: 1250,
        after: 1300,
      },
    ]);
  });

  it('stock short', () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 7, type: 0, number: 20, is_selected: 1, price: 1200 }];
    const local = server.cartState().data;
    server.setGoods({ ...GOODS.ganmaoling, number: 3 });
    expect(diffCart(local, server.cartState().data).map((c) => c.text)).toEqual(['感冒灵颗粒：库存不足（需要20盒，现有3盒）']);
  });

  it('off sale / not buyable', () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 8, type: 0, number: 1, is_selected: 1, price: 800 }];
    const local = server.cartState().data;
    server.setGoods({ ...GOODS.banlangen, is_buy: 0 });
    expect(diffCart(local, server.cartState().data).map((c) => [c.change, c.text])).toEqual([
      ['off_sale', '板蓝根颗粒：已下架'],
    ]);
  });

  it('over the purchase limit', () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 9, type: 0, number: 4, is_selected: 1, price: 500 }];
    const before = server.cartState().data;
    const local = [{ ...before[0], number: 8, goods: { ...before[0].goods, purchase_limit: 0 } }];
    expect(diffCart(local, server.cartState().data).map((c) => [c.change, c.text])).toEqual([
      ['limit', '复方甘草片：超出限购（最多可购买5盒）'],
    ]);
  });

  it('a line the server no longer has; nothing for lines only the server has', () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 7, type: 0, number: 1, is_selected: 1, price: 1250 }];
    const local = server.cartState().data;
    server.lines = [{ id: 2, goods_id: 8, type: 0, number: 1, is_selected: 1, price: 800 }];
    expect(diffCart(local, server.cartState().data).map((c) => c.text)).toEqual(['感冒灵颗粒：已从购物车移除']);
  });

  it('no rows when nothing changed', () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 7, type: 0, number: 1, is_selected: 1, price: 1250 }];
    expect(diffCart(server.cartState().data, server.cartState().data)).toEqual([]);
  });
});

describe('reconcileCart', () => {
  it('stores change rows, replaces the draft with the server cart, and replaces an open row of the same kind', async () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 7, type: 0, number: 2, is_selected: 1, price: 1250 }];
    const db = await withCart(server);
    server.setGoods({ ...GOODS.ganmaoling, price: 1300 });
    const first = await reconcileCart(db, async () => server.cartState());
    expect(first.applied).toBe(true);
    expect((await readCartDraft(db)).lines[0].price).toBe(1300);

    // The buyer still sees the old price on another device's copy… simulate a second change.
    server.setGoods({ ...GOODS.ganmaoling, price: 1400 });
    await reconcileCart(db, async () => server.cartState());
    const rows = (await db.conflicts.toArray()) as CartChangeConflict[];
    expect(rows.map((r) => r.text)).toEqual(['感冒灵颗粒：价格已变动（¥13.00 → ¥14.00）']);
  });

  it('is skipped while cart entries are queued (the server does not have them yet)', async () => {
    const server = new FakeServer();
    const db = await withCart(server);
    await draftCartAdd(db, [{ goods_id: 7, number: 1, ck_id: 3 }], { goods: [GOODS.ganmaoling] });
    const result = await reconcileCart(db, async () => server.cartState());
    expect(result.applied).toBe(false);
    expect((await readCartDraft(db)).lines).toHaveLength(1);
  });

  it('runs after the engine synced cart entries: the banner lists what the server changed', async () => {
    const account = freshAccount();
    const db = await openDb(account);
    open.push(db);
    const server = new FakeServer(account);
    // The buyer saw 12.50 and 500 in stock when adding offline; the server now says otherwise.
    await draftCartAdd(db, [{ goods_id: 7, number: 30, ck_id: 3 }], {
      goods: [makeGoods({ ladder_price: [] })],
    });
    server.setGoods(makeGoods({ price: 1350, ladder_price: [], number: 10 }));
    const engine = createSyncEngine({ db, account, transport: server.transport, locks: null });
    await engine.trigger('enqueue');

    expect(server.cartNumbers()).toEqual({ 7: 30 });
    const rows = (await db.conflicts.toArray()) as CartChangeConflict[];
    expect(rows.map((r) => r.change)).toEqual(['price', 'stock']);
    expect(rows.map((r) => r.text)).toEqual([
      '感冒灵颗粒：价格已变动（¥12.50 → ¥13.50）',
      '感冒灵颗粒：库存不足（需要30盒，现有10盒）',
    ]);
    const draft = await readCartDraft(db);
    expect(draft.provisional).toBe(false);
    expect(draft.lines.map((l) => [l.id, l.price, l.local])).toEqual([[server.lines[0].id, 1350, 0]]);
  });
});
