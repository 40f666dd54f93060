// /api/admin/goods/file (issue 32 §2): the whole catalogue from a file and back out. A generated
// 2,000-row file (new codes, known codes, and rows with every kind of error) gives the right dry
// run and is applied all or nothing; export → import changes nothing (CSV and XLSX); a category
// path that does not exist is refused unless "create missing" is on; hostile files are refused;
// pictures in bulk from a ZIP named by external code, all or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import {
  auditLog,
  catalogueChanges,
  categories,
  goods,
  goodsLadderPrices,
  manufacturers,
} from '../../server/db/schema.ts';
import type { CatalogueImportPreview, PicturesImportResult } from '../../src/domain/catalogue-file.ts';
import { IMPORT_CHUNK, IMPORT_CHUNK_NEW } from '../../server/services/admin/catalogue-file/import-run.ts';

let t: TestApp;
let ops: string;

const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string[]> }).errors;

async function download(path: string): Promise<{ status: number; bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const res = await t.app.request(`/api/admin/goods/file${path}`, { headers: { cookie: ops } });
  return {
    status: res.status,
    bytes: new Uint8Array(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? '',
  };
}
const csvOf = (rows: string[][]) => `\uFEFF${Papa.unparse(rows)}\r\n`;
const tableOf = (bytes: Uint8Array) =>
  Papa.parse<string[]>(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
function upload(content: BlobPart, mode: 'preview' | 'apply', opts: { name?: string; createMissing?: boolean } = {}) {
  const form = new FormData();
  form.set('file', new File([content], opts.name ?? 'catalogue.csv'));
  form.set('mode', mode);
  if (opts.createMissing) form.set('create_missing', '1');
  return t.call<CatalogueImportPreview>('POST', '/api/admin/goods/file/import', { cookie: ops, form });
}
const goodsSnapshot = async () => t.db.select().from(goods).orderBy(goods.id);
const versionNow = async () =>
  Number(
    rowsOf<{ version: string | number }>(await t.db.execute(sql`SELECT version FROM catalogue_version WHERE id = 1`))[0]
      .version,
  );

/** A valid EAN-13 from 12 digits. */
function ean13(payload: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(payload[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return payload + String((10 - (sum % 10)) % 10);
}

let header: string[];
let exported: string[][];

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  ops = await operatorSignIn(t, 'operations');
  const res = await download('/export');
  expect(res.status).toBe(200);
  [header, ...exported] = tableOf(res.bytes);
});
afterAll(() => t.close());

const col = (name: string) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return i;
};

describe('export → import', () => {
  it('exports every goods in the import columns, keyed by 外部编码', async () => {
    expect(header.slice(0, 3)).toEqual(['外部编码', '商品名称', '通用名']);
    expect(header).toContain('分类');
    // Every goods but the points mall's hidden twins, which have no external code.
    expect(exported.length).toBe(
      (await t.db.select({ n: count() }).from(goods).where(ne(goods.externalCode, '')))[0].n,
    );
    expect(exported.length).toBeGreaterThanOrEqual(40);
    const [first] = await t.db.select().from(goods).orderBy(goods.id).limit(1);
    const row = exported[0];
    expect(row[col('外部编码')]).toBe(first.externalCode);
    expect(row[col('基础价')]).toBe(
      `${Math.trunc(first.basePrice / 100)}.${String(first.basePrice % 100).padStart(2, '0')}`,
    );
    expect(row[col('分类')].split('/').length).toBeGreaterThanOrEqual(2);
  });

  it('exports with the goods list filters', async () => {
    const res = await download('/export?on_sale=0');
    const [, ...rows] = tableOf(res.bytes);
    const off = (
      await t.db
        .select({ n: count() })
        .from(goods)
        .where(and(eq(goods.isOnSale, false), ne(goods.externalCode, '')))
    )[0].n;
    expect(rows.length).toBe(off);
    expect((await t.call('GET', '/api/admin/goods/file/export?stock=nonsense', { cookie: ops })).status).toBe(422);
  });

  it('a CSV export imported back changes nothing', async () => {
    const before = await goodsSnapshot();
    const version = await versionNow();
    const csv = (await download('/export')).bytes;
    const preview = await upload(csv, 'preview');
    expect(preview.status, preview.body.msg).toBe(200);
    expect(preview.body.data).toMatchObject({
      created: 0,
      updated: 0,
      invalid: 0,
      unchanged: exported.length,
      rows: [],
    });
    const applied = await upload(csv, 'apply');
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data).toMatchObject({ created: 0, updated: 0, unchanged: exported.length, applied: true });
    expect(await goodsSnapshot()).toEqual(before);
    expect(await versionNow()).toBe(version);
  });

  it('an XLSX export imported back changes nothing', async () => {
    const before = await goodsSnapshot();
    const xlsx = await download('/export?format=xlsx');
    expect(xlsx.type).toContain('spreadsheetml');
    const applied = await upload(xlsx.bytes, 'apply', { name: 'catalogue.xlsx' });
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data).toMatchObject({ created: 0, updated: 0, invalid: 0 });
    expect(await goodsSnapshot()).toEqual(before);
  });
});

