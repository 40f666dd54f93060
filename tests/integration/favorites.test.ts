// Favourites made offline reach the real server's set: add and cancel in order, the local set is
// marked synced, and the server's list merged back agrees with it.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GoodsListItem } from '../../src/domain/catalog';
import type { Page } from '../../src/domain/envelope';
import type { LocalDb } from '../../src/local/db';
import { draftFavorite, localFavoriteIds, mergeServerFavorites } from '../../src/local/favorites-local';
import { createSyncEngine } from '../../src/local/sync-engine';
import { httpTransport } from '../../src/local/transport';
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
  const member = await shop.member(uniqueName());
  shop.browser.signInAs(member);
  const db = await openDb(member.account);
  open.push(db);
  const engine = createSyncEngine({
    db,
    account: member.account,
    transport: httpTransport,
    locks: null,
    reconcileOnStart: false,
  });
  return { member, db, engine };
}

const byId = (a: number, b: number) => a - b;

describe('favourites against the real server', () => {
  it('after sync the members are marked synced and the server holds the same set', async () => {
    const { member, db, engine } = await setup();
    await draftFavorite(db, [g.ganmaoling, g.banlangen], true);
    await draftFavorite(db, [g.banlangen], false);
    await engine.trigger('start');
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
    expect(await db.favorites.toArray()).toMatchObject([{ goodsId: g.ganmaoling, on: 1, synced: 1 }]);
  });

  it('add then cancel offline: the server ends without it; a cancel of a server favourite removes it there', async () => {
    const { member, db, engine } = await setup();
    await shop.t.call('POST', '/api/favorite', { body: { goods_ids: [g.limited] }, cookie: member.cookie });
    await draftFavorite(db, [g.ganmaoling], true);
    await draftFavorite(db, [g.ganmaoling], false);
    await draftFavorite(db, [g.limited], false);
    await draftFavorite(db, [g.banlangen], true);
    await engine.trigger('online');
    expect(await db.outbox.count()).toBe(0);
    expect(await shop.favorites(member)).toEqual([g.banlangen]);
    expect(shop.browser.writes().map((r) => [r.path, r.status])).toEqual([
      ['favorite', 200],
      ['favorite/cancel', 200],
      ['favorite/cancel', 200],
      ['favorite', 200],
    ]);
  });

  it("the server's list merged back (complete) leaves the local set equal to the server's", async () => {
    const { member, db, engine } = await setup();
    // Favourited on another device: only the server knows.
    await shop.t.call('POST', '/api/favorite', { body: { goods_ids: [g.scarce] }, cookie: member.cookie });
    await draftFavorite(db, [g.ganmaoling], true);
    await engine.trigger('start');
    const page = await shop.t.call<Page<GoodsListItem>>('GET', '/api/favorite?page_size=100', {
      cookie: member.cookie,
    });
    await mergeServerFavorites(db, page.body.data.list, { complete: true });
    expect([...(await localFavoriteIds(db))].sort(byId)).toEqual(await shop.favorites(member));
    expect(await shop.favorites(member)).toEqual([g.ganmaoling, g.scarce].sort(byId));
  });
});
