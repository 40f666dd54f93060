// The catalogue import's apply in short transactions with a journal (issue 32 §2, session 18,
// docs/decisions/catalogue-file.md "Apply in short transactions"): on PGlite a search is answered
// while an apply is between chunks; a second import meanwhile is refused; a chunk that fails rolls
// the whole file back — goods created deleted, columns restored only where they still hold what
// the import wrote (an order's stock move is kept), makers it created removed — and a run a crash
// left `applying` is rolled back by the start's recovery (also through a real server start). On
// PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, ne, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import {
  auditLog,
  catalogueChanges,
  catalogueImportRuns,
  goods,
  goodsAlerts,
  manufacturers,
  staff,
  users,
} from '../../server/db/schema.ts';
import { withTx } from '../../server/db/tx.ts';
import { startServer } from '../../server/index.ts';
import { catalogueRows } from '../../server/services/admin/catalogue-file/export.ts';
import { reserveStock } from '../../server/services/orders/stock.ts';
import { readImportFile } from '../../server/services/admin/goods/import-file.ts';
import { checkCatalogueFile } from '../../server/services/admin/catalogue-file/check.ts';
import { planChunks, writeChunk } from '../../server/services/admin/catalogue-file/import.ts';
import {
  IMPORT_CHUNK_NEW,
  recoverCatalogueImports,
  runGinOn,
} from '../../server/services/admin/catalogue-file/import-run.ts';
import {
  CATALOGUE_FILE_MAX_BYTES,
  CATALOGUE_FILE_MAX_ROWS,
  CATALOGUE_XLSX_MAX_UNPACKED,
  type CatalogueImportPreview,
} from '../../src/domain/catalogue-file.ts';
import type { GoodsDetail } from '../../src/domain/catalog.ts';

const IMPORT_RUNNING = '另一个商品资料导入正在进行，请等它完成后再导入';
const IMPORT_RACED = '其他操作刚刚新建了本文件中的外部编码或资料，请重新预览后再导入';

const engines = [
  { engine: 'PGlite', databaseUrl: undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'PostgreSQL', databaseUrl: process.env.TEST_DATABASE_URL }] : []),
];

