// The pages' calls over the catalogue pack with the server stopped (issue 35 §2; fake-indexeddb,
// the real app through the real HTTP client, the store started as the app starts it): the pack
// downloaded through syncCatalogue; a goods list and a goods detail never fetched online answered
// from it; an add the cart's rules forbid refused by cartAdd on the device with the server's own
// sentence and nothing queued, while an allowed one is queued as before; while the server is known
// unreachable a list is answered from the pack without waiting on a request.
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getGoodsList } from '../../src/api/goods-list';
import { getGoodsDetail } from '../../src/api/goods';
import * as local from '../../src/local/index';
import * as store from '../../src/local/store';
import { cartAdd } from '../../src/local/writes';
import { startRealShop, uniqueName, type RealShop } from './real-shop';

let shop: RealShop;
beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(() => shop.close());
beforeEach(() => {
  shop.browser.reset();
  shop.browser.install();
});
afterEach(async () => {
  onlineManager.setOnline(true);
  await local.stopLocal();
});

const line = (goods_id: number, number: number) => ({ goods_id, number, ck_id: shop.cat.warehouseId });

/** A new member signed in here, the store started for them and the whole pack downloaded. */
async function memberWithPack(prefix: string) {
  const member = await shop.member(uniqueName(prefix));
  shop.browser.signInAs(member);
  const rt = await store.startLocal(member.user, { locks: null });
  if (!rt) throw new Error('local store did not start');
  expect((await local.syncCatalogue({ asked: true }))?.stoppedBy).toBe('done');
  return { member, rt };
}

describe('pages over the pack with the server stopped', () => {
  it('lists, opens and refuses on the device; an allowed add is queued', async () => {
    const { member, rt } = await memberWithPack('pw');
    // What the server itself answers online for 6 of a goods limited to 5.
    const online = await shop.t.call('POST', '/api/cart', {
      cookie: member.cookie,
      body: { params: [line(shop.goodsId.limited, 6)] },
    });
    expect(online.status).toBe(400);

    shop.browser.down = true;
    onlineManager.setOnline(false);
    const list = await getGoodsList({ sort: 'price_asc', page_size: 50 });
    expect(list.list.map((g) => g.id)).toEqual(
      expect.arrayContaining([shop.goodsId.ganmaoling, shop.goodsId.banlangen]),
    );
    expect(list.list.map((g) => g.id)).not.toContain(shop.goodsId.kx);
    const detail = await getGoodsDetail(shop.goodsId.banlangen);
    expect(detail).toMatchObject({ id: shop.goodsId.banlangen, name: '板蓝根颗粒', price: 800 });

    const before = await rt.ops.pendingCount();
    const refused = await cartAdd([line(shop.goodsId.limited, 6)]).catch((e: unknown) => e);
    expect(refused).toMatchObject({ msg: online.body.msg });
    expect((refused as { msg: string }).msg).toBe('复方甘草片：最多可购买5盒');
    expect(await rt.ops.pendingCount()).toBe(before);
    await expect(cartAdd([line(shop.goodsId.limited, 5)])).resolves.toMatchObject({ provisional: true });
    expect(await rt.ops.pendingCount()).toBe(before + 1);
  });

  it('answers a list from the pack without a request while the server is known unreachable', async () => {
    await memberWithPack('pl');
    // A line that takes requests and never answers them (packets dropped): a request would hang.
    shop.browser.gate = new Promise<void>(() => undefined);
    shop.browser.sent = [];
    onlineManager.setOnline(false);
    const list = await getGoodsList({ sort: 'price_asc', page_size: 50 });
    expect(list.list.map((g) => g.id)).toEqual(
      expect.arrayContaining([shop.goodsId.ganmaoling, shop.goodsId.banlangen]),
    );
    expect(shop.browser.sent.filter((r) => r.path === 'goods/list')).toEqual([]);

    // Known reachable again: the server is asked (and its answer awaited) as before.
    shop.browser.gate = null;
    onlineManager.setOnline(true);
    const online = await getGoodsList({ sort: 'price_asc', page_size: 50 });
    expect(online.list.map((g) => g.id)).toEqual(list.list.map((g) => g.id));
    expect(shop.browser.sent.filter((r) => r.path === 'goods/list')).toHaveLength(1);
  });
});
