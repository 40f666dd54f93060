// The offline cart seeded from the real server's cart: adding up into a line and re-pricing it by
// the ladder gives what the server then stores, edits/selects/deletes queue in order, and the
// draft's totals are the shared domain computation over the server's own lines.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { computeCart, calcLineFromView } from '../../src/domain/cart';
import {
  draftCartAdd,
  draftCartDelete,
  draftCartEdit,
  draftCartSelect,
  provisionalCart,
  readCartDraft,
  rememberCartState,
} from '../../src/local/cart-draft';
import type { LocalDb } from '../../src/local/db';
import { pendingEntries } from '../../src/local/outbox-queue';
import { createSyncEngine } from '../../src/local/sync-engine';
import { httpTransport } from '../../src/local/transport';
import { cartLines } from '../../server/db/schema';
import { openDb } from '../helpers/local-store';
import { startRealShop, uniqueName, type Member, type RealShop } from './real-shop';

let shop: RealShop;
let g: RealShop['goodsId'];
beforeAll(async () => {
  shop = await startRealShop();
  g = shop.goodsId;
});
afterAll(() => shop.close());

const open: LocalDb[] = [];
beforeEach(() => shop.browser.reset());
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function setup() {
  const member = await shop.member(uniqueName());
  shop.browser.signInAs(member);
  const db = await openDb(member.account);
  open.push(db);
  const sync = () =>
    createSyncEngine({
      db,
      account: member.account,
      transport: httpTransport,
      locks: null,
      reconcileOnStart: false,
    }).trigger('online');
  return { member, db, sync };
}

async function serverLines(member: Member) {
  const rows = await shop.t.db.select().from(cartLines).where(eq(cartLines.companyId, member.companyId));
  return rows.map((r) => ({ goodsId: r.goodsId, number: r.number, isSelected: r.isSelected }));
}

describe('cart draft over the server cart', () => {
  it('adds up into an existing line like the server does and re-prices it by the ladder', async () => {
    const { member, db, sync } = await setup();
    const state = await shop.cartWith(member, [{ role: 'ganmaoling', number: 4, selected: false }]);
    const serverId = state.data[0].id;
    expect(await rememberCartState(db, state)).toBe(true);
    await draftCartAdd(db, [{ goods_id: g.ganmaoling, number: 6, ck_id: shop.cat.warehouseId }]);
    const [l] = (await readCartDraft(db)).lines;
    // 10 units reach the ladder step (10 → 12.00).
    expect(l).toMatchObject({ id: serverId, number: 10, price: 1200, is_selected: 1 });
    const [entry] = await pendingEntries(db);
    expect(entry.kind === 'cart.add' && entry.payload.lineIds).toEqual([serverId]);

    // …and the server, sent the same add, agrees with the draft.
    await sync();
    const after = await shop.cart(member);
    expect(after.data.map((x) => [x.id, x.number, x.price, x.is_selected])).toEqual([[serverId, 10, 1200, 1]]);
  });

  it('edit, select and delete change the draft and queue their entries in order', async () => {
    const { member, db, sync } = await setup();
    const state = await shop.cartWith(member, [
      { role: 'ganmaoling', number: 1 },
      { role: 'banlangen', number: 1 },
    ]);
    const id = (goodsId: number) => state.data.find((x) => x.goods.id === goodsId)!.id;
    const [a, b] = [id(g.ganmaoling), id(g.banlangen)];
    await rememberCartState(db, state);
    await draftCartEdit(db, a, 12);
    await draftCartSelect(db, [b], false);
    await draftCartDelete(db, [b]);
    const view = await readCartDraft(db);
    expect(view.lines.map((l) => [l.id, l.number, l.price, l.is_selected])).toEqual([[a, 12, 1200, 1]]);
    expect((await pendingEntries(db)).map((e) => [e.kind, e.payload])).toEqual([
      ['cart.edit', { id: a, number: 12 }],
      ['cart.select', { ids: [b], is_selected: 0 }],
      ['cart.delete', { ids: [b] }],
    ]);

    await sync();
    expect(await serverLines(member)).toEqual([{ goodsId: g.ganmaoling, number: 12, isSelected: true }]);
    expect((await shop.cart(member)).data.map((x) => [x.id, x.price])).toEqual([[a, 1200]]);
  });

  it('computes totals with the shared domain code (same answer as the server for the same lines)', async () => {
    const { member, db } = await setup();
    const state = await shop.cartWith(member, [
      { role: 'ganmaoling', number: 10 },
      { role: 'banlangen', number: 3, selected: false },
    ]);
    await rememberCartState(db, state);
    const view = await readCartDraft(db);
    expect(view.provisional).toBe(false);
    const expected = computeCart(
      state.data.map((l) => calcLineFromView(l)!),
      [],
      state.shipping_data,
    ).totals;
    expect(view.totals).toEqual(expected);
    expect(view.totals).toMatchObject({ raw_price: 12000, selected_count: 1, selected_number: 10 });
    // The server's own totals for its lines say the same.
    expect(state.totals).toMatchObject({ raw_price: 12000, selected_count: 1, selected_number: 10 });
  });

  it('totals are null when prices are hidden or a selected line has no known price', async () => {
    const { member } = await setup();
    const state = await shop.cartWith(member, [{ role: 'ganmaoling', number: 1 }]);
    const rows = state.data.map((l, i) => ({ ...l, sort: i, local: 0 as const }));
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
    const { member, db } = await setup();
    await draftCartAdd(db, [{ goods_id: g.ganmaoling, number: 1, ck_id: shop.cat.warehouseId }], {
      goods: [await shop.listed(member, 'ganmaoling')],
    });
    expect(await rememberCartState(db, await shop.cart(member))).toBe(false);
    expect((await readCartDraft(db)).lines).toHaveLength(1);
  });
});
