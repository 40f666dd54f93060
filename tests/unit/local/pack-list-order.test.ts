// The offline category list picks only the rows up to the page's end instead of sorting every
// matching goods (src/local/pack-list.ts): the answer must be exactly the one a whole sort gives —
// the page's goods, the total and the makers facet with its order — for every sort, page and tie.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { GoodsListQuery } from '../../../src/domain/catalog';
import { setMeta, type LocalDb, type PackState, type SnapshotRow } from '../../../src/local/db';
import { listLocal } from '../../../src/local/pack-list';
import { snapshotRowOf } from '../../../src/local/catalogue-snapshot';
import { freshAccount, openDb } from '../../helpers/local-store';
import { makeGoods } from './goods-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** 600 goods of one category with few distinct prices, sales and dates: many ties. */
function rows(): SnapshotRow[] {
  return Array.from({ length: 600 }, (_, i) => {
    const id = 1000 + ((i * 7919) % 600);
    const row = snapshotRowOf(
      makeGoods({
        id,
        name: `商品${id}`,
        sccj: `厂家${id % 13}`,
        base_price: 100 * (id % 9),
        sales: id % 5,
        number: id % 11 === 0 ? 0 : 50,
      }),
      0,
      undefined,
      5,
    );
    row.pack = { manufacturerId: id % 13, sccjPyi: '', scopeClass: '', sales: id % 5, created: id % 4, version: 1 };
    return row;
  });
}

/** The list as a whole sort gives it (the code before the pick). */
function wholeSort(all: SnapshotRow[], q: GoodsListQuery) {
  const by: Record<string, (a: SnapshotRow, b: SnapshotRow) => number> = {
    price_asc: (a, b) => (a.item.base_price ?? 0) - (b.item.base_price ?? 0) || a.id - b.id,
    price_desc: (a, b) => (b.item.base_price ?? 0) - (a.item.base_price ?? 0) || b.id - a.id,
    newest: (a, b) => (b.pack?.created ?? 0) - (a.pack?.created ?? 0) || b.id - a.id,
    default: (a, b) => b.item.sales - a.item.sales || a.id - b.id,
  };
  const matched = all
    .filter((r) => q.in_stock !== 1 || (r.item.number > 0 && r.item.is_buy === 1))
    .sort((a, b) => a.id - b.id)
    .sort(by[q.sort ?? 'default']);
  const makers = new Map<number, { id: number; name: string; count: number }>();
  for (const r of matched) {
    const m = makers.get(r.pack!.manufacturerId);
    if (m) m.count += 1;
    else makers.set(r.pack!.manufacturerId, { id: r.pack!.manufacturerId, name: r.item.sccj, count: 1 });
  }
  const size = q.page_size ?? 20;
  const page = q.page ?? 1;
  return {
    ids: matched.slice((page - 1) * size, page * size).map((r) => r.id),
    total: matched.length,
    makers: [...makers.values()].sort((a, b) => b.count - a.count).slice(0, 30),
  };
}

describe('offline list: the page picked, not the whole list sorted', () => {
  it('gives what a whole sort gives, for every sort, first and later pages, past the pick limit', async () => {
    const db = await openDb(freshAccount());
    open.push(db);
    const all = rows();
    await db.catalogueSnapshot.bulkPut(all);
    await setMeta(db, 'pack', { completeAt: 1 } as PackState);
    for (const sort of ['default', 'price_asc', 'price_desc', 'newest'] as const) {
      for (const [page, page_size] of [
        [1, 20],
        [2, 20],
        [3, 100],
        [30, 20],
      ] as const) {
        for (const in_stock of [undefined, 1] as const) {
          const q: GoodsListQuery = { category_id: 5, sort, page, page_size, in_stock };
          const got = (await listLocal(db, q))!;
          const want = wholeSort(all, q);
          expect({ ids: got.list.map((g) => g.id), total: got.total, makers: got.facets.manufacturers }).toEqual(want);
        }
      }
    }
  });
});
