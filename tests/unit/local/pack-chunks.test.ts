// The catalogue pack stored a chunk to a record (src/local/db.ts schema version 2, pack-rows.ts,
// snapshot-rows.ts): storing a row with three indexes per goods cost ~0.75 ms a goods on the device
// (15 s for 20,000), and the first offline search after opening the page read every row back. Here:
// the download writes one record per chunk and no row per goods; a page opened afresh finds a goods
// by reading the chunk records, not a row per goods; a goods the feed removed leaves although its
// chunk still carries it, and comes back when the feed lists it again; a goods seen online keeps its
// pack facts; the cart and the cart rules find pack goods; a device with the old store is upgraded.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodePackChunk, type PackGoods, type PackManifest } from '../../../src/domain/catalogue-pack';
import type { CatalogueChange, CatalogueChangesPage } from '../../../src/domain/catalogue-changes';
import { applyPackDeltas, downloadPack, type PackTransport } from '../../../src/local/catalogue-pack';
import { rememberGoods, searchLocal, snapshotGoods } from '../../../src/local/catalogue-snapshot';
import { cartAddRefusal } from '../../../src/local/cart-rules';
import { draftCartAdd } from '../../../src/local/cart-draft';
import { dbNameFor, openLocalDb, SCHEMA_V1, type LocalDb } from '../../../src/local/db';
import { listLocal } from '../../../src/local/pack-list';
import { freshAccount, openDb } from '../../helpers/local-store';
import { makePackGoods } from '../../helpers/pack-goods';
import { makeGoods } from './goods-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const goods = (id: number, over: Partial<PackGoods> = {}): PackGoods =>
  makePackGoods(id, {
    py: `shangpin${id}`,
    sccj_pyi: 'cj',
    price: 100 + id,
    base_price: 100 + id,
    manufacturer_id: id % 2 === 0 ? 7 : 8,
    sales: id,
    created: id,
    ...over,
  });

const PER_CHUNK = 50;
const CHUNKS = 4;

/** A server with a pack of CHUNKS chunks of PER_CHUNK goods (ids 1…200), and a change feed to fill. */
function fakeServer(scope: string[] = ['xy', 'zyyp']) {
  const feed: CatalogueChange[] = [];
  const manifest: PackManifest = {
    class: 'r1-std',
    version: 5,
    built_at: '2026-01-01T00:00:00.000Z',
    goods: PER_CHUNK * CHUNKS,
    chunks: CHUNKS,
    bytes: 3_000,
    raw_bytes: 60_000,
    href: '/api/goods/pack/r1-std/5',
    overlay: { entitlement: { scope, expiredCertificates: [] }, prices: {} },
  };
  const transport: PackTransport & { feed: CatalogueChange[] } = {
    feed,
    manifest: async () => manifest,
    chunk: async (_href, i) =>
      encodePackChunk(
        'r1-std',
        5,
        i,
        Array.from({ length: PER_CHUNK }, (_, k) =>
          goods(i * PER_CHUNK + k + 1, i === 3 && k === 0 ? { scope_class: 'zyyp-x' } : {}),
        ),
      ),
    changes: async (since): Promise<CatalogueChangesPage> => {
      const changes = feed.splice(0);
      return { changes, next_since: since + 1, next_after: null, has_more: false, version: since + 1 };
    },
  };
  return transport;
}

async function fresh(): Promise<LocalDb> {
  const db = await openDb(freshAccount());
  open.push(db);
  return db;
}

/** The same database opened again, as after a page load: nothing held in memory. */
async function reopened(db: LocalDb): Promise<LocalDb> {
  const again = openLocalDb(db.account);
  await again.open();
  open.push(again);
  return again;
}

const ids = (items: { id: number }[]) => items.map((g) => g.id);

