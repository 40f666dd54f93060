// @vitest-environment jsdom
// An answer a page read online before the app's boot opened the local store (a page opened by its
// address: the order's detail answers right after hydration, the store opens after the first
// paint) is kept once the store opens, not dropped — the browser test trace-codes.test.ts lost
// an order's 追溯码 that way on a CI run.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as local from '../../src/local/index';
import type { OrderDetail } from '../../src/domain/orders';
import type { PurchaseHistoryRow } from '../../src/domain/quick-purchase';
import { startRealShop, uniqueName, type Member, type RealShop } from './real-shop';

let shop: RealShop;
beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(() => shop.close());
afterEach(() => local.stopLocal());

/** An order's detail as GET /api/order/:id answers it (only what the device keeps is read here). */
function orderDetail(id: number, codes: string[]): OrderDetail {
  return {
    id,
    order_no: `DD2025060200000${id}`,
    status: 3,
    kind: 'normal',
    created_at: 1_748_829_600,
    pay_amount: 2_400,
    goods_amount: 2_400,
    line_count: 1,
    lines: [{ goods_id: shop.goodsId.ganmaoling, name: '感冒灵颗粒', number: 2, trace_codes: codes }],
    amounts: { paid_amount: 2_400, points_used: 0 },
    expires_in: null,
    has_ephedrine: 0,
    can: { pay: false, cancel: false, confirm: true, rebuy: true, after_sale: false, invoice: false },
  } as unknown as OrderDetail;
}

/** A signed-in member whose store an earlier visit opened: the device remembers the account. */
async function memberSeenBefore(): Promise<Member> {
  const member = await shop.member(uniqueName());
  shop.browser.signInAs(member);
  await local.startLocal(member.user, { locks: null });
  await local.stopLocal();
  return member;
}

describe('answers read before the local store opened', () => {
  it('an order detail is kept once the boot opens the store, with its trace codes', async () => {
    const member = await memberSeenBefore();

    const codes = ['84326810000000001234', '84327820000000011234'];
    const kept = local.rememberRecentOrders([orderDetail(3, codes)]);
    // The boot opens the store after the page's first paint: later than the answer.
    await local.startLocal(member.user, { locks: null });
    await kept;
    const stored = await local.readStoredOrder(3);
    expect(stored?.lines.flatMap((l) => l.trace_codes ?? [])).toEqual(codes);
  });

  it("quick purchase's history is kept once the store opens, and matches a pasted line offline", async () => {
    const member = await memberSeenBefore();

    const goods = await shop.listed(member, 'banlangen');
    const row = {
      goods_id: goods.id,
      goods,
      name: goods.name,
      sccj: goods.sccj,
      ypgg: goods.ypgg,
      bzdw: goods.bzdw,
      barcode: '6901234567892',
      last_price: 1_500,
      last_number: 3,
      order_count: 2,
      last_at: 1_748_829_600,
    } as unknown as PurchaseHistoryRow;
    // /kjcg's history answered right after hydration; the store opens after the first paint.
    const kept = local.rememberPurchaseHistory([row]);
    await local.startLocal(member.user, { locks: null });
    await kept;
    const cache = await local.readQuickPurchaseCache();
    expect(cache.history.map((r) => r.goods_id)).toEqual([goods.id]);
    // Its barcode, known only from the history, finds the goods with no server.
    const [line] = (await local.matchListOffline('6901234567892\t2')) ?? [];
    expect(line?.match?.id).toBe(goods.id);
  });

  it('goods a page showed are kept once the store opens', async () => {
    const member = await memberSeenBefore();

    const goods = await shop.listed(member, 'ganmaoling');
    local.rememberSeenGoods([goods]);
    await local.startLocal(member.user, { locks: null });
    await expect
      .poll(async () => ((await local.matchListOffline(`${goods.id}\t1`)) ?? [])[0]?.match?.id ?? null)
      .toBe(goods.id);
  });
});