describe('a generated 2,000-row file', () => {
  it('previews creates, updates and each kind of error on its cell, and applies all or nothing', async () => {
    const base = exported[0];
    const [withLadder] = await t.db
      .select({ goodsId: goodsLadderPrices.goodsId, price: goodsLadderPrices.price })
      .from(goodsLadderPrices)
      .limit(1);
    const [ladderGoods] = await t.db.select().from(goods).where(eq(goods.id, withLadder.goodsId));
    const ladderRow = exported.find((r) => r[col('外部编码')] === ladderGoods.externalCode)!;
    const leafPath = base[col('分类')];
    const innerPath = leafPath.split('/').slice(0, -1).join('/');

    const newRow = (i: number, edit: Record<string, string> = {}) => {
      const r = [...base];
      r[col('外部编码')] = `GEN-${String(i).padStart(5, '0')}`;
      r[col('商品名称')] = `导入测试药品${i}`;
      r[col('批准文号')] = `国药准字H${String(20000000 + i)}`;
      r[col('条形码')] = ean13(`69${String(1000000000 + i)}`);
      r[col('基础价')] = `${10 + (i % 50)}.${String(i % 100).padStart(2, '0')}`;
      r[col('库存')] = String(i % 500);
      r[col('含麻黄碱')] = '否';
      r[col('麻黄碱每单限购')] = '0';
      r[col('单品包邮')] = '否';
      r[col('单品包邮起订量')] = '0';
      r[col('每单限购')] = '0';
      r[col('起订量')] = '1';
      for (const [k, v] of Object.entries(edit)) r[col(k)] = v;
      return r;
    };
    // Known codes: 20 updates of price, stock and name.
    const updates = exported
      .filter((r) => r[col('外部编码')] !== ladderGoods.externalCode)
      .slice(1, 21)
      .map((r, i) => {
        const u = [...r];
        u[col('库存')] = String(1000 + i);
        u[col('商品名称')] = `${r[col('商品名称')]}（新包装）`.slice(0, 100);
        return u;
      });
    // One row per kind of error, with the column and the message the preview must show.
    const bad: { row: string[]; column: string | null; message: RegExp }[] = [
      { row: newRow(90001, { 外部编码: '' }), column: '外部编码', message: /请填写外部编码/ },
      { row: newRow(90002, { 外部编码: 'BAD CODE!' }), column: '外部编码', message: /外部编码只能包含/ },
      { row: newRow(1), column: '外部编码', message: /与第\d+行外部编码重复/ },
      { row: newRow(90004, { 基础价: '12.345' }), column: '基础价', message: /不是有效金额/ },
      { row: newRow(90005, { 基础价: '0' }), column: '基础价', message: /基础价须大于0/ },
      { row: newRow(90006, { 库存: '-3' }), column: '库存', message: /不能为负数/ },
      { row: newRow(90007, { 库存: '1.5' }), column: '库存', message: /须为整数/ },
      { row: newRow(90008, { 处方药: '也许' }), column: '处方药', message: /须填写“是”或“否”/ },
      { row: newRow(90009, { 经营范围: '火箭' }), column: '经营范围', message: /经营范围类别无效/ },
      { row: newRow(90010, { 生产厂家: '不存在的药厂' }), column: '生产厂家', message: /生产厂家不存在：不存在的药厂/ },
      { row: newRow(90011, { 品牌: '不存在的品牌' }), column: '品牌', message: /品牌不存在/ },
      { row: newRow(90012, { 分类: '不存在的分类/感冒' }), column: '分类', message: /分类不存在：不存在的分类\/感冒/ },
      { row: newRow(90013, { 分类: innerPath }), column: '分类', message: /下级分类/ },
      { row: newRow(90014, { 仓库: '火星仓' }), column: '仓库', message: /仓库不存在：火星仓/ },
      { row: newRow(90015, { 批准文号: '国药准字X1' }), column: '批准文号', message: /批准文号格式不正确/ },
      { row: newRow(90016, { 条形码: '6901234567890' }), column: '条形码', message: /校验位/ },
      { row: newRow(90017, { 商品名称: '' }), column: '商品名称', message: /商品名称/ },
      { row: newRow(90018, { 商品名称: '药'.repeat(101) }), column: '商品名称', message: /最多100个字/ },
      {
        row: newRow(90019, { 含麻黄碱: '是', 麻黄碱每单限购: '0' }),
        column: '麻黄碱每单限购',
        message: /含麻黄碱商品须填写每单限购/,
      },
      { row: newRow(90020, { 每单限购: '2', 起订量: '5' }), column: '每单限购', message: /每单限购不能小于起订量/ },
      { row: newRow(90021, { 中包装: '0' }), column: '中包装', message: /中包装至少为1/ },
      {
        row: (() => {
          const r = [...ladderRow];
          r[col('基础价')] = '0.01';
          return r;
        })(),
        column: '基础价',
        message: /阶梯价不能高于基础价/,
      },
    ];
    const errorsCount = bad.length;
    const fresh = 2_000 - updates.length - errorsCount;
    const rows = [...Array.from({ length: fresh }, (_, i) => newRow(i + 1)), ...updates, ...bad.map((b) => b.row)];
    expect(rows.length).toBe(2_000);
    const file = csvOf([header, ...rows]);

    const goodsBefore = (await t.db.select({ n: count() }).from(goods))[0].n;
    const version = await versionNow();
    const preview = await upload(file, 'preview');
    expect(preview.status, preview.body.msg).toBe(200);
    const p = preview.body.data;
    expect(p).toMatchObject({
      rows_total: 2_000,
      created: fresh,
      updated: updates.length - 0,
      invalid: errorsCount,
      applied: false,
    });
    expect(p.to_create).toEqual({ makers: [], brands: [], categories: [] });
    // Errors first, each on its cell (spreadsheet row = index + 2).
    bad.forEach((b, i) => {
      const rowNo = 2 + fresh + updates.length + i;
      const shown = p.rows.find((r) => r.row === rowNo);
      expect(shown, `row ${rowNo}`).toBeDefined();
      expect(shown!.action).toBeNull();
      expect(
        shown!.errors.some((e) => e.column === b.column && b.message.test(e.message)),
        `${rowNo}: ${JSON.stringify(shown!.errors)}`,
      ).toBe(true);
    });
    const update = p.rows.find((r) => r.row === 2 + fresh)!;
    expect(update).toMatchObject({ action: 'update', external_code: updates[0][col('外部编码')] });
    expect(update.changes.sort()).toEqual(['商品名称', '库存'].sort());

    // All or nothing: one bad row and nothing is written.
    const refused = await upload(file, 'apply');
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).file[0]).toBe(`有${errorsCount}行错误，未做任何修改`);
    expect(errorsOf(refused)[`rows.${2 + fresh + updates.length + 9}`][0]).toMatch(/^生产厂家：生产厂家不存在/);
    expect((await t.db.select({ n: count() }).from(goods))[0].n).toBe(goodsBefore);
    expect(await versionNow()).toBe(version);

    // Without the bad rows it applies: new goods off sale, updates written, one log version.
    const good = csvOf([header, ...rows.slice(0, fresh + updates.length)]);
    const applied = await upload(good, 'apply');
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data).toMatchObject({ created: fresh, updated: updates.length, invalid: 0, applied: true });
    expect((await t.db.select({ n: count() }).from(goods))[0].n).toBe(goodsBefore + fresh);
    const [made] = await t.db.select().from(goods).where(eq(goods.externalCode, 'GEN-00007'));
    expect(made).toMatchObject({
      name: '导入测试药品7',
      isOnSale: false,
      stock: 7,
      basePrice: 1707,
      sccj: base[col('生产厂家')],
    });
    expect(made.pinyinInitials).toMatch(/^drcsyp/);
    const [changed] = await t.db
      .select()
      .from(goods)
      .where(eq(goods.externalCode, updates[3][col('外部编码')]));
    expect(changed.stock).toBe(1003);
    expect(changed.name).toBe(updates[3][col('商品名称')]);
    // One log version per chunk (each its own transaction, session 18), every goods in the log once.
    const versionAfter = await versionNow();
    expect(versionAfter).toBeGreaterThanOrEqual(version + Math.ceil(fresh / IMPORT_CHUNK_NEW) + 1);
    const logged = await t.db
      .select({ kind: catalogueChanges.kind, n: count() })
      .from(catalogueChanges)
      .where(and(gt(catalogueChanges.version, version), lte(catalogueChanges.version, versionAfter)))
      .groupBy(catalogueChanges.kind);
    expect(Object.fromEntries(logged.map((l) => [l.kind, l.n]))).toEqual({ created: fresh, imported: updates.length });
    const perVersion = await t.db
      .select({ version: catalogueChanges.version, n: count() })
      .from(catalogueChanges)
      .where(gt(catalogueChanges.version, version))
      .groupBy(catalogueChanges.version);
    expect(perVersion.length).toBe(versionAfter - version);
    expect(Math.max(...perVersion.map((v) => v.n))).toBeLessThanOrEqual(IMPORT_CHUNK);
    const audit = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'catalogue.import.row'));
    expect(audit[0].n).toBe(fresh + updates.length);

    // The same file again: everything is known and unchanged.
    const again = await upload(good, 'preview');
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: fresh + updates.length, invalid: 0 });
  });
});

