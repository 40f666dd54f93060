// Quick purchase offline (fake-indexeddb, the real app through the real HTTP client): a partial
// add ("add all") queued offline syncs once; the lines the cart rules refuse become one conflict
// row each and leave the draft while the rest reach the server; a list is matched on the device
// from the catalogue snapshot and the purchase history kept there.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { draftCartAdd, readCartDraft } from '../../src/local/cart-draft';
import { rememberGoods } from '../../src/local/catalogue-snapshot';
import type { LocalDb } from '../../src/local/db';
import { matchOffline, readQuickPurchase, rememberHistory } from '../../src/local/quick-purchase-local';
import { createSyncEngine } from '../../src/local/sync-engine';
import { httpTransport } from '../../src/local/transport';
import type { PurchaseHistoryRow } from '../../src/domain/quick-purchase';
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
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function setup() {
  const member = await shop.member(uniqueName('qp'));
  shop.browser.signInAs(member);
  const db = await openDb(member.account);
  open.push(db);
  const engine = createSyncEngine({
    db,
    account: member.account,
    transport: httpTransport,
    locks: null,
    random: () => 0.5,
    reconcileOnStart: false,
  });
  return { member, db, engine };
}

const line = (goods_id: number, number: number) => ({ goods_id, number, ck_id: shop.cat.warehouseId });

describe('a partial add queued offline', () => {
  it('reaches the server once; refused lines become conflict rows and leave the draft, the rest stay', async () => {
    const { member, db, engine } = await setup();
    const goods = await Promise.all(
      (['ganmaoling', 'scarce', 'banlangen', 'offSale'] as const).map((r) => shop.listed(member, r)),
    );
    const entry = await draftCartAdd(
      db,
      [line(g.ganmaoling, 2), line(g.scarce, 9), line(g.banlangen, 4), line(g.offSale, 1)],
      { goods, partial: true },
    );
    expect(entry.payload).toMatchObject({ partial: true });
    expect((await readCartDraft(db)).lines).toHaveLength(4);

    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(0);
    expect(shop.browser.keysSent()).toEqual([entry.id]);
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 2, [g.banlangen]: 4 });
    const conflicts = await db.conflicts.toArray();
    expect(conflicts.map((c) => c.text).sort()).toEqual(
      ['加入购物车未成功：停售药：该商品暂不可购买', '加入购物车未成功：紧俏口罩：最多可购买3盒'].sort(),
    );
    const draft = await readCartDraft(db);
    expect(draft.lines.map((l) => l.goods.id).sort()).toEqual([g.ganmaoling, g.banlangen].sort());
    // The accepted lines carry the server's ids now.
    expect(draft.lines.every((l) => l.id > 0)).toBe(true);

    // Nothing is sent again.
    await engine.trigger('manual');
    expect(shop.browser.writes()).toHaveLength(1);
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 2, [g.banlangen]: 4 });
  });
});

describe('matching on the device', () => {
  it('matches codes, names and barcodes from the snapshot and the kept history, preferring goods bought before', async () => {
    const { member, db } = await setup();
    const [ganmao, banlan] = await Promise.all([shop.listed(member, 'ganmaoling'), shop.listed(member, 'banlangen')]);
    await rememberGoods(db, [ganmao]);
    const row: PurchaseHistoryRow = {
      goods_id: banlan.id,
      goods: banlan,
      name: banlan.name,
      sccj: banlan.sccj,
      ypgg: banlan.ypgg,
      bzdw: '盒',
      barcode: '6901234567892',
      last_price: 800,
      last_number: 5,
      times: 2,
      last_at: 1_746_000_000,
    };
    await rememberHistory(db, [row]);
    expect((await readQuickPurchase(db)).history).toHaveLength(1);

    const lines = await matchOffline(db, `${ganmao.id}\t3\n6901234567892\n板蓝根颗粒,2\n没有的药 1`);
    expect(lines.map((l) => [l.match?.id ?? null, l.method, l.number])).toEqual([
      [ganmao.id, 'code', 3],
      [banlan.id, 'barcode', 1],
      [banlan.id, 'name', 2],
      [null, null, 1],
    ]);
  });

  it('a barcode matched online once matches offline, even after a list answer without it', async () => {
    const { member, db } = await setup();
    const ganmao = await shop.listed(member, 'ganmaoling');
    // What matchList remembers for a line the server matched by barcode.
    await rememberGoods(db, [{ ...ganmao, barcode: '6920000000017' } as typeof ganmao]);
    // Later a list page shows the same goods (list items carry no barcode).
    await rememberGoods(db, [ganmao]);
    const lines = await matchOffline(db, '6920000000017');
    expect(lines.map((l) => [l.match?.id ?? null, l.method, l.number])).toEqual([[ganmao.id, 'barcode', 1]]);
  });
});
