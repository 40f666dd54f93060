// /api/admin/goods (issue 18, role 运营): the list's search and filters, the editor's state
// changes with their audit rows, the rules (422 with field messages), search keys after a rename,
// a price/stock change reaching the buyer and firing 到货通知, batches and inspection reports, and
// the bulk import: CSV and XLSX, dry run, all-or-nothing with one bad row, hostile files refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import {
  auditLog,
  goods,
  goodsAlerts,
  goodsBatches,
  goodsLadderPrices,
  inspectionReports,
  messages,
  users,
} from '../../server/db/schema.ts';
import type { Paged } from '../../src/domain/admin.ts';
import type { ConsoleGoods, ConsoleGoodsRow, GoodsEditInput, ImportPreview } from '../../src/domain/admin-goods.ts';

let t: TestApp;
let ops: string;
let finance: string;
let buyer: string;
let demoCompanyId: number;
let target: ConsoleGoods;

const get = <T>(cookie: string, path: string) => t.call<T>('GET', `/api/admin/goods${path}`, { cookie });
const save = (cookie: string, id: number, json: GoodsEditInput) =>
  t.call<{ changed: string[]; alerts_fired: number }>('POST', `/api/admin/goods/${id}`, { cookie, json });
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
const upload = (cookie: string, name: string, content: BlobPart, mode: 'preview' | 'apply', type = 'text/csv') => {
  const form = new FormData();
  form.set('file', new File([content], name, { type }));
  form.set('mode', mode);
  return t.call<ImportPreview>('POST', '/api/admin/goods/import', { cookie, form });
};
/** The field messages of a 422 answer. */
const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string[]> }).errors;
const lastAudit = async (action: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  ops = await operatorSignIn(t, 'operations');
  finance = await operatorSignIn(t, 'finance');
  buyer = await t.signIn('demo', 'demo1234');
  const [demo] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  demoCompanyId = demo.companyId!;
  const [g] = await t.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.isEphedrine, false)))
    .orderBy(goods.id)
    .limit(1);
  target = (await get<ConsoleGoods>(ops, `/${g.id}`)).body.data;
});
afterAll(() => t.close());

describe('GET /api/admin/goods', () => {
  it('pages, sorts and filters on the server', async () => {
    const res = await get<Paged<ConsoleGoodsRow>>(ops, '?sort=base_price&order=asc&page_size=5');
    expect(res.status, res.body.msg).toBe(200);
    const prices = res.body.data.list.map((r) => r.base_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.body.data.total).toBeGreaterThan(5);
    const [some] = await t.db.select({ id: goods.id }).from(goods).orderBy(desc(goods.id)).limit(1);
    await t.db.update(goods).set({ isKx: true }).where(eq(goods.id, some.id));
    const kx = await get<Paged<ConsoleGoodsRow>>(ops, '?flag=kx&page_size=100');
    expect(kx.body.data.list.map((r) => r.id)).toContain(some.id);
    expect(kx.body.data.list.length).toBeGreaterThan(0);
    expect(kx.body.data.list.every((r) => r.flags.includes('kx'))).toBe(true);
    const off = await get<Paged<ConsoleGoodsRow>>(ops, '?on_sale=0&page_size=100');
    expect(off.body.data.list.every((r) => !r.is_on_sale)).toBe(true);
    const out = await get<Paged<ConsoleGoodsRow>>(ops, '?stock=out&page_size=100');
    expect(out.body.data.list.every((r) => r.stock <= 0)).toBe(true);
    const byApproval = await get<Paged<ConsoleGoodsRow>>(ops, `?q=${encodeURIComponent(target.approval_no)}`);
    expect(byApproval.body.data.list.map((r) => r.id)).toContain(target.id);
    const byNumber = await get<Paged<ConsoleGoodsRow>>(ops, `?q=${target.id}&sort=id&order=desc`);
    expect(byNumber.body.data.list[0].id).toBe(target.id);
    const cats = await get<{ id: number; level: number }[]>(ops, '/categories');
    expect(cats.body.data.some((c) => c.level === 1)).toBe(true);
  });

  it('refuses bad filters with 422 and other roles with 403', async () => {
    const bad = await get(ops, '?sort=password&stock=some');
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toHaveProperty('sort');
    expect((await get(finance, '')).status).toBe(403);
    expect((await t.call('GET', '/api/admin/goods', { cookie: buyer })).status).toBe(401);
    expect((await get(ops, '/999999')).status).toBe(404);
  });
});

