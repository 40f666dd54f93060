// The catalogue pack on the device (issue 35 §1–2; fake-indexeddb, the real app through the real
// HTTP client): the pack is stored whole and searched by pinyin initials with no further request;
// a 控销 goods never reaches a buyer without the entitlement; the change feed moves a price, a stock
// and removes a goods taken off sale; a rank change replaces the pack (the other rank's prices gone);
// an interrupted download resumes with only the chunks it lacks, and a replaced pack starts again.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LocalDb } from '../../src/local/db';
import {
  applyPackDeltas,
  downloadPack,
  httpPackTransport,
  readPackState,
  type PackTransport,
} from '../../src/local/catalogue-pack';
import { searchLocal, snapshotGoods } from '../../src/local/catalogue-snapshot';
import { encodePackChunk, type PackManifest } from '../../src/domain/catalogue-pack';
import type { CatalogueChangesPage } from '../../src/domain/catalogue-changes';
import { changeGoods } from '../../server/services/catalogue/change-goods';
import { forgetCompanySessions } from '../../server/auth/session-memo';
import { goods as goodsTable } from '../../server/db/schema';
import { openDb } from '../helpers/local-store';
import { makePackGoods } from '../helpers/pack-goods';
import { insertGoods } from '../fixtures/catalogue';
import { noteCatalogueChange } from '../../server/services/catalogue/changes';
import { listLocal } from '../../src/local/pack-list';
import { snapshotRows } from '../../src/local/snapshot-rows';
import { cartAddRefusal } from '../../src/local/cart-rules';
import { startRealShop, uniqueName, type RealShop } from './real-shop';

let shop: RealShop;
beforeAll(async () => {
  shop = await startRealShop();
  await shop.t.db.execute(
    sql`UPDATE goods SET pinyin_initials = 'gmlkl', pinyin_full = 'ganmaolingkeli' WHERE id = ${shop.goodsId.ganmaoling}`,
  );
});
afterAll(() => shop.close());

const open: LocalDb[] = [];
beforeEach(() => shop.browser.reset());
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function setup(company?: { isSpecial?: boolean }) {
  const member = await shop.member(uniqueName('pk'), company);
  shop.browser.signInAs(member);
  const db = await openDb(member.account);
  open.push(db);
  return { member, db };
}

describe('the pack on the device', () => {
  it('is stored whole and found by pinyin initials offline; 控销 goods only for the entitled', async () => {
    const { db } = await setup();
    const result = await downloadPack(db, httpPackTransport);
    expect(result.stoppedBy).toBe('done');
    shop.browser.down = true;
    const hits = await searchLocal(db, 'gml');
    expect(hits.map((g) => g.id)).toContain(shop.goodsId.ganmaoling);
    expect(hits.find((g) => g.id === shop.goodsId.ganmaoling)).toMatchObject({
      name: '感冒灵颗粒',
      price: 1250,
      ladder_price: [{ number: 10, price: 1200 }],
    });
    expect(await snapshotGoods(db, shop.goodsId.kx)).toBeUndefined();
    shop.browser.down = false;

    const special = await setup({ isSpecial: true });
    expect((await downloadPack(special.db, httpPackTransport)).stoppedBy).toBe('done');
    expect((await snapshotGoods(special.db, shop.goodsId.kx))?.name).toBe('控销感冒片');
  });

  it('follows the change feed: a new stock and price, a goods taken off sale leaves', async () => {
    const { db } = await setup();
    await downloadPack(db, httpPackTransport);
    const before = (await readPackState(db))!.version;
    await changeGoods(shop.t.db, shop.goodsId.banlangen, { stock: 321 }, shop.t.clock.now());
    await shop.t.db.update(goodsTable).set({ isOnSale: false }).where(eq(goodsTable.id, shop.goodsId.scarce));
    await changeGoods(shop.t.db, shop.goodsId.scarce, { stock: 2 }, shop.t.clock.now());
    expect(await applyPackDeltas(db, httpPackTransport)).toBe('applied');
    expect((await snapshotGoods(db, shop.goodsId.banlangen))?.number).toBe(321);
    expect(await snapshotGoods(db, shop.goodsId.scarce)).toBeUndefined();
    // Still in its category lists after the delta.
    const row = await db.catalogueSnapshot.get(shop.goodsId.banlangen);
    const [leaf] = await shop.t.db
      .select({ c: goodsTable.categoryId })
      .from(goodsTable)
      .where(eq(goodsTable.id, shop.goodsId.banlangen));
    expect(row?.categoryIds).toContain(leaf!.c);
    expect((await readPackState(db))!.version).toBeGreaterThan(before);
    await shop.t.db.update(goodsTable).set({ isOnSale: true }).where(eq(goodsTable.id, shop.goodsId.scarce));
  });

  it('a goods created after the pack arrives through the feed with its category: in the offline category list, found by pinyin, refused by 经营范围 like a pack goods', async () => {
    const { member, db } = await setup();
    // A clinic licensed for chemical medicines only (the overlay is read with the manifest).
    await shop.t.db.execute(sql`UPDATE companies SET business_scope = ARRAY['xy'] WHERE id = ${member.companyId}`);
    forgetCompanySessions(member.companyId);
    await downloadPack(db, httpPackTransport);
    const [created] = await insertGoods(shop.t.db, shop.cat, [
      { name: '新到连花清瘟胶囊', basePrice: 1_500, stock: 40, category: '感冒用药' },
    ]);
    await shop.t.db.execute(
      sql`UPDATE goods SET pinyin_initials = 'xdlhqwjn', scope_class = 'zyyp' WHERE id = ${created}`,
    );
    await noteCatalogueChange(shop.t.db, [created!], 'created', shop.t.clock.now());
    const [leaf] = await shop.t.db
      .select({ c: goodsTable.categoryId, l1: goodsTable.categoryL1 })
      .from(goodsTable)
      .where(eq(goodsTable.id, created!));
    expect(await applyPackDeltas(db, httpPackTransport)).toBe('applied');

    shop.browser.down = true;
    for (const category_id of [leaf!.c, leaf!.l1]) {
      const list = await listLocal(db, { category_id, page_size: 100 });
      expect(
        list!.list.map((g) => g.id),
        `category ${category_id}`,
      ).toContain(created);
    }
    expect((await searchLocal(db, 'xdlhq')).map((g) => g.id)).toContain(created);
    expect(await cartAddRefusal(db, [{ goods_id: created!, number: 1, ck_id: shop.cat.warehouseId }])).toMatch(
      /^新到连花清瘟胶囊：.*经营范围/,
    );
    shop.browser.down = false;
  });

  it('a rank change replaces the pack: the other rank’s prices do not stay', async () => {
    const { member, db } = await setup();
    await downloadPack(db, httpPackTransport);
    const first = (await readPackState(db))!.class;
    await shop.t.db.execute(
      sql`INSERT INTO goods_prices (goods_id, rank, price) VALUES (${shop.goodsId.banlangen}, 3, 700) ON CONFLICT DO NOTHING`,
    );
    await shop.t.db.execute(sql`UPDATE companies SET rank = 3 WHERE id = ${member.companyId}`);
    forgetCompanySessions(member.companyId);
    expect((await downloadPack(db, httpPackTransport)).stoppedBy).toBe('done');
    expect((await readPackState(db))!.class).not.toBe(first);
    expect((await snapshotGoods(db, shop.goodsId.banlangen))?.price).toBe(700);
  });
});