const csvOf = (rows: string[][]) => `\uFEFF${Papa.unparse(rows)}\r\n`;
const tableOf = (bytes: Uint8Array) =>
  Papa.parse<string[]>(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe.each(engines)('the catalogue import in chunks on $engine', ({ databaseUrl }) => {
  let t: TestApp;
  let ops: string;
  let header: string[];
  let exported: string[][];

  beforeAll(async () => {
    t = await createTestApp({ seed: 40, databaseUrl });
    ops = await operatorSignIn(t, 'operations');
    const res = await t.app.request('/api/admin/goods/file/export', { headers: { cookie: ops } });
    [header, ...exported] = tableOf(new Uint8Array(await res.arrayBuffer()));
  });
  afterAll(() => t.close());

  const col = (name: string) => header.indexOf(name);
  /** `n` new goods with codes `${prefix}-00000`…, each row valid (the export's first row as a base). */
  const newRows = (prefix: string, n: number, edit: Record<string, string> = {}) =>
    Array.from({ length: n }, (_, i) => {
      const r = [...exported[0]];
      r[col('外部编码')] = `${prefix}-${String(i).padStart(5, '0')}`;
      r[col('商品名称')] = `分批导入测试药品${prefix}${i}`;
      r[col('条形码')] = '';
      r[col('批准文号')] = '';
      for (const [k, v] of Object.entries(edit)) r[col(k)] = v;
      return r;
    });
  const apply = (rows: string[][], opts: { createMissing?: boolean } = {}) => {
    const form = new FormData();
    form.set('file', new File([csvOf([header, ...rows])], 'chunks.csv'));
    form.set('mode', 'apply');
    if (opts.createMissing) form.set('create_missing', '1');
    return t.call<CatalogueImportPreview>('POST', '/api/admin/goods/file/import', { cookie: ops, form });
  };
  /** Tracks whether a request has answered. */
  const tracked = <T>(p: Promise<T>) => {
    const s = { done: false, result: p };
    void p.finally(() => {
      s.done = true;
    });
    return s;
  };
  /**
   * Waits until the journal shows a run `applying` with undo rows of goods (a chunk has committed
   * and more are to come) — an event, not a time. Fails if the apply answered first.
   */
  async function untilBetweenChunks(apply: { done: boolean }, created?: boolean): Promise<void> {
    for (;;) {
      expect(apply.done, 'the apply answered before the journal showed a chunk').toBe(false);
      const [row] = rowsOf<{ n: number }>(
        await t.db.execute(sql`
          SELECT count(*)::int AS n FROM catalogue_import_undo u JOIN catalogue_import_runs r ON r.id = u.run_id
          WHERE r.status = 'applying' AND u.kind = 'goods' ${created === undefined ? sql`` : sql`AND u.created = ${created}`}`),
      );
      if (row.n > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const ginFastupdateOn = async () =>
    rowsOf<{ name: string }>(
      await t.db.execute(sql`
        SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
        WHERE i.indrelid = 'goods_master'::regclass AND a.amname = 'gin'
          AND EXISTS (SELECT 1 FROM unnest(c.reloptions) o WHERE o IN ('fastupdate=true', 'fastupdate=on'))
        ORDER BY 1`),
    ).map((r) => r.name);
  let ginBefore: string[];
  beforeAll(async () => {
    // PGlite: none (the import switches them on for its run only); PostgreSQL: the ones migration 0033 gave a pending list.
    ginBefore = await ginFastupdateOn();
  });

  it('answers a search while an apply is between chunks', async () => {
    const run = tracked(apply(newRows('SRCH', IMPORT_CHUNK_NEW * 10)));
    await untilBetweenChunks(run);
    const found = await t.call('GET', `/api/goods/search?keywords=${encodeURIComponent('分批导入')}`);
    expect(found.status).toBe(200);
    // Answered while the apply still writes its later chunks (on PGlite, before session 18, every
    // query waited for the apply's one transaction).
    expect(run.done).toBe(false);
    const res = await run.result;
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.created).toBe(IMPORT_CHUNK_NEW * 10);
    const [runRow] = await t.db
      .select()
      .from(catalogueImportRuns)
      .orderBy(sql`${catalogueImportRuns.id} DESC`)
      .limit(1);
    expect(runRow.status).toBe('applied');
    // The undo rows go with the run's end; the GIN indexes are as before.
    const undo = rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM catalogue_import_undo`));
    expect(undo[0].n).toBe(0);
    expect(await ginFastupdateOn()).toEqual(ginBefore);
  });

  it('refuses a second import while one applies', async () => {
    const first = tracked(apply(newRows('FIRST', IMPORT_CHUNK_NEW * 6)));
    await untilBetweenChunks(first);
    const second = await apply(newRows('SECOND', 1));
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(IMPORT_RUNNING);
    expect(await t.db.select().from(goods).where(eq(goods.externalCode, 'SECOND-00000'))).toEqual([]);
    const res = await first.result;
    expect(res.status, res.body.msg).toBe(200);
    // Once it is done, the next import runs.
    const third = await apply(newRows('THIRD', 1));
    expect(third.status, third.body.msg).toBe(200);
  });

  it('rolls the whole file back when a later chunk fails, keeping an order’s stock move', async () => {
    const buyer = await t.signIn('demo', 'demo1234');
    const [demo] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
    // Twenty goods a buyer sees (on sale, not 控销), as the export writes them; the third sold out,
    // with the buyer's 到货通知 armed on it.
    const three = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false), ne(goods.externalCode, '')))
      .orderBy(goods.id)
      .limit(3);
    const soldOut = three[2].id;
    await t.db.execute(sql`UPDATE goods_stock SET stock = 0 WHERE goods_id = ${soldOut}`);
    await t.db.insert(goodsAlerts).values({ companyId: demo.companyId!, goodsId: soldOut, kind: 'restock' });
    const alertFired = async () =>
      (await t.db.select({ at: goodsAlerts.notifiedAt }).from(goodsAlerts).where(eq(goodsAlerts.goodsId, soldOut)))[0]
        .at !== null;
    const before = (
      await t.db
        .select({ id: goods.id, code: goods.externalCode, basePrice: goods.basePrice, stock: goods.stock })
        .from(goods)
        .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false), ne(goods.externalCode, '')))
        .orderBy(goods.id)
    ).slice(0, 20);
    expect(before).toHaveLength(20);
    const newPrice = (fen: number) => (Math.trunc(fen / 100) + 7) * 100;
    const known = before.map((b) => exported.find((r) => r[col('外部编码')] === b.code)!);
    // Known goods: a new price and stock (the first chunk); 600 new goods of a new maker after them.
    const updates = known.map((r, i) => {
      const u = [...r];
      u[col('基础价')] = `${newPrice(before[i].basePrice) / 100}.00`;
      u[col('库存')] = String(500 + i);
      return u;
    });
    const creates = newRows('RB', 600, { 生产厂家: '回滚测试制药厂' });
    const failing = creates.at(-1)![col('外部编码')];
    // Another writer takes the file's last new code (a unique violation, as 新建商品 would give),
    // raised by the database when the last chunk inserts it.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION test_code_taken() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'external code taken' USING ERRCODE = 'unique_violation'; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER test_code_taken BEFORE INSERT ON goods_master FOR EACH ROW
        WHEN (NEW.external_code = '${failing}') EXECUTE FUNCTION test_code_taken()`),
    );
    try {
      const detailPrice = async (id: number) =>
        (await t.call<GoodsDetail>('GET', `/api/goods/detail/${id}`, { cookie: buyer })).body.data.base_price;
      const shownBefore = await detailPrice(before[0].id);
      expect(shownBefore).toBe(before[0].basePrice);
      const version = Number(
        rowsOf<{ v: string }>(await t.db.execute(sql`SELECT version AS v FROM catalogue_version`))[0].v,
      );

      const run = tracked(apply([...updates, ...creates], { createMissing: true }));
      // The known goods' chunk has committed: the buyer sees the new price, and an order takes stock.
      await untilBetweenChunks(run, false);
      expect(await detailPrice(before[0].id)).toBe(newPrice(before[0].basePrice));
      const ordered = await withTx(t.db, (tx) => reserveStock(tx, new Map([[before[1].id, 3]])));
      expect(ordered).toHaveLength(1);

      const res = await run.result;
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe(IMPORT_RACED);

      // Nothing of the file is left: no new goods, prices and stock as before…
      expect(await t.db.select().from(goods).where(like(goods.externalCode, 'RB-%'))).toEqual([]);
      const after = new Map(
        (await t.db.select({ id: goods.id, basePrice: goods.basePrice, stock: goods.stock }).from(goods)).map((g) => [
          g.id,
          g,
        ]),
      );
      for (const [i, b] of before.entries()) {
        expect(after.get(b.id)!.basePrice, `goods ${b.id}`).toBe(b.basePrice);
        // …but the order's move is kept: that stock no longer holds what the import wrote.
        expect(after.get(b.id)!.stock, `goods ${b.id}`).toBe(i === 1 ? 500 + 1 - 3 : b.stock);
      }
      // The maker it created is gone; the run is rolled back, and says so in the audit.
      expect(await t.db.select().from(manufacturers).where(eq(manufacturers.name, '回滚测试制药厂'))).toEqual([]);
      const [runRow] = await t.db
        .select()
        .from(catalogueImportRuns)
        .orderBy(sql`${catalogueImportRuns.id} DESC`)
        .limit(1);
      expect(runRow.status).toBe('rolled_back');
      expect(runRow.note).toMatchObject({ kept_goods: [], kept: [] });
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'catalogue.import.rollback'), eq(auditLog.targetId, runRow.id)));
      expect(audit.after).toMatchObject({
        restored: 20,
        deleted: Math.floor(599 / IMPORT_CHUNK_NEW) * IMPORT_CHUNK_NEW,
      });
      // The change log and the caches follow: the new goods deleted, the known ones changed back.
      const logged = rowsOf<{ kind: string; n: number }>(
        await t.db.execute(
          sql`SELECT kind, count(*)::int AS n FROM catalogue_changes WHERE version > ${version} GROUP BY kind ORDER BY kind`,
        ),
      );
      expect(Object.fromEntries(logged.map((l) => [l.kind, l.n]))).toMatchObject({
        created: Math.floor(599 / IMPORT_CHUNK_NEW) * IMPORT_CHUNK_NEW,
        deleted: Math.floor(599 / IMPORT_CHUNK_NEW) * IMPORT_CHUNK_NEW,
      });
      expect(
        (
          await t.db
            .select()
            .from(catalogueChanges)
            .where(and(eq(catalogueChanges.goodsId, before[0].id), eq(catalogueChanges.kind, 'imported')))
        ).filter((c) => c.version > version),
      ).toHaveLength(2);
      expect(await detailPrice(before[0].id)).toBe(before[0].basePrice);
      expect(await ginFastupdateOn()).toEqual(ginBefore);
      // The restock it took back never told the buyer; an import that completes does, once.
      expect(before[2]).toMatchObject({ id: soldOut, stock: 0 });
      expect(await alertFired()).toBe(false);
      const restock = await apply([updates[2]]);
      expect(restock.status, restock.body.msg).toBe(200);
      expect(await alertFired()).toBe(true);
    } finally {
      await t.db.execute(sql`DROP TRIGGER test_code_taken ON goods_master`);
      await t.db.execute(sql`DROP FUNCTION test_code_taken()`);
    }
  });

  it('a start rolls back a run a crash left applying, and the next import runs', async () => {
    const now = t.deps.clock();
    const [admin] = await t.db
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(eq(staff.username, 'admin'));
    const actor = { staffId: admin.id, name: admin.name, ip: '127.0.0.1' };
    const known = exported.slice(25, 30);
    const knownNow = () =>
      t.db
        .select({ id: goods.id, code: goods.externalCode, name: goods.name, stock: goods.stock })
        .from(goods)
        .where(
          inArray(
            goods.externalCode,
            known.map((r) => r[col('外部编码')]),
          ),
        )
        .orderBy(goods.id);
    const before = await knownNow();
    const rows = [
      ...known.map((r) => {
        const u = [...r];
        u[col('商品名称')] = `${r[col('商品名称')]}（崩溃前）`;
        u[col('库存')] = '4242';
        return u;
      }),
      ...newRows('CRASH', IMPORT_CHUNK_NEW * 2),
    ];
    const { table } = await readImportFile(new File([csvOf([header, ...rows])], 'crash.csv'), {
      maxBytes: CATALOGUE_FILE_MAX_BYTES,
      maxRows: CATALOGUE_FILE_MAX_ROWS,
      maxUnpacked: CATALOGUE_XLSX_MAX_UNPACKED,
    });
    const checked = await checkCatalogueFile(t.db, table, false, false);
    // What a server that died after its first two chunks leaves: its run (of a start that is gone),
    // the GIN indexes switched, the chunks written by the real chunk writer, then nothing.
    const [run] = await t.db
      .insert(catalogueImportRuns)
      .values({
        fileName: 'crash.csv',
        staffId: admin.id,
        staffName: admin.name,
        status: 'applying',
        bootId: 'a-start-that-crashed',
        startedAt: now,
        touchedAt: now,
      })
      .returning();
    await runGinOn(t.db, run.id);
    const chunks = planChunks(checked);
    expect(chunks.map((c) => c.kind)).toEqual(['update', 'create', 'create']);
    for (const chunk of chunks.slice(0, 2))
      await withTx(t.db, (tx) => writeChunk(tx, run.id, actor, 'crash.csv', checked, chunk, now));
    expect(await t.db.select().from(goods).where(like(goods.externalCode, 'CRASH-%'))).toHaveLength(IMPORT_CHUNK_NEW);
    const [renamed] = await t.db.select().from(goods).where(eq(goods.id, before[0].id));
    expect(renamed.stock).toBe(4242);

    const lines: string[] = [];
    expect(await recoverCatalogueImports(t.db, now, (line) => lines.push(line))).toBe(1);
    expect(lines[0]).toMatch(/was left applying: rolled back \(5 goods restored, 150 new goods deleted\)/);
    expect(await t.db.select().from(goods).where(like(goods.externalCode, 'CRASH-%'))).toEqual([]);
    const restored = await knownNow();
    expect(restored).toEqual(before);
    const [ended] = await t.db.select().from(catalogueImportRuns).where(eq(catalogueImportRuns.id, run.id));
    expect(ended.status).toBe('rolled_back');
    expect(await ginFastupdateOn()).toEqual(ginBefore);
    // Nothing left to recover; the next import runs.
    expect(await recoverCatalogueImports(t.db, now, () => {})).toBe(0);
    const next = await apply(newRows('AFTER', 1));
    expect(next.status, next.body.msg).toBe(200);
  });
});