describe('master data by name', () => {
  const row = (code: string, edit: Record<string, string>) => {
    const r = [...exported[0]];
    r[col('外部编码')] = code;
    r[col('条形码')] = '';
    for (const [k, v] of Object.entries(edit)) r[col(k)] = v;
    return r;
  };

  it('refuses a category path that does not exist while "create missing" is off', async () => {
    const file = csvOf([header, row('NEWCAT-1', { 分类: '新分类甲/新分类乙' })]);
    const preview = await upload(file, 'preview');
    expect(preview.body.data.invalid).toBe(1);
    expect(preview.body.data.rows[0].errors).toEqual([
      { column: '分类', message: '分类不存在：新分类甲/新分类乙（可勾选“创建缺少的厂家、品牌和分类”）' },
    ]);
    const applied = await upload(file, 'apply');
    expect(applied.status).toBe(422);
    expect(await t.db.select().from(categories).where(eq(categories.name, '新分类甲'))).toEqual([]);
    expect(await t.db.select().from(goods).where(eq(goods.externalCode, 'NEWCAT-1'))).toEqual([]);
  });

  it('with "create missing" on, lists and creates the missing maker, brand and category path', async () => {
    const file = csvOf([
      header,
      row('NEWCAT-2', { 分类: '新分类甲/新分类乙', 生产厂家: '新建测试制药厂', 品牌: '新品牌' }),
      row('NEWCAT-3', { 分类: '新分类甲/新分类乙' }),
    ]);
    const preview = await upload(file, 'preview', { createMissing: true });
    expect(preview.status, preview.body.msg).toBe(200);
    expect(preview.body.data).toMatchObject({
      created: 2,
      invalid: 0,
      to_create: { makers: ['新建测试制药厂'], brands: ['新品牌'], categories: ['新分类甲', '新分类甲/新分类乙'] },
    });
    const applied = await upload(file, 'apply', { createMissing: true });
    expect(applied.status, applied.body.msg).toBe(200);
    const [root] = await t.db.select().from(categories).where(eq(categories.name, '新分类甲'));
    const [leaf] = await t.db.select().from(categories).where(eq(categories.name, '新分类乙'));
    expect(leaf).toMatchObject({ parentId: root.id, level: 2 });
    const [maker] = await t.db.select().from(manufacturers).where(eq(manufacturers.name, '新建测试制药厂'));
    expect(maker.pinyinInitials).toBe('xjcszyc');
    const made = await t.db
      .select()
      .from(goods)
      .where(inArray(goods.externalCode, ['NEWCAT-2', 'NEWCAT-3']))
      .orderBy(goods.id);
    expect(made.map((g) => [g.categoryId, g.categoryL1, g.categoryL2])).toEqual([
      [leaf.id, root.id, leaf.id],
      [leaf.id, root.id, leaf.id],
    ]);
    expect(made[0].manufacturerId).toBe(maker.id);
  });

  it('moves a known goods to another category and maker by name', async () => {
    const code = exported[5][col('外部编码')];
    const file = csvOf([
      ['外部编码', '分类', '生产厂家'],
      [code, '新分类甲/新分类乙', '新建测试制药厂'],
    ]);
    const applied = await upload(file, 'apply');
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data.updated).toBe(1);
    const [g] = await t.db.select().from(goods).where(eq(goods.externalCode, code));
    expect(g.sccj).toBe('新建测试制药厂');
    expect(g.sccjPinyinInitials).toBe('xjcszyc');
    const [leaf] = await t.db.select().from(categories).where(eq(categories.name, '新分类乙'));
    expect(g.categoryId).toBe(leaf.id);
  });

  it('updates only the columns present', async () => {
    const code = exported[6][col('外部编码')];
    const [before] = await t.db.select().from(goods).where(eq(goods.externalCode, code));
    const applied = await upload(
      csvOf([
        ['外部编码', '库存'],
        [code, '4321'],
      ]),
      'apply',
    );
    expect(applied.status, applied.body.msg).toBe(200);
    const [after] = await t.db.select().from(goods).where(eq(goods.externalCode, code));
    expect(after).toEqual({ ...before, stock: 4321, updatedAt: after.updatedAt });
  });
});