describe('POST /api/admin/goods/{id}', () => {
  it('saves prices, ladders, stock and flags with an audit row; the buyer sees the new price', async () => {
    const input: GoodsEditInput = {
      ...editable(target),
      base_price: 1234,
      stock: 77,
      zbz: 10,
      is_jxq: true,
      ladder_prices: [
        { min_number: 10, price: 1200 },
        { min_number: 50, price: 1100 },
      ],
      rank_prices: [],
    };
    const res = await save(ops, target.id, input);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.changed).toEqual(
      expect.arrayContaining(['base_price', 'stock', 'zbz', 'is_jxq', 'ladder_prices']),
    );
    const [row] = await t.db.select().from(goods).where(eq(goods.id, target.id));
    expect(row).toMatchObject({ basePrice: 1234, stock: 77, zbz: 10, isJxq: true, ladderPriceType: 1 });
    const ladders = await t.db
      .select()
      .from(goodsLadderPrices)
      .where(eq(goodsLadderPrices.goodsId, target.id))
      .orderBy(goodsLadderPrices.minNumber);
    expect(ladders.map((l) => [l.minNumber, l.price])).toEqual([
      [10, 1200],
      [50, 1100],
    ]);
    const audit = await lastAudit('goods.update');
    expect(audit).toMatchObject({ targetType: 'goods', targetId: target.id });
    expect(audit.before).toMatchObject({ base_price: target.base_price, stock: target.stock });
    expect(audit.after).toMatchObject({ base_price: 1234, stock: 77 });
    expect(audit.after).not.toHaveProperty('name');
    const detail = await t.call('GET', `/api/goods/detail/${target.id}`, { cookie: buyer });
    expect(detail.body.data).toMatchObject({ base_price: 1234, number: 77 });
    target = (await get<ConsoleGoods>(ops, `/${target.id}`)).body.data;
  });

  it('refuses rising ladders, negative stock and a bad scope class with field messages, changing nothing', async () => {
    const res = await save(ops, target.id, {
      ...editable(target),
      stock: -1,
      scope_class: 'nope' as never,
      ladder_prices: [
        { min_number: 10, price: 1200 },
        { min_number: 5, price: 1000 },
      ],
    });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toHaveProperty('stock');
    expect(errorsOf(res)).toHaveProperty('scope_class');
    const rising = await save(ops, target.id, {
      ...editable(target),
      ladder_prices: [
        { min_number: 10, price: 1000 },
        { min_number: 20, price: 1100 },
        { min_number: 20, price: 900 },
      ],
    });
    expect(rising.status).toBe(422);
    expect(errorsOf(rising)['ladder_prices.1.price']).toEqual(['数量越多价格不能越高']);
    expect(errorsOf(rising)['ladder_prices.2.min_number']).toEqual(['阶梯数量须逐档递增']);
    const capped = await save(ops, target.id, { ...editable(target), min_buy: 10, purchase_limit: 5 });
    expect(errorsOf(capped).purchase_limit).toEqual(['每单限购不能小于起订量']);
    const [row] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, target.id));
    expect(row.stock).toBe(77);
    expect((await save(finance, target.id, editable(target))).status).toBe(403);
  });

  it('a rename is found by search at once, by Chinese and by pinyin initials', async () => {
    const res = await save(ops, target.id, { ...editable(target), name: '龙胆泻肝测试丸' });
    expect(res.status, res.body.msg).toBe(200);
    const names = async (keywords: string) =>
      (
        (await t.call('GET', `/api/goods/list?keywords=${encodeURIComponent(keywords)}`, { cookie: buyer })).body.data
          .list as { id: number }[]
      ).map((g) => g.id);
    expect(await names('龙胆泻肝测试')).toContain(target.id);
    expect(await names('ldxgcsw')).toContain(target.id);
    target = (await get<ConsoleGoods>(ops, `/${target.id}`)).body.data;
  });

  it('a restock from the console fires the buyer’s 到货通知 once', async () => {
    await save(ops, target.id, { ...editable(target), stock: 0 });
    target = (await get<ConsoleGoods>(ops, `/${target.id}`)).body.data;
    await t.db
      .insert(goodsAlerts)
      .values({ companyId: demoCompanyId, goodsId: target.id, kind: 'restock', createdAt: t.clock.now() });
    const res = await save(ops, target.id, { ...editable(target), stock: 30 });
    expect(res.body.data.alerts_fired).toBe(1);
    const msgs = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, demoCompanyId), eq(messages.title, '到货通知')));
    expect(msgs.some((m) => m.body.includes('龙胆泻肝测试丸'))).toBe(true);
    target = (await get<ConsoleGoods>(ops, `/${target.id}`)).body.data;
    const again = await save(ops, target.id, { ...editable(target), stock: 31 });
    expect(again.body.data.alerts_fired).toBe(0);
    target = (await get<ConsoleGoods>(ops, `/${target.id}`)).body.data;
  });
});