// The same through a real start (server/index.ts): a server over an on-disk PGlite whose data
// directory holds a run a crash left `applying` rolls it back before it listens, and logs it.
describe('a server start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-import-recovery-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('rolls back a catalogue import a crash left applying', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const opts = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      seedGoods: 30,
      nodeEnv: 'test',
      staticDir: dataDir,
      log: (l: string) => lines.push(l),
    };
    const first = await startServer(opts);
    const now = new Date();
    const [admin] = await first.db
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(eq(staff.username, 'admin'));
    const [head, ...current] = await catalogueRows(first.db, {});
    const at = (h: string) => head.indexOf(h);
    const rows = Array.from({ length: 3 }, (_, i) => {
      const r = [...current[0]];
      r[at('外部编码')] = `BOOT-${i}`;
      r[at('商品名称')] = `重启回滚测试药品${i}`;
      r[at('条形码')] = '';
      r[at('批准文号')] = '';
      return r;
    });
    const checked = await checkCatalogueFile(
      first.db,
      { header: head, rows: rows.map((cells, i) => ({ row: i + 2, cells })) },
      false,
      false,
    );
    const [run] = await first.db
      .insert(catalogueImportRuns)
      .values({
        fileName: 'boot.csv',
        staffId: admin.id,
        staffName: admin.name,
        status: 'applying',
        bootId: 'a-start-that-crashed',
        startedAt: now,
        touchedAt: now,
      })
      .returning();
    const [chunk] = planChunks(checked);
    await withTx(first.db, (tx) =>
      writeChunk(tx, run.id, { staffId: admin.id, name: admin.name, ip: '' }, 'boot.csv', checked, chunk, now),
    );
    expect(await first.db.select().from(goods).where(like(goods.externalCode, 'BOOT-%'))).toHaveLength(3);
    await first.close();

    lines.length = 0;
    const second = await startServer(opts);
    try {
      expect(
        lines.some((l) =>
          /catalogue import \d+ \(boot\.csv, .+\) was left applying: rolled back \(0 goods restored, 3 new goods deleted\)/.test(
            l,
          ),
        ),
      ).toBe(true);
      // Before it listened.
      expect(lines.findIndex((l) => l.includes('was left applying'))).toBeLessThan(
        lines.findIndex((l) => l.startsWith('listening')),
      );
      expect(await second.db.select().from(goods).where(like(goods.externalCode, 'BOOT-%'))).toEqual([]);
      const [ended] = await second.db.select().from(catalogueImportRuns).where(eq(catalogueImportRuns.id, run.id));
      expect(ended.status).toBe('rolled_back');
    } finally {
      await second.close();
    }
  });
});
