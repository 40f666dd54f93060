// The catalogue change log and GET /api/goods/changes (issue 32 §3,
// docs/decisions/catalogue-change-log.md): every kind of goods write bumps the version in its own
// transaction (console create and edit, 上架/下架, delete, pictures, batches, reports, import, a stock change,
// an order taking stock, a cancelled order giving it back); a burst of parallel writes gets
// unique, increasing versions (PGlite, and PostgreSQL in a scratch database next to
// TEST_DATABASE_URL when it is set); the feed pages per buyer (prices by approval and rank, 控销
// never to a buyer without it, gone goods as null); and the stored list answers follow the log, not
// only console routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.ts';
import { roleOperator } from '../helpers/operators.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { catalogueChanges, goods } from '../../server/db/schema.ts';
import { changeGoods } from '../../server/services/catalogue/change-goods.ts';
import { catalogueVersionNow } from '../../server/services/catalogue/changes.ts';
import type { ConsoleGoods, GoodsEditInput } from '../../src/domain/admin-goods.ts';
import type { CatalogueChangesPage } from '../../src/domain/catalogue-changes.ts';
import type { GoodsListResult } from '../../src/domain/catalog.ts';

const versionNow = async (t: TestApp): Promise<number> => catalogueVersionNow(t.db);
const logOf = async (t: TestApp, goodsId: number) =>
  (
    await t.db
      .select()
      .from(catalogueChanges)
      .where(eq(catalogueChanges.goodsId, goodsId))
      .orderBy(catalogueChanges.version)
  ).map((r) => ({ version: Number(r.version), kind: r.kind }));
const editable = (g: ConsoleGoods): GoodsEditInput => {
  const {
    id: _id,
    common_name: _c,
    ypgg: _y,
    bzdw: _b,
    sccj: _s,
    category: _cat,
    image: _i,
    sales_count: _sc,
    updated_at: _u,
    batches: _bt,
    ...rest
  } = g;
  return rest;
};
const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const pdf = () => new TextEncoder().encode('%PDF-1.4\n%test\n');