describe('batches and inspection reports', () => {
  it('adds a batch and a PDF report the buyer’s /jybg lists; refuses a non-PDF/image and a duplicate batch', async () => {
    const add = await t.call<{ id: number }>('POST', `/api/admin/goods/${target.id}/batches`, {
      cookie: ops,
      json: { batch_no: 'T20260101', produced_on: '2026-01-01', expires_on: '2028-01-01' },
    });
    expect(add.status, add.body.msg).toBe(200);
    const dup = await t.call('POST', `/api/admin/goods/${target.id}/batches`, {
      cookie: ops,
      json: { batch_no: 'T20260101', expires_on: '2028-01-01' },
    });
    expect(dup.status).toBe(422);
    expect(errorsOf(dup).batch_no).toEqual(['该批号已存在']);
    const backwards = await t.call('POST', `/api/admin/goods/${target.id}/batches`, {
      cookie: ops,
      json: { batch_no: 'T2', produced_on: '2026-01-01', expires_on: '2025-01-01' },
    });
    expect(backwards.status).toBe(422);
    const form = new FormData();
    form.set('title', '出厂检验报告');
    form.set('file', new File(['%PDF-1.4\n%%EOF\n'], 'report.pdf', { type: 'application/pdf' }));
    const rep = await t.call<{ id: number }>(
      'POST',
      `/api/admin/goods/${target.id}/batches/${add.body.data.id}/reports`,
      { cookie: ops, form },
    );
    expect(rep.status, rep.body.msg).toBe(200);
    const [stored] = await t.db.select().from(inspectionReports).where(eq(inspectionReports.id, rep.body.data.id));
    expect(stored).toMatchObject({ mime: 'application/pdf', title: '出厂检验报告' });
    expect(await lastAudit('goods.report.add')).toMatchObject({ targetId: target.id });
    const html = new FormData();
    html.set('title', '报告');
    html.set('file', new File(['<script>alert(1)</script>'], 'x.pdf', { type: 'application/pdf' }));
    const refused = await t.call('POST', `/api/admin/goods/${target.id}/batches/${add.body.data.id}/reports`, {
      cookie: ops,
      form: html,
    });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).file).toEqual(['检验报告仅支持PDF、JPG、PNG格式']);
    const [b] = await t.db.select().from(goodsBatches).where(eq(goodsBatches.batchNo, 'T20260101'));
    const jybg = await t.call('GET', `/api/jybg/filter?keywords=T20260101`, { cookie: buyer });
    expect(JSON.stringify(jybg.body.data)).toContain('T20260101');
    expect(b.goodsId).toBe(target.id);
  });
});

