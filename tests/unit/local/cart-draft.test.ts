// The offline cart without a server: new lines, goods from the snapshot, one transaction for draft
// and entry; recent orders. The cases seeded from the server's cart (adding up, re-pricing by the
// ladder, totals) run against the real app: tests/integration/cart-draft.test.ts.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { draftCartAdd, readCartDraft } from '../../../src/local/cart-draft';
import type { LocalDb } from '../../../src/local/db';
import { buyAgainLines, listRecentOrders, rememberOrders } from '../../../src/local/recent-orders';
import { rememberGoods } from '../../../src/local/catalogue-snapshot';
import type { OrderSummary } from '../../../src/domain/orders';
import { freshAccount, openDb } from '../../helpers/local-store';
import { GOODS } from './goods-fixtures';

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
    const entry = await draftCartAdd(db, [{ goods_id: 7, number: 2, ck_id: 3, price: 1250 }], {
      goods: [GOODS.ganmaoling],
    });
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

  it('draft change and outbox entry are one transaction: if the entry cannot be stored, neither is', async () => {
    const db = await fresh();
    db.outbox.hook('creating', () => {
      throw new Error('disk error');
    });
    await expect(
      draftCartAdd(db, [{ goods_id: 7, number: 1, ck_id: 3 }], { goods: [GOODS.ganmaoling] }),
    ).rejects.toThrow('disk error');
    expect(await db.cartDrafts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('recent orders and buy again', () => {
  const order = (
    id: number,
    created_at: number,
    lines: OrderSummary['lines'],
    line_count = lines.length,
  ): OrderSummary => ({
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