describe('every kind of goods write bumps the version, with its kind', () => {
  let t: TestApp;
  let shop: Shop;
  let ops: string;
  let buyer: ShopBuyer;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t);
    ops = (await roleOperator(t, 'operations')).cookie;
    buyer = await shop.buyer();
    g = await shop.goods({ name: '版本测试片', basePrice: 1_000, stock: 50 });
  });
  afterAll(() => t.close());

  /** Runs `write` and answers the kinds logged for goods `g` under the one new version. */
  async function bumped(write: () => Promise<unknown>): Promise<string[]> {
    const before = await versionNow(t);
    await write();
    const after = await versionNow(t);
    expect(after).toBe(before + 1);
    return (await logOf(t, g)).filter((r) => r.version === after).map((r) => r.kind);
  }

  it('console edit, off sale, on sale, pictures, batch, report, import, stock change, order, cancel', async () => {
    const state = async () => (await t.call<ConsoleGoods>('GET', `/api/admin/goods/${g}`, { cookie: ops })).body.data;
    const save = async (patch: Partial<GoodsEditInput>) => {
      const res = await t.call('POST', `/api/admin/goods/${g}`, {
        cookie: ops,
        json: { ...editable(await state()), ...patch },
      });
      expect(res.status, res.body.msg).toBe(200);
    };
    expect(await bumped(() => save({ base_price: 990 }))).toEqual(['edited']);
    const move = async (on_sale: boolean) =>
      expect(
        (await t.call('POST', `/api/admin/goods/${g}/sale`, { cookie: ops, json: { on_sale, reason: '测试' } })).status,
      ).toBe(200);
    expect(await bumped(() => move(false))).toEqual(['off_sale']);
    expect(await bumped(() => move(true))).toEqual(['on_sale']);
    // Saving with nothing changed writes nothing, so no version either.
    const v = await versionNow(t);
    await save({});
    expect(await versionNow(t)).toBe(v);

    const image = new FormData();
    image.set('file', new File([png()], 'a.png', { type: 'image/png' }));
    expect(
      await bumped(async () =>
        expect((await t.call('POST', `/api/admin/goods/${g}/images`, { cookie: ops, form: image })).status).toBe(200),
      ),
    ).toEqual(['pictures']);

    let batchId = 0;
    expect(
      await bumped(async () => {
        const res = await t.call<{ id: number }>('POST', `/api/admin/goods/${g}/batches`, {
          cookie: ops,
          body: { batch_no: 'B2501', expires_on: '2027-01-01' },
        });
        expect(res.status, res.body.msg).toBe(200);
        batchId = res.body.data.id;
      }),
    ).toEqual(['batches']);
    const report = new FormData();
    report.set('title', '出厂检验报告');
    report.set('file', new File([pdf()], 'r.pdf', { type: 'application/pdf' }));
    expect(
      await bumped(async () =>
        expect(
          (await t.call('POST', `/api/admin/goods/${g}/batches/${batchId}/reports`, { cookie: ops, form: report }))
            .status,
        ).toBe(200),
      ),
    ).toEqual(['batches']);

    const file = new FormData();
    file.set('file', new File([`商品编号,价格,库存\n${g},9.50,60\n`], 'p.csv', { type: 'text/csv' }));
    file.set('mode', 'apply');
    expect(
      await bumped(async () =>
        expect((await t.call('POST', '/api/admin/goods/import', { cookie: ops, form: file })).status).toBe(200),
      ),
    ).toEqual(['imported']);

    expect(await bumped(() => changeGoods(t.db, g, { stock: 70 }, t.clock.now()))).toEqual(['stock']);

    const [line] = await shop.fill(buyer, [[g, 2]]);
    let orderId = 0;
    expect(
      await bumped(async () => {
        const res = await shop.order(buyer, [line]);
        expect(res.status, res.body.msg).toBe(200);
        orderId = res.body.data.order_id;
      }),
    ).toEqual(['ordered']);
    expect(
      await bumped(async () =>
        expect((await t.call('POST', `/api/order/${orderId}/cancel`, { cookie: buyer.cookie })).status).toBe(200),
      ),
    ).toEqual(['released']);
  });

  it('a refused write leaves the version where it was', async () => {
    const v = await versionNow(t);
    const res = await t.call('POST', `/api/admin/goods/${g}`, { cookie: ops, json: { stock: -1 } });
    expect(res.status).toBe(422);
    const [line] = await shop.fill(buyer, [[g, 1]]);
    await t.db.update(goods).set({ stock: 0 }).where(eq(goods.id, g));
    expect((await shop.order(buyer, [line])).status).not.toBe(200);
    expect(await versionNow(t)).toBe(v);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;
const backends: [string, boolean][] = [['PGlite', false]];
if (PG_URL) backends.push(['PostgreSQL', true]);
else console.warn('catalogue-changes: TEST_DATABASE_URL not set, the PostgreSQL burst is skipped');

describe.each(backends)('a concurrent burst on %s', (_name, onPg) => {
  let t: TestApp;
  let scratch: ScratchDatabase | undefined;
  let shop: Shop;

  beforeAll(async () => {
    if (onPg) scratch = await createScratchDatabase(PG_URL!, 'catalogue_changes');
    t = await createTestApp({ databaseUrl: scratch?.url });
    shop = await createShop(t);
  });
  afterAll(async () => {
    await t.close();
    await scratch?.drop();
  });

  it('40 parallel changes get 40 unique, increasing versions, each with its row', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await shop.goods({ name: `并发版本${i}`, stock: 10 }));
    const start = await versionNow(t);
    // Five changes per goods, all at once: rows of one goods wait on each other, the rest overlap.
    await Promise.all(
      ids.flatMap((id, i) =>
        [0, 1, 2, 3, 4].map((n) => changeGoods(t.db, id, { stock: 100 + i * 10 + n }, t.clock.now())),
      ),
    );
    expect(await versionNow(t)).toBe(start + 40);
    const rows = (await t.db.select().from(catalogueChanges)).map((r) => Number(r.version)).filter((v) => v > start);
    expect(rows.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => start + 1 + i));
  });
});