describe('hostile and malformed files', () => {
  it('refuses formulas, unknown headers, a missing key column and old XLS', async () => {
    const formula = await upload(
      csvOf([
        ['外部编码', '商品名称'],
        ['X1', '=HYPERLINK("http://x")'],
      ]),
      'preview',
    );
    expect(formula.status).toBe(422);
    expect(errorsOf(formula).file[0]).toMatch(/含公式/);
    const unknown = await upload(
      csvOf([
        ['外部编码', '价钱'],
        ['X1', '1'],
      ]),
      'preview',
    );
    expect(errorsOf(unknown).file[0]).toMatch(/无法识别的表头：价钱/);
    const noKey = await upload(csvOf([['商品名称'], ['甲']]), 'preview');
    expect(errorsOf(noKey).file[0]).toBe('表头须包含“外部编码”列');
    const xls = await upload(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]), 'preview', { name: 'a.xls' });
    expect(errorsOf(xls).file[0]).toMatch(/不支持旧版XLS/);
  });

  it('refuses a CSV with control characters and an XLSX formula cell', async () => {
    const control = await upload(
      csvOf([
        ['外部编码', '商品名称'],
        [exported[0][col('外部编码')], 'a\u0007b'],
      ]),
      'preview',
    );
    expect(control.status).toBe(422);
    expect(errorsOf(control).file[0]).toMatch(/无法识别文件内容/);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('a');
    ws.addRow(['外部编码', '商品名称']);
    ws.addRow([exported[0][col('外部编码')], '甲']);
    ws.getCell('B2').value = { formula: '1+1', result: 2 };
    const formula = await upload(new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer), 'preview', {
      name: 'a.xlsx',
    });
    expect(formula.status).toBe(422);
    expect(errorsOf(formula).file[0]).toMatch(/公式/);
  });

  it('refuses more than 50,000 rows and more than 20 MB', async () => {
    const rows = csvOf([['外部编码', '库存'], ...Array.from({ length: 50_001 }, (_, i) => [`R${i}`, '1'])]);
    const tooMany = await upload(rows, 'preview');
    expect(tooMany.status).toBe(422);
    expect(errorsOf(tooMany).file[0]).toBe('一次最多导入50000行');
    const tooBig = await upload(new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41), 'preview');
    expect(tooBig.status).toBe(422);
    expect(errorsOf(tooBig).file[0]).toBe('文件不能超过20MB');
  });

  it('offers the template with every column', async () => {
    const res = await download('/template');
    expect(tableOf(res.bytes)).toEqual([header]);
  });

  it('is for 运营 and admin only', async () => {
    const finance = await operatorSignIn(t, 'finance');
    const res = await t.app.request('/api/admin/goods/file/export', { headers: { cookie: finance } });
    expect(res.status).toBe(403);
  });
});

