// Favourites as a set that merges with the server's; the catalogue snapshot, its offline search
// and the budgeted download.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/http/client';
import type { GoodsListItem, GoodsListQuery, GoodsListResult } from '../../../src/domain/catalog';
import {
  downloadForOffline,
  forgetGoods,
  rememberGoods,
  searchLocal,
  snapshotRowOf,
  snapshotStats,
  type DownloadProgress,
} from '../../../src/local/catalogue-snapshot';
import type { LocalDb } from '../../../src/local/db';
import {
  draftFavorite,
  isFavoriteLocal,
  listLocalFavorites,
  localFavoriteIds,
  mergeServerFavorites,
} from '../../../src/local/favorites-local';
import { pendingEntries } from '../../../src/local/outbox-queue';
import { freshAccount, openDb } from '../../helpers/local-store';
import { GOODS, makeGoods } from './goods-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function fresh() {
  const account = freshAccount();
  const db = await openDb(account);
  open.push(db);
  return { db, account };
}

describe('favourites: set semantics and merge', () => {
  it('adding twice is one member; cancel removes it; each change queues one entry', async () => {
    const { db } = await fresh();
    await draftFavorite(db, [7, 7, 8], true, { items: [GOODS.ganmaoling] });
    await draftFavorite(db, [7], true);
    await draftFavorite(db, [8], false);
    expect([...(await localFavoriteIds(db))]).toEqual([7]);
    expect(await isFavoriteLocal(db, 8)).toBe(false);
    expect((await listLocalFavorites(db))[0].item?.name).toBe('感冒灵颗粒');
    expect((await pendingEntries(db)).map((e) => [e.kind, e.payload])).toEqual([
      ['favorite.add', { goods_ids: [7, 8] }],
      ['favorite.add', { goods_ids: [7] }],
      ['favorite.cancel', { goods_ids: [8] }],
    ]);
  });

  it("merge: pending changes keep the buyer's choice, everything else follows the server", async () => {
    const { db } = await fresh();
    await mergeServerFavorites(db, [GOODS.ganmaoling, GOODS.banlangen], { complete: true });
    // Offline: the buyer cancels 7 and adds 9.
    await draftFavorite(db, [7], false);
    await draftFavorite(db, [9], true);
    // The server's list (read before those synced) still has 7, lost 8 (removed elsewhere), adds 10.
    await mergeServerFavorites(db, [GOODS.ganmaoling, makeGoods({ id: 10, name: '新收藏' })], { complete: true });
    expect([...(await localFavoriteIds(db))].sort()).toEqual([10, 9].sort());
  });

  it('an incomplete server list (one page) adds members but removes none', async () => {
    const { db } = await fresh();
    await mergeServerFavorites(db, [GOODS.ganmaoling, GOODS.banlangen], { complete: true });
    await mergeServerFavorites(db, [makeGoods({ id: 11 })], { complete: false });
    expect([...(await localFavoriteIds(db))].sort((a, b) => a - b)).toEqual([7, 8, 11]);
  });
});

describe('catalogue snapshot: offline search', () => {
  const seen = [
    makeGoods({
      id: 1,
      name: '感冒灵颗粒',
      common_name: '感冒灵颗粒',
      sccj: '华润三九医药股份有限公司',
      approval_no: '国药准字Z44021940',
    }),
    makeGoods({
      id: 2,
      name: '小儿感冒颗粒',
      common_name: '小儿感冒颗粒',
      sccj: '广州白云山',
      approval_no: '国药准字Z44020001',
    }),
    makeGoods({
      id: 3,
      name: '阿莫西林胶囊',
      common_name: '阿莫西林胶囊',
      sccj: '华北制药',
      approval_no: '国药准字H13023964',
    }),
  ];

  it('finds by name (prefix first), by 批准文号, and by manufacturer with type 2', async () => {
    const { db } = await fresh();
    await rememberGoods(db, seen);
    expect((await searchLocal(db, '感冒')).map((g) => g.id)).toEqual([1, 2]);
    expect((await searchLocal(db, 'h13023964')).map((g) => g.id)).toEqual([3]);
    expect((await searchLocal(db, '华润', 2)).map((g) => g.id)).toEqual([1]);
    expect((await searchLocal(db, '华润', 1)).map((g) => g.id)).toEqual([]);
    expect(await searchLocal(db, '   ')).toEqual([]);
    expect((await searchLocal(db, '小儿 颗粒')).map((g) => g.id)).toEqual([2]);
  });

  it('a goods retired since (issue 32): a copy marked 已下架 is never found, a forgotten one is gone', async () => {
    const { db } = await fresh();
    await rememberGoods(db, seen);
    // The favourites page stored the server's copy of goods 1 marked off sale.
    await rememberGoods(db, [{ ...seen[0], off_sale: 1, is_buy: 0 }]);
    expect((await searchLocal(db, '感冒')).map((g) => g.id)).toEqual([2]);
    // The detail page read 商品不存在或已下架 for goods 2 online.
    await forgetGoods(db, [2]);
    expect(await searchLocal(db, '感冒')).toEqual([]);
    expect(await db.catalogueSnapshot.get(2)).toBeUndefined();
    expect((await searchLocal(db, '阿莫西林')).map((g) => g.id)).toEqual([3]);
  });

  it('matches pinyin initials and full pinyin when the server sends them', async () => {
    const { db } = await fresh();
    const withPinyin = seen.map((g, i) => ({
      ...g,
      pinyin_initials: ['gml', 'xegmkl', 'amxljn'][i],
      pinyin_full: ['ganmaoling', 'xiaoerganmaokeli', 'amoxilinjiaonang'][i],
    })) as GoodsListItem[];
    await rememberGoods(db, withPinyin);
    expect((await searchLocal(db, 'gml')).map((g) => g.id)).toEqual([1]);
    expect((await searchLocal(db, 'GanMaoLing')).map((g) => g.id)).toEqual([1]);
    expect((await searchLocal(db, 'amxl')).map((g) => g.id)).toEqual([3]);
    expect((await searchLocal(db, 'ganmao')).map((g) => g.id)).toEqual([1, 2]);
    // Keys written once are kept when a later list (without pinyin) updates the goods.
    await rememberGoods(db, [seen[0]]);
    expect((await searchLocal(db, 'gml')).map((g) => g.id)).toEqual([1]);
  });

  it('an upsert keeps one row per goods with the newest data', async () => {
    const { db } = await fresh();
    await rememberGoods(db, [seen[0]], { now: 1 });
    await rememberGoods(db, [{ ...seen[0], price: 999 }], { now: 2 });
    expect(await db.catalogueSnapshot.count()).toBe(1);
    expect(await db.catalogueSnapshot.get(1)).toMatchObject({ seenAt: 2, item: { price: 999 } });
  });
});