describe('GET /api/goods/changes', () => {
  let t: TestApp;
  let shop: Shop;
  let approved: ShopBuyer;
  let rankTwo: ShopBuyer;
  let pending: ShopBuyer;
  let special: ShopBuyer;
  let plain: number;
  let controlled: number;

  const feed = async (cookie: string | undefined, query: string) => {
    const res = await t.call<CatalogueChangesPage>('GET', `/api/goods/changes?${query}`, { cookie });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t);
    approved = await shop.buyer();
    rankTwo = await shop.buyer();
    await t.db.execute(sql`UPDATE companies SET rank = 2 WHERE id = ${rankTwo.companyId}`);
    pending = await shop.buyer({ kind: 'pending' });
    special = await shop.buyer({ kind: 'special' });
    plain = await shop.goods({ name: '变更普通片', basePrice: 2_000, stock: 5 });
    controlled = await shop.goods({ name: '变更控销片', basePrice: 3_000, stock: 5, isKx: true });
    await t.db.execute(sql`INSERT INTO goods_prices (goods_id, rank, price) VALUES (${plain}, 2, 1800)`);
  });
  afterAll(() => t.close());

  it('a buyer without 控销 never sees a 控销 goods’ change; an entitled one does', async () => {
    const since = await versionNow(t);
    await changeGoods(t.db, controlled, { stock: 9 }, t.clock.now());
    await changeGoods(t.db, plain, { stock: 8 }, t.clock.now());
    const seen = await feed(approved.cookie, `since=${since}`);
    expect(seen.changes.map((c) => c.goods_id)).toEqual([plain]);
    expect(seen.version).toBe(since + 2);
    expect((await feed(undefined, `since=${since}`)).changes.map((c) => c.goods_id)).toEqual([plain]);
    expect((await feed(special.cookie, `since=${since}`)).changes.map((c) => c.goods_id)).toEqual([controlled, plain]);
  });

  it('answers each goods once at its latest version, priced for the buyer', async () => {
    const since = await versionNow(t);
    await changeGoods(t.db, plain, { basePrice: 2_100 }, t.clock.now());
    await changeGoods(t.db, plain, { stock: 12 }, t.clock.now());
    const mine = await feed(approved.cookie, `since=${since}`);
    expect(mine.changes).toHaveLength(1);
    expect(mine.changes[0]).toMatchObject({
      goods_id: plain,
      version: since + 2,
      kinds: ['stock'],
      goods: { id: plain, price: 2_100, number: 12 },
    });
    expect((await feed(rankTwo.cookie, `since=${since}`)).changes[0]!.goods).toMatchObject({ price: 1_800 });
    expect((await feed(pending.cookie, `since=${since}`)).changes[0]!.goods).toMatchObject({ price: null });
    expect(mine.next_since).toBe(since + 2);
    expect(await feed(approved.cookie, `since=${mine.next_since}`)).toMatchObject({
      changes: [],
      has_more: false,
      next_since: since + 2,
    });
  });

  it('with pack=1 each goods also comes as the buyer’s pack carries it (category, pinyin, 经营范围 class, the class’s price); gone is null', async () => {
    const since = await versionNow(t);
    await changeGoods(t.db, plain, { stock: 14 }, t.clock.now());
    const [row] = await t.db
      .select({ leaf: goods.categoryId, l1: goods.categoryL1, scope: goods.scopeClass })
      .from(goods)
      .where(eq(goods.id, plain));
    const mine = await feed(rankTwo.cookie, `since=${since}&pack=1`);
    expect(mine.changes[0]!.pack_goods).toMatchObject({
      id: plain,
      category_id: row!.leaf,
      category_l1: row!.l1,
      scope_class: row!.scope,
      price: 1_800,
      stock: 14,
    });
    // Without it the answer is as before (an ERP link reads it so).
    expect((await feed(rankTwo.cookie, `since=${since}`)).changes[0]).not.toHaveProperty('pack_goods');
    await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, plain));
    await changeGoods(t.db, plain, { stock: 1 }, t.clock.now());
    const gone = await feed(rankTwo.cookie, `since=${since}&pack=1`);
    expect(gone.changes[0]).toMatchObject({ goods: null, pack_goods: null });
    await t.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, plain));
    expect((await t.call('GET', '/api/goods/changes?pack=2')).status).toBe(422);
  });

  it('a goods taken off sale comes as null (gone), to everyone who could see it', async () => {
    const since = await versionNow(t);
    await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, plain));
    await changeGoods(t.db, plain, { stock: 1 }, t.clock.now());
    expect((await feed(approved.cookie, `since=${since}`)).changes).toEqual([
      { goods_id: plain, version: since + 1, kinds: ['stock'], goods: null },
    ]);
    await t.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, plain));
  });

  it('pages by (version, goods id), also inside one version, and refuses a bad cursor', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await shop.goods({ name: `分页片${i}`, stock: 3 }));
    const since = await versionNow(t);
    // One transaction, five goods: one version.
    const file = new FormData();
    file.set(
      'file',
      new File([`商品编号,库存\n${ids.map((id) => `${id},4`).join('\n')}\n`], 'p.csv', { type: 'text/csv' }),
    );
    file.set('mode', 'apply');
    const ops = (await roleOperator(t, 'operations')).cookie;
    expect((await t.call('POST', '/api/admin/goods/import', { cookie: ops, form: file })).status).toBe(200);
    const seen: number[] = [];
    let query = `since=${since}&limit=2`;
    for (let round = 0; round < 5; round++) {
      const page = await feed(approved.cookie, query);
      seen.push(...page.changes.map((c) => c.goods_id));
      if (!page.has_more) break;
      query = `since=${page.next_since}&after=${page.next_after}&limit=2`;
    }
    expect(seen).toEqual(ids);
    for (const bad of ['since=-1', 'since=abc', 'limit=0', 'limit=501']) {
      const res = await t.call('GET', `/api/goods/changes?${bad}`);
      expect(res.status, bad).toBe(422);
    }
  });

  it('the stored list answers follow the log: a change outside the console is seen at once', async () => {
    const list = async () =>
      (
        await t.call<GoodsListResult>('GET', `/api/goods/list?keywords=${encodeURIComponent('变更普通片')}`, {
          cookie: approved.cookie,
        })
      ).body.data.list.find((g) => g.id === plain);
    const first = await list();
    expect(first).toBeDefined();
    await changeGoods(t.db, plain, { basePrice: 2_345 }, t.clock.now());
    expect((await list())?.price).toBe(2_345);
  });
});