// A ZIP writer for the test (stored or deflated entries, no library).
function crc32(b: Uint8Array): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function zip(files: { name: string; content: Uint8Array; declaredSize?: number }[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const name = new TextEncoder().encode(f.name);
    const packed = deflateRawSync(f.content);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, 8, true);
    local.setUint32(14, crc32(f.content), true);
    local.setUint32(18, packed.length, true);
    local.setUint32(22, f.declaredSize ?? f.content.length, true);
    local.setUint16(26, name.length, true);
    const dir = new DataView(new ArrayBuffer(46));
    dir.setUint32(0, 0x02014b50, true);
    dir.setUint16(4, 20, true);
    dir.setUint16(6, 20, true);
    dir.setUint16(10, 8, true);
    dir.setUint32(16, crc32(f.content), true);
    dir.setUint32(20, packed.length, true);
    dir.setUint32(24, f.declaredSize ?? f.content.length, true);
    dir.setUint16(28, name.length, true);
    dir.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, packed);
    central.push(new Uint8Array(dir.buffer), name);
    offset += 30 + name.length + packed.length;
  }
  const dirSize = central.reduce((s, p) => s + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, dirSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
const pictures = (bytes: Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.set('file', new File([bytes], 'pictures.zip'));
  return t.call<PicturesImportResult>('POST', '/api/admin/goods/file/pictures', { cookie: ops, form });
};

describe('POST /api/admin/goods/file/pictures', () => {
  it('adds pictures named by external code; the first replaces the generated main picture', async () => {
    const code = exported[10][col('外部编码')];
    const [before] = await t.db.select().from(goods).where(eq(goods.externalCode, code));
    const version = await versionNow();
    const res = await pictures(
      zip([
        { name: `${code}.png`, content: PNG },
        { name: `pics/${code}-2.png`, content: PNG },
        { name: '__MACOSX/._x.png', content: PNG },
      ]),
    );
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ added: 2, goods: 1 });
    const [after] = await t.db.select().from(goods).where(eq(goods.externalCode, code));
    expect(after.images.length).toBe(before.images.length + 2);
    if (before.image === `/media/goods/${before.id}.svg`) expect(after.image).toBe(after.images[before.images.length]);
    const img = await t.app.request(after.images.at(-1)!);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    const logged = await t.db
      .select()
      .from(catalogueChanges)
      .where(and(eq(catalogueChanges.goodsId, before.id), eq(catalogueChanges.kind, 'pictures')));
    expect(logged.map((l) => Number(l.version))).toEqual([version + 1]);
  });

  it('refuses the whole ZIP when one file is an unknown code or not an image', async () => {
    const code = exported[11][col('外部编码')];
    const [before] = await t.db.select().from(goods).where(eq(goods.externalCode, code));
    const res = await pictures(
      zip([
        { name: `${code}.png`, content: PNG },
        { name: 'NOPE-404.png', content: PNG },
        { name: `${code}-2.jpg`, content: new TextEncoder().encode('<html>') },
      ]),
    );
    expect(res.status).toBe(422);
    const messages = Object.entries(errorsOf(res))
      .filter(([k]) => k.startsWith('files.'))
      .flatMap(([, v]) => v);
    expect(messages).toEqual(
      expect.arrayContaining(['NOPE-404.png：外部编码不存在', `${code}-2.jpg：图片仅支持JPG、PNG、WEBP格式`]),
    );
    const [after] = await t.db.select().from(goods).where(eq(goods.externalCode, code));
    expect(after.images).toEqual(before.images);
  });

  it('refuses a ZIP that would unpack beyond its limit, or that lies about a size, before writing', async () => {
    const bomb = await pictures(zip([{ name: 'a.png', content: PNG, declaredSize: 0xffffffff }]));
    expect(bomb.status).toBe(422);
    expect(errorsOf(bomb).file[0]).toMatch(/过大|不能超过/);
    const code = exported[12][col('外部编码')];
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG);
    const liar = await pictures(zip([{ name: `${code}.png`, content: big, declaredSize: 100 }]));
    expect(liar.status).toBe(422);
    expect(errorsOf(liar).file[0]).toMatch(/已损坏/);
    const notZip = await pictures(new TextEncoder().encode('hello'));
    expect(errorsOf(notZip).file[0]).toBe('请上传ZIP文件');
  });
});