describe('the pack stored a chunk to a record', () => {
  it('writes one record per chunk and no row per goods; a page opened afresh searches by reading the chunks', async () => {
    const db = await fresh();
    expect((await downloadPack(db, fakeServer())).stoppedBy).toBe('done');
    expect(await db.packChunks.count()).toBe(4);
    expect(await db.catalogueSnapshot.count()).toBe(0);

    const page = await reopened(db);
    const chunkReads = vi.spyOn(page.packChunks, 'get');
    const rowReads = vi.spyOn(page.catalogueSnapshot, 'bulkGet');
    expect(ids(await searchLocal(page, 'sp137'))).toEqual([137]);
    expect(chunkReads.mock.calls.length).toBeLessThanOrEqual(4);
    expect(rowReads).not.toHaveBeenCalled();
    const list = await listLocal(page, { category_id: 2, manufacturer_id: 7, sort: 'price_desc', page_size: 3 });
    expect(list).toMatchObject({ total: 100 });
    expect(ids(list!.list)).toEqual([200, 198, 196]);
    expect(list!.list[0]).toMatchObject({ name: '商品200', price: 300, buy_block: null });
  });

  it('an offline list reads the pack state with the rows in memory, and a new pack started replaces it', async () => {
    const db = await fresh();
    const server = fakeServer();
    await downloadPack(db, server);
    expect((await listLocal(db, { page_size: 2 }))?.total).toBe(200);
    // The rows are in memory and current: the next list does not wait for the store's pack state.
    const metaReads = vi.spyOn(db.meta, 'get');
    expect((await listLocal(db, { page_size: 2 }))?.total).toBe(200);
    expect(metaReads).not.toHaveBeenCalled();
    metaReads.mockRestore();
    // A new version on the server whose chunks do not arrive: the pack is no longer whole on the
    // device, so the list is not answered from it (as before the state was held with the rows).
    const next = await server.manifest();
    const failing: PackTransport = {
      ...server,
      manifest: async () => ({ ...next, version: 6, href: '/api/goods/pack/r1-std/6' }),
      chunk: async () => {
        throw new Error('network down');
      },
    };
    expect((await downloadPack(db, failing)).stoppedBy).toBe('error');
    expect(await listLocal(db, { page_size: 2 })).toBeNull();
  });

  it('finds one goods by id from the chunk that holds it, with nothing held in memory', async () => {
    const db = await fresh();
    await downloadPack(db, fakeServer(['xy']));
    const page = await reopened(db);
    const chunkReads = vi.spyOn(page.packChunks, 'get');
    expect(await snapshotGoods(page, 151)).toMatchObject({ id: 151, name: '商品151', price: 251 });
    expect(chunkReads).toHaveBeenCalledTimes(1);
    expect(await snapshotGoods(page, 999)).toBeUndefined();
    // The cart rules read the goods' 经营范围 class from the pack: outside the clinic's scope.
    expect(await cartAddRefusal(page, [{ goods_id: 151, number: 1, ck_id: 1 }])).toContain('商品151');
    expect(await cartAddRefusal(page, [{ goods_id: 152, number: 1, ck_id: 1 }])).toBeNull();
    // An offline add with no card given: the draft line shows the pack goods.
    await draftCartAdd(page, [{ goods_id: 42, number: 2, ck_id: 1 }]);
    expect((await page.cartDrafts.toArray())[0]?.goods).toMatchObject({ id: 42, name: '商品42' });
  });

  it('a goods the feed removed leaves though its chunk still has it; listed again, it comes back', async () => {
    const db = await fresh();
    const server = fakeServer();
    await downloadPack(db, server);
    expect(ids(await searchLocal(db, 'sp77'))).toEqual([77]);
    server.feed.push({ goods_id: 77, version: 6, kinds: ['off_sale'], goods: null, pack_goods: null });
    expect(await applyPackDeltas(db, server)).toBe('applied');
    expect(await searchLocal(db, 'sp77')).toEqual([]);
    expect(await snapshotGoods(await reopened(db), 77)).toBeUndefined();
    expect((await listLocal(db, { category_id: 3, page_size: 100 }))!.total).toBe(199);

    const back = goods(77, { stock: 9 });
    server.feed.push({
      goods_id: 77,
      version: 7,
      kinds: ['on_sale'],
      goods: { ...makeGoods({ id: 77 }), name: '商品77', number: 9 },
      pack_goods: back,
    });
    expect(await applyPackDeltas(db, server)).toBe('applied');
    expect((await searchLocal(db, 'sp77'))[0]).toMatchObject({ id: 77, number: 9 });
    await expect((await reopened(db)).meta.get('pack')).resolves.toMatchObject({ value: { gone: [] } });
  });

  it('a goods seen online after the pack keeps its maker and category for the offline lists', async () => {
    const db = await fresh();
    await downloadPack(db, fakeServer());
    await rememberGoods(db, [makeGoods({ id: 10, name: '商品10', price: 999, base_price: 999 })]);
    const list = await listLocal(db, { manufacturer_id: 7, category_id: 1, page_size: 100 });
    expect(list!.list.find((g) => g.id === 10)).toMatchObject({ price: 999 });
  });
});

describe('a device with the old store (schema version 1)', () => {
  it('drops the pack rows and the pack state, keeps the outbox and the goods seen', async () => {
    const account = freshAccount();
    const old = new Dexie(dbNameFor(account));
    old.version(1).stores(SCHEMA_V1);
    await old.open();
    await old.table('catalogueSnapshot').bulkPut([
      {
        id: 1,
        item: makeGoods({ id: 1 }),
        seenAt: 0,
        nameKey: 'a',
        sccjKey: '',
        approvalKey: '',
        categoryIds: [3],
        pack: { version: 5 },
        bytes: 1,
      },
      {
        id: 2,
        item: makeGoods({ id: 2 }),
        seenAt: 9,
        nameKey: 'b',
        sccjKey: '',
        approvalKey: '',
        categoryIds: [],
        bytes: 1,
      },
    ]);
    await old.table('meta').put({ key: 'pack', value: { class: 'r1-std', completeAt: 1 } });
    await old
      .table('outbox')
      .put({ id: 'e1', kind: 'cart.add', payload: {}, createdAt: 1, tries: 0, nextAttemptAt: 0 });
    old.close();

    const db = await openDb(account);
    open.push(db);
    expect(await db.catalogueSnapshot.toCollection().primaryKeys()).toEqual([2]);
    expect(await db.meta.get('pack')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
    expect(await db.packChunks.count()).toBe(0);
  });
});