describe('resuming a download', () => {
  const goods = (id: number) => makePackGoods(id);
  /** A server that holds packs of three chunks at `version`; chunk `failAt` fails once. */
  function fakeServer(version: number, failAt: number | null) {
    const asked: number[] = [];
    let failed = false;
    const manifest: PackManifest = {
      class: 'r1-std',
      version,
      built_at: '2026-01-01T00:00:00.000Z',
      goods: 6,
      chunks: 3,
      bytes: 300,
      raw_bytes: 900,
      href: `/api/goods/pack/r1-std/${version}`,
      overlay: { entitlement: { scope: [], expiredCertificates: [] }, prices: {} },
    };
    const transport: PackTransport & { asked: number[]; version: number } = {
      asked,
      version,
      manifest: async () => ({
        ...manifest,
        version: transport.version,
        href: `/api/goods/pack/r1-std/${transport.version}`,
      }),
      chunk: async (href, i) => {
        asked.push(i);
        if (!href.endsWith(`/${transport.version}`)) return 'gone';
        if (i === failAt && !failed) {
          failed = true;
          throw new TypeError('fetch failed');
        }
        return encodePackChunk('r1-std', transport.version, i, [goods(i * 2 + 1), goods(i * 2 + 2)]);
      },
      changes: async (): Promise<CatalogueChangesPage> => ({
        changes: [],
        next_since: transport.version,
        next_after: null,
        has_more: false,
        version: transport.version,
      }),
    };
    return transport;
  }

  it('asks only for the chunks it lacks after a broken connection', async () => {
    const { db } = await setup();
    const server = fakeServer(5, 1);
    expect((await downloadPack(db, server)).stoppedBy).toBe('error');
    // One record per chunk stored (2 goods each here), the goods readable from it.
    expect(await db.packChunks.count()).toBe(1);
    expect(await snapshotRows(db)).toHaveLength(2);
    expect((await readPackState(db))!.completeAt).toBeNull();
    server.asked.length = 0;
    expect((await downloadPack(db, server)).stoppedBy).toBe('done');
    expect(server.asked).toEqual([1, 2]);
    expect(await db.packChunks.count()).toBe(3);
    expect(await snapshotRows(db)).toHaveLength(6);
  });

  it('a pack replaced on the server mid-download starts again from the manifest', async () => {
    const { db } = await setup();
    const server = fakeServer(5, 2);
    expect((await downloadPack(db, server)).stoppedBy).toBe('error');
    server.version = 6;
    server.asked.length = 0;
    expect((await downloadPack(db, server)).stoppedBy).toBe('done');
    expect(server.asked).toEqual([0, 1, 2]);
    expect((await readPackState(db))!).toMatchObject({ packVersion: 6, version: 6, stored: [0, 1, 2] });
  });
});