describe('catalogue snapshot: download for offline use', () => {
  function catalogue(categoryId: number, count: number): GoodsListItem[] {
    return Array.from({ length: count }, (_, i) =>
      makeGoods({ id: categoryId * 1000 + i, name: `药品${categoryId}-${i}` }),
    );
  }
  function pager(data: Record<number, GoodsListItem[]>) {
    const calls: GoodsListQuery[] = [];
    const fetchPage = async (q: GoodsListQuery): Promise<GoodsListResult> => {
      calls.push(q);
      const all = data[q.category_id!] ?? [];
      const size = q.page_size!;
      const list = all.slice((q.page! - 1) * size, q.page! * size);
      return { list, total: all.length, page: q.page!, page_size: size, facets: { manufacturers: [], brands: [] } };
    };
    return { calls, fetchPage };
  }

  it('pages every category into the snapshot with progress, and records catalogueAsOf', async () => {
    const { db } = await fresh();
    const { calls, fetchPage } = pager({ 1: catalogue(1, 25), 2: catalogue(2, 5) });
    const progress: DownloadProgress[] = [];
    const result = await downloadForOffline(db, fetchPage, {
      categoryIds: [1, 2],
      budgetBytes: 10_000_000,
      pageSize: 10,
      onProgress: (p) => progress.push(p),
      now: () => 42,
    });
    expect(result).toMatchObject({ goods: 30, stoppedBy: 'done' });
    expect(calls.map((c) => [c.category_id, c.page])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 1],
    ]);
    expect(progress.map((p) => p.goods)).toEqual([10, 20, 25, 30]);
    expect(progress.at(-1)).toMatchObject({ total: 30, categoryId: 2 });
    expect(await db.catalogueSnapshot.count()).toBe(30);
    expect((await db.catalogueSnapshot.get(1001))?.categoryIds).toEqual([1]);
    expect((await db.meta.get('catalogueAsOf'))?.value).toBe(42);
  });

  it('stops at the byte budget without passing it', async () => {
    const { db } = await fresh();
    const { fetchPage } = pager({ 1: catalogue(1, 50) });
    const rowBytes = snapshotRowOf(catalogue(1, 1)[0], 0, undefined, 1).bytes;
    const budget = rowBytes * 12 + rowBytes / 2;
    const result = await downloadForOffline(db, fetchPage, { categoryIds: [1], budgetBytes: budget, pageSize: 10 });
    expect(result.stoppedBy).toBe('budget');
    expect(result.goods).toBeGreaterThanOrEqual(11);
    expect(result.goods).toBeLessThanOrEqual(12);
    expect(result.bytes).toBeLessThanOrEqual(budget);
    expect((await snapshotStats(db)).bytes).toBeLessThanOrEqual(budget);
  });

  it('can be cancelled, and reports a network failure instead of throwing', async () => {
    const { db } = await fresh();
    const controller = new AbortController();
    const { fetchPage } = pager({ 1: catalogue(1, 50) });
    const result = await downloadForOffline(db, fetchPage, {
      categoryIds: [1],
      budgetBytes: 10_000_000,
      pageSize: 10,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.goods >= 20) controller.abort();
      },
    });
    expect(result).toMatchObject({ goods: 20, stoppedBy: 'cancelled' });
    expect(await db.meta.get('catalogueAsOf')).toBeUndefined();

    const failing = async (): Promise<GoodsListResult> => {
      throw new ApiError({ code: 0, status: 0, msg: '网络连接失败，请检查网络', kind: 'network' });
    };
    const failed = await downloadForOffline(db, failing, { categoryIds: [1], budgetBytes: 1000 });
    expect(failed.stoppedBy).toBe('error');
  });
});