// The bulk write switches the GIN pending list on and merges it (gin-batch.ts): real PostgreSQL
// must take the same statements, and a search must find the goods the import created and renamed.
describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('creates and updates goods, and search finds them by their new names', async () => {
    const pg = await createTestApp({ seed: 40, databaseUrl: process.env.TEST_DATABASE_URL });
    try {
      const cookie = await operatorSignIn(pg, 'operations');
      const res = await pg.app.request('/api/admin/goods/file/export', { headers: { cookie } });
      const [head, first, second] = tableOf(new Uint8Array(await res.arrayBuffer()));
      const at = (h: string) => head.indexOf(h);
      const fresh = [...first];
      fresh[at('外部编码')] = 'PG-NEW-1';
      fresh[at('商品名称')] = '蒲公英测试颗粒';
      fresh[at('条形码')] = '';
      const renamed = [...second];
      renamed[at('商品名称')] = '鱼腥草测试口服液';
      const form = new FormData();
      form.set('file', new File([csvOf([head, fresh, renamed])], 'pg.csv'));
      form.set('mode', 'apply');
      const applied = await pg.call<CatalogueImportPreview>('POST', '/api/admin/goods/file/import', { cookie, form });
      expect(applied.status, applied.body.msg).toBe(200);
      expect(applied.body.data).toMatchObject({ created: 1, updated: 1 });
      const grams = rowsOf<{ n: number }>(
        await pg.db.execute(
          sql`SELECT count(*)::int AS n FROM goods WHERE search_grams @> ARRAY['鱼腥']::text[] OR search_grams @> ARRAY['蒲公']::text[]`,
        ),
      );
      expect(grams[0].n).toBe(2);
      // On PostgreSQL the goods GIN indexes keep their pending list (migration 0033, autovacuum
      // merges it); the import leaves them so rather than switching them (an ACCESS EXCLUSIVE lock).
      const indexes = rowsOf<{ name: string; opts: string[] | null }>(
        await pg.db.execute(
          sql`SELECT c.relname AS name, c.reloptions AS opts FROM pg_class c JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'gin' AND c.relname LIKE 'goods_%' ORDER BY 1`,
        ),
      );
      const on = indexes.filter((i) => (i.opts ?? []).some((o) => /^fastupdate=(true|on)$/.test(o))).map((i) => i.name);
      expect(on).toEqual([
        'goods_pinyin_full_trgm_idx',
        'goods_pinyin_initials_trgm_idx',
        'goods_search_grams_idx',
        'goods_tags_idx',
      ]);
      expect(indexes.some((i) => (i.opts ?? []).some((o) => /^fastupdate=(false|off)$/.test(o)))).toBe(false);

      // Two operators importing the same new code at once: one creates it, the other is told that
      // an import is running (session 18: one run applies at a time) or to preview again (its check
      // came before the other's write), or finds it made and unchanged — never a 500, never two goods.
      const twin = [...first];
      twin[at('外部编码')] = 'PG-RACE-1';
      twin[at('条形码')] = '';
      const send = () => {
        const f = new FormData();
        f.set('file', new File([csvOf([head, twin])], 'race.csv'));
        f.set('mode', 'apply');
        return pg.call<CatalogueImportPreview>('POST', '/api/admin/goods/file/import', { cookie, form: f });
      };
      const raced = await Promise.all([send(), send()]);
      for (const r of raced) {
        expect([200, 409, 422], r.body.msg).toContain(r.status);
        if (r.status === 422) expect(r.body.msg).toBe('其他操作刚刚新建了本文件中的外部编码或资料，请重新预览后再导入');
        if (r.status === 409) expect(r.body.msg).toBe('另一个商品资料导入正在进行，请等它完成后再导入');
      }
      expect(raced.some((r) => r.status === 200 && r.body.data.created === 1)).toBe(true);
      const made = rowsOf<{ n: number }>(
        await pg.db.execute(sql`SELECT count(*)::int AS n FROM goods WHERE external_code = 'PG-RACE-1'`),
      );
      expect(made[0].n).toBe(1);
    } finally {
      await pg.close();
    }
  });
});

