// The catalogue snapshot held in memory (src/local/snapshot-rows.ts): read once, then kept current
// by re-reading only the goods a write names — a list page seen online or a delta must not make the
// next offline search read the whole pack again — and read in the background by the warm-up.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGoods, rememberGoods, searchLocal } from '../../../src/local/catalogue-snapshot';
import type { LocalDb } from '../../../src/local/db';
import { snapshotChanged, snapshotRows, warmSnapshotRows } from '../../../src/local/snapshot-rows';
import { freshAccount, openDb } from '../../helpers/local-store';
import { makeGoods } from './goods-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function fresh(): Promise<LocalDb> {
  const db = await openDb(freshAccount());
  open.push(db);
  return db;
}

const ids = async (db: LocalDb) => (await snapshotRows(db)).map((r) => r.id);

describe('snapshot rows in memory', () => {
  it('after a write naming its goods, reads only those again: changed, added in id order, removed', async () => {
    const db = await fresh();
    await rememberGoods(db, [
      makeGoods({ id: 10, name: '阿莫西林胶囊', common_name: '阿莫西林胶囊' }),
      makeGoods({ id: 30, name: '布洛芬缓释胶囊', common_name: '布洛芬缓释胶囊' }),
    ]);
    expect(await ids(db)).toEqual([10, 30]);
    const readAll = vi.spyOn(db.catalogueSnapshot, 'toArray');

    await rememberGoods(db, [
      makeGoods({ id: 20, name: '感冒灵颗粒', common_name: '感冒灵颗粒' }),
      makeGoods({ id: 30, name: '布洛芬混悬液', common_name: '布洛芬混悬液' }),
    ]);
    expect(await ids(db)).toEqual([10, 20, 30]);
    expect((await searchLocal(db, '感冒灵')).map((g) => g.id)).toEqual([20]);
    expect((await searchLocal(db, '布洛芬混悬液')).map((g) => g.id)).toEqual([30]);
    expect(await searchLocal(db, '布洛芬缓释')).toEqual([]);

    await forgetGoods(db, [10]);
    expect(await ids(db)).toEqual([20, 30]);
    expect(await searchLocal(db, '阿莫西林')).toEqual([]);
    expect(readAll).not.toHaveBeenCalled();
    readAll.mockRestore();
  });

  it('a write that names nothing (a cleared table) reads the whole table again', async () => {
    const db = await fresh();
    await rememberGoods(db, [makeGoods({ id: 10 }), makeGoods({ id: 11 })]);
    expect(await ids(db)).toEqual([10, 11]);
    await db.catalogueSnapshot.clear();
    snapshotChanged(db);
    expect(await ids(db)).toEqual([]);
  });

  it('the warm-up reads every row in slices; the first search then reads nothing itself', async () => {
    const db = await fresh();
    const many = Array.from({ length: 1234 }, (_, i) =>
      makeGoods({ id: i + 1, name: i === 700 ? '蒲地蓝消炎片' : `商品${i + 1}`, common_name: '' }),
    );
    await rememberGoods(db, many);
    const other = await fresh();
    await rememberGoods(other, many);
    // A fresh read of the same table, as after opening the page.
    snapshotChanged(other);

    const warmed = await warmSnapshotRows(other);
    expect(warmed.map((r) => r.id)).toEqual(many.map((g) => g.id));
    const readAll = vi.spyOn(other.catalogueSnapshot, 'toArray');
    expect((await searchLocal(other, '蒲地蓝')).map((g) => g.id)).toEqual([701]);
    expect(readAll).not.toHaveBeenCalled();
    readAll.mockRestore();
  });
});