describe('goods images', () => {
  const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const send = (file: File, main = false) => {
    const form = new FormData();
    form.set('file', file);
    if (main) form.set('main', '1');
    return t.call<{ id: number; url: string }>('POST', `/api/admin/goods/${target.id}/images`, { cookie: ops, form });
  };

  it('uploads a picture that becomes the main one, served publicly; removing it falls back', async () => {
    await t.db
      .update(goods)
      .set({ image: `/media/goods/${target.id}.svg`, images: [] })
      .where(eq(goods.id, target.id));
    const res = await send(new File([png()], 'a.png', { type: 'image/png' }));
    expect(res.status, res.body.msg).toBe(200);
    const [g] = await t.db
      .select({ image: goods.image, images: goods.images })
      .from(goods)
      .where(eq(goods.id, target.id));
    expect(g).toEqual({ image: res.body.data.url, images: [res.body.data.url] });
    expect(await lastAudit('goods.image.add')).toMatchObject({ targetId: target.id });
    const served = await t.app.request(res.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Never a company's upload: the buyers' owner-only route does not serve it.
    expect((await t.call('GET', `/api/upload/${res.body.data.id}`, { cookie: buyer })).status).toBe(404);
    const detail = await t.call('GET', `/api/goods/detail/${target.id}`, { cookie: buyer });
    expect(detail.body.data.images).toContain(res.body.data.url);

    const second = await send(new File([png()], 'b.png', { type: 'image/png' }));
    const main = await t.call('POST', `/api/admin/goods/${target.id}/images/${second.body.data.id}/main`, {
      cookie: ops,
    });
    expect(main.status).toBe(200);
    await t.call('POST', `/api/admin/goods/${target.id}/images/${second.body.data.id}/remove`, { cookie: ops });
    const [after] = await t.db
      .select({ image: goods.image, images: goods.images })
      .from(goods)
      .where(eq(goods.id, target.id));
    expect(after).toEqual({ image: res.body.data.url, images: [res.body.data.url] });
    expect(
      (await t.call('POST', `/api/admin/goods/${target.id}/images/${second.body.data.id}/remove`, { cookie: ops }))
        .status,
    ).toBe(404);
  });

  it('refuses a file that is not a picture', async () => {
    const res = await send(new File(['<svg onload=alert(1)>'], 'x.png', { type: 'image/png' }));
    expect(res.status).toBe(422);
    expect(errorsOf(res).file).toEqual(['图片仅支持JPG、PNG、WEBP格式']);
  });
});

describe('POST /api/admin/goods/import', () => {
  const others = async () =>
    t.db
      .select({ id: goods.id, stock: goods.stock, basePrice: goods.basePrice, barcode: goods.barcode })
      .from(goods)
      .where(eq(goods.isOnSale, true))
      .orderBy(desc(goods.id))
      .limit(3);

  it('previews a CSV row by row, applies nothing with one bad row, then applies the fixed file with audit rows', async () => {
    const [a, b] = await others();
    const bad = `商品编号,价格,库存\r\n${a.id},12.50,40\r\n${b.id},8,-3\r\n999999,1,1\r\n${a.id},,1\r\n`;
    const preview = await upload(ops, 'bad.csv', bad, 'preview');
    expect(preview.status, preview.body.msg).toBe(200);
    expect(preview.body.data.invalid).toBe(3);
    expect(preview.body.data.rows[0]).toMatchObject({
      row: 2,
      goods_id: a.id,
      price: { from: a.basePrice, to: 1250 },
      stock: { from: a.stock, to: 40 },
      errors: [],
    });
    expect(preview.body.data.rows[1].errors).toEqual(['库存不能为负数']);
    expect(preview.body.data.rows[2].errors).toEqual(['商品编号不存在：999999']);
    expect(preview.body.data.rows[3].errors).toEqual(['与第2行是同一商品（重复行）']);
    const applied = await upload(ops, 'bad.csv', bad, 'apply');
    expect(applied.status).toBe(422);
    expect(applied.body.msg).toBe('有3行错误，未做任何修改');
    expect(errorsOf(applied)['rows.3']).toEqual(['库存不能为负数']);
    const [still] = await t.db.select().from(goods).where(eq(goods.id, a.id));
    expect(still).toMatchObject({ basePrice: a.basePrice, stock: a.stock });

    const fixed = `商品编号,价格,库存\r\n${a.id},12.50,40\r\n${b.id},8,3\r\n`;
    const ok = await upload(ops, 'fixed.csv', fixed, 'apply');
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.data).toMatchObject({ applied: true, invalid: 0, changes: 2 });
    const [na] = await t.db.select().from(goods).where(eq(goods.id, a.id));
    expect(na).toMatchObject({ basePrice: 1250, stock: 40 });
    const summary = await lastAudit('goods.import');
    expect(summary.after).toMatchObject({ file_name: 'fixed.csv', rows: 2, changed: 2 });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'goods.import.row'), eq(auditLog.targetId, a.id)));
    expect(rows.at(-1)?.after).toMatchObject({ base_price: 1250, stock: 40 });
  });

  it('reads XLSX the same way, by barcode, and refuses formulas', async () => {
    const [, , c] = await others();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('价格库存');
    sheet.addRow(['barcode', 'stock']);
    sheet.addRow([c.barcode, 123]);
    const buf = await wb.xlsx.writeBuffer();
    const res = await upload(
      ops,
      'stock.xlsx',
      buf as ArrayBuffer,
      'apply',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [nc] = await t.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, c.id));
    expect(nc.stock).toBe(123);

    const wf = new ExcelJS.Workbook();
    const s2 = wf.addWorksheet('x');
    s2.addRow(['商品编号', '库存']);
    s2.addRow([c.id, { formula: '1+1', result: 2 }]);
    const withFormula = await upload(ops, 'f.xlsx', (await wf.xlsx.writeBuffer()) as ArrayBuffer, 'preview');
    expect(withFormula.status).toBe(422);
    expect(errorsOf(withFormula).file[0]).toContain('公式');
    const csvFormula = await upload(ops, 'f.csv', `商品编号,库存\r\n${c.id},=HYPERLINK("x")\r\n`, 'preview');
    expect(csvFormula.status).toBe(422);
  });

  it('refuses a wrong file type, a missing header, a huge file and other roles', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]);
    const wrong = await upload(ops, 'x.csv', png, 'preview');
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong).file[0]).toContain('无法识别');
    const noHeader = await upload(ops, 'x.csv', '名称,数量\r\n感冒灵,1\r\n', 'preview');
    expect(noHeader.status).toBe(422);
    expect(errorsOf(noHeader).file[0]).toContain('商品编号');
    const huge = await upload(ops, 'big.csv', `商品编号,库存\r\n${'1,1\r\n'.repeat(600_000)}`, 'preview');
    expect(huge.status).toBe(422);
    expect(errorsOf(huge).file).toEqual(['文件不能超过2MB']);
    const rows = await upload(ops, 'rows.csv', `商品编号,库存\r\n${'1,1\r\n'.repeat(2_001)}`, 'preview');
    expect(errorsOf(rows).file).toEqual(['一次最多导入2000行']);
    expect((await upload(finance, 'x.csv', '商品编号,库存\r\n1,1\r\n', 'preview')).status).toBe(403);
  });

  it('serves the template as CSV and XLSX', async () => {
    const csv = await t.app.request('/api/admin/goods/import/template?format=csv', { headers: { cookie: ops } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('商品编号,条形码,价格,库存');
    const xlsx = await t.app.request('/api/admin/goods/import/template?format=xlsx', { headers: { cookie: ops } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, '商品编号', '条形码', '价格', '库存']);
  });
});