describe('category names and the path separator', () => {
  it('a category named with the full-width ／ round-trips export → import; "/" never gets into a name', async () => {
    const root = await t.call<{ id: number }>('POST', '/api/admin/catalogue/categories', {
      cookie: ops,
      json: { name: '呼吸／止咳', parent_id: null },
    });
    expect(root.status, root.body.msg).toBe(200);
    const leaf = await t.call<{ id: number }>('POST', '/api/admin/catalogue/categories', {
      cookie: ops,
      json: { name: '糖浆／口服液', parent_id: root.body.data.id },
    });
    expect(leaf.status, leaf.body.msg).toBe(200);
    expect(
      (
        await t.call('POST', '/api/admin/catalogue/categories', {
          cookie: ops,
          json: { name: '糖浆/口服液', parent_id: root.body.data.id },
        })
      ).status,
    ).toBe(422);
    // A goods moved into it by the file, then the export read back in.
    const code = exported[0][col('外部编码')];
    const moved = await upload(
      csvOf([
        ['外部编码', '分类'],
        [code, '呼吸／止咳/糖浆／口服液'],
      ]),
      'apply',
    );
    expect(moved.status, moved.body.msg).toBe(200);
    expect(moved.body.data).toMatchObject({ updated: 1, invalid: 0 });
    const [g] = await t.db.select({ categoryId: goods.categoryId }).from(goods).where(eq(goods.externalCode, code));
    expect(g.categoryId).toBe(leaf.body.data.id);
    const again = (await download('/export')).bytes;
    const [, ...rows] = tableOf(again);
    expect(rows.find((r) => r[col('外部编码')] === code)?.[col('分类')]).toBe('呼吸／止咳/糖浆／口服液');
    const before = await goodsSnapshot();
    const back = await upload(again, 'apply');
    expect(back.body.data).toMatchObject({ created: 0, updated: 0, invalid: 0 });
    expect(await goodsSnapshot()).toEqual(before);
    // With "create missing" on, the file's path makes names split at "/", never a name holding one.
    const created = await upload(
      csvOf([
        ['外部编码', '分类'],
        [code, '新建根/新建子'],
      ]),
      'apply',
      { createMissing: true },
    );
    expect(created.status, created.body.msg).toBe(200);
    const names = (await t.db.select({ name: categories.name }).from(categories)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['新建根', '新建子']));
    expect(names.some((n) => n.includes('/'))).toBe(false);
  });
});
