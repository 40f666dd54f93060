// The offline cart: changes apply to the draft and queue their entry in one transaction; totals
// come from the shared domain computation and are provisional while entries wait.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { computeCart, calcLineFromView } from '../../../src/domain/cart';
import {
  draftCartAdd,
  draftCartDelete,
  draftCartEdit,
  draftCartSelect,
  provisionalCart,
  readCartDraft,
  rememberCartState,
} from '../../../src/local/cart-draft';
import type { LocalDb } from '../../../src/local/db';
import { pendingEntries } from '../../../src/local/outbox-queue';
import { buyAgainLines, listRecentOrders, rememberOrders } from '../../../src/local/recent-orders';
import { rememberGoods } from '../../../src/local/catalogue-snapshot';
import type { OrderSummary } from '../../../src/domain/orders';
import { FakeServer, GOODS, freshAccount, openDb } from './harness';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function fresh() {
  const db = await openDb(freshAccount());
  open.push(db);
  return db;
}

describe('cart draft', () => {
  it('adds a new line on top with a temporary id and queues one cart.add', async () => {
    const db = await fresh();
    const entry = await draftCartAdd(db, [{ goods_id: 7, number: 2, ck_id: 3, price: 1250 }], { goods: [GOODS.ganmaoling] });
    const view = await readCartDraft(db);
    expect(view.provisional).toBe(true);
    expect(view.lines).toHaveLength(1);
    const [l] = view.lines;
    expect(l.id).toBeLessThan(0);
    expect(l).toMatchObject({ number: 2, price: 1250, raw_price: 2500, is_selected: 1, local: 1 });
    expect(l.goods.name).toBe('感冒灵颗粒');
    expect(entry).toMatchObject({ kind: 'cart.add', tries: 0, payload: { lineIds: [l.id] } });
    expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('adds up into an existing line like the server does and re-prices it by the ladder', async () => {
    const db = await fresh();
    const server = new FakeServer();
    server.lines = [{ id: 55, goods_id: 7, type: 0, number: 4, is_selected: 0, price: 1250 }];
    expect(await rememberCartState(db, server.cartState())).toBe(true);
    await draftCartAdd(db, [{ goods_id: 7, number: 6, ck_id: 3 }]);
    const [l] = (await readCartDraft(db)).lines;
    // 10 units reach the ladder step (10 → 12.00).
    expect(l).toMatchObject({ id: 55, number: 10, price: 1200, is_selected: 1 });
    const [entry] = await pendingEntries(db);
    expect(entry.kind === 'cart.add' && entry.payload.lineIds).toEqual([55]);
  });

  it('looks the goods up in the catalogue snapshot, else shows a placeholder with the seen price', async () => {
    const db = await fresh();
    await rememberGoods(db, [GOODS.banlangen]);
    await draftCartAdd(db, [
      { goods_id: 8, number: 1, ck_id: 3 },
      { goods_id: 4242, number: 3, ck_id: 3, price: 990 },
    ]);
    const lines = (await readCartDraft(db)).lines;
    expect(lines.map((l) => [l.goods.name, l.price])).toEqual([
      ['商品4242', 990],
      ['板蓝根颗粒', 800],
    ]);
  });

  it('edit, select and delete change the draft and queue their entries in order', async () => {
    const db = await fresh();
    const server = new FakeServer();
    server.lines = [
      { id: 1, goods_id: 7, type: 0, number: 1, is_selected: 1, price: 1250 },
      { id: 2, goods_id: 8, type: 0, number: 1, is_selected: 1, price: 800 },
    ];
    await rememberCartState(db, server.cartState());
    await draftCartEdit(db, 1, 12);
    await draftCartSelect(db, [2], false);
    await draftCartDelete(db, [2]);
    const view = await readCartDraft(db);
    expect(view.lines.map((l) => [l.id, l.number, l.price, l.is_selected])).toEqual([[1, 12, 1200, 1]]);
    expect((await pendingEntries(db)).map((e) => [e.kind, e.payload])).toEqual([
      ['cart.edit', { id: 1, number: 12 }],
      ['cart.select', { ids: [2], is_selected: 0 }],
      ['cart.delete', { ids: [2] }],
    ]);
  });

  it('computes totals with the shared domain code (same answer as the server for the same lines)', async () => {
    const db = await fresh();
    const server = new FakeServer();
    server.lines = [
      { id: 1, goods_id: 7, type: 0, number: 10, is_selected: 1, price: 1200 },
      { id: 2, goods_id: 8, type: 0, number: 3, is_selected: 0, price: 800 },
    ];
    const state = server.cartState();
    await rememberCartState(db, state);
    const view = await readCartDraft(db);
    expect(view.provisional).toBe(false);
    const expected = computeCart(state.data.map((l) => calcLineFromView(l)!), [], state.shipping_data).totals;
    expect(view.totals).toEqual(expected);
    expect(view.totals).toMatchObject({ raw_price: 12000, selected_count: 1, selected_number: 10 });
  });

  it('totals are null when prices are hidden or a selected line has no known price', () => {
    const server = new FakeServer();
    server.lines = [{ id: 1, goods_id: 7, type: 0, number: 1, is_selected: 1, price: 1250 }];
    const rows = server.cartState().data.map((l, i) => ({ ...l, sort: i, local: 0 as const }));
    const ctx = {
      shipping_data: { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 },
      activity_data: { manjians: [], discounts: [] },
      filter_data: null,
      pricesHidden: true,
    };
    expect(provisionalCart(rows, ctx).totals).toBeNull();
    const unknown = [{ ...rows[0], price: null }];
    expect(provisionalCart(unknown, { ...ctx, pricesHidden: false }).totals).toBeNull();
  });

  it('keeps the server copy from replacing the draft while cart changes are queued', async () => {
    const db = await fresh();
    await draftCartAdd(db, [{ goods_id: 7, number: 1, ck_id: 3 }], { goods: [GOODS.ganmaoling] });
    expect(await rememberCartState(db, new FakeServer().cartState())).toBe(false);
    expect((await readCartDraft(db)).lines).toHaveLength(1);
  });

  it('draft change and outbox entry are one transaction: if the entry cannot be stored, neither is', async () => {
    const db = await fresh();
    db.outbox.hook('creating', () => {
      throw new Error('disk error');
    });
    await expect(draftCartAdd(db, [{ goods_id: 7, number: 1, ck_id: 3 }], { goods: [GOODS.ganmaoling] })).rejects.toThrow(
      'disk error',
    );
    expect(await db.cartDrafts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('recent orders and buy again', () => {
  const order = (id: number, created_at: number, lines: OrderSummary['lines'], line_count = lines.length): OrderSummary => ({
    id,
    order_no: `NO${id}`,
    status: 'completed',
    kind: 'normal',
    created_at,
    pay_amount: 1000,
    goods_amount: 1000,
    line_count,
    lines,
    expires_in: null,
    has_ephedrine: 0,
    can: { pay: false, cancel: false, confirm: false, rebuy: true, after_sale: false, invoice: false },
  });

  it('stores orders newest first and turns one into cart lines', async () => {
    const db = await fresh();
    await rememberGoods(db, [GOODS.ganmaoling]);
    await rememberOrders(db, [
      order(1, 100, [{ goods_id: 7, name: '感冒灵颗粒', goods_image: '', number: 2 }]),
      order(2, 200, [{ goods_id: 8, name: '板蓝根颗粒', goods_image: '', number: 1 }], 5),
    ]);
    expect((await listRecentOrders(db)).map((o) => o.id)).toEqual([2, 1]);
    const again = await buyAgainLines(db, 1);
    expect(again).toMatchObject({ lines: [{ goods_id: 7, number: 2, ck_id: 3, price: 1250 }], partial: false });
    expect(again?.goods.map((g) => g.id)).toEqual([7]);
    expect((await buyAgainLines(db, 2))?.partial).toBe(true);
    expect(await buyAgainLines(db, 3)).toBeNull();
  });
});
