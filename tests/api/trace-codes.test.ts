// 药品追溯码 (issue 34 §2): the console's ship form carries each line's codes; bad codes, too many
// for the line, a code twice in the shipment or already shipped on any order are refused code by
// code and nothing ships; the buyer sees each line's codes and downloads them as CSV and XLSX.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { roleOperator } from '../helpers/operators.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import { goodsBatches, orders, traceCodes } from '../../server/db/schema.ts';
import type { OrderDetail } from '../../src/domain/orders.ts';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let goodsA: number;
let goodsB: number;
let warehouseId: number;
let warehouse: string;

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  warehouseId = cat.warehouseId;
  [goodsA, goodsB] = await insertGoods(t.db, cat, [{ name: '阿莫西林胶囊' }, { name: '感冒灵颗粒' }]);
  await t.db.insert(goodsBatches).values([
    { goodsId: goodsA, batchNo: 'A250101', expiresOn: '2027-12-31' },
    { goodsId: goodsB, batchNo: 'B250202', expiresOn: '2027-06-30' },
  ]);
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'approved', t.clock.now());
  warehouse = (await roleOperator(t, 'warehouse')).cookie;
});
afterAll(() => t.close());

let serial = 0;
/** A well-formed 20-digit code, new each call. */
const code = () => `8100000${String(++serial).padStart(9, '0')}1234`;
const paidOrder = () =>
  insertOrder(t.db, buyer, {
    status: 'paid',
    lines: [
      { goodsId: goodsA, warehouseId, number: 3, price: 1250 },
      { goodsId: goodsB, warehouseId, number: 2, price: 1200 },
    ],
  });
const ship = (id: number, lineIds: number[], codesA: string[], codesB: string[] = []) =>
  t.call('POST', `/api/admin/orders/${id}/ship`, {
    json: {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
      lines: [
        { order_line_id: lineIds[0], batch_no: 'A250101', trace_codes: codesA },
        { order_line_id: lineIds[1], batch_no: 'B250202', trace_codes: codesB },
      ],
    },
    cookie: warehouse,
  });
const statusOf = async (id: number) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
const storedCodes = async (id: number) =>
  (await t.db.select({ code: traceCodes.code }).from(traceCodes).where(eq(traceCodes.orderId, id))).map((r) => r.code);

describe('shipping with 追溯码', () => {
  it('stores each line’s codes with its batch and shows them to the buyer per line', async () => {
    const o = await paidOrder();
    const a = [code(), code(), code()];
    const b = [code()];
    const res = await ship(o.id, o.lineIds, a, b);
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(traceCodes).where(eq(traceCodes.orderId, o.id));
    expect(rows.map((r) => [r.orderLineId, r.batchNo, r.code, r.source])).toEqual([
      ...a.map((c) => [o.lineIds[0], 'A250101', c, 'console']),
      [o.lineIds[1], 'B250202', b[0], 'console'],
    ]);
    const mine = await t.call<OrderDetail>('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(mine.body.data.lines.map((l) => l.trace_codes)).toEqual([a, b]);
  });

  it('takes codes typed with full-width digits, spaces or hyphens as the 20 digits', async () => {
    const o = await paidOrder();
    const c = code();
    const typed = `${c.slice(0, 7)} ${c.slice(7, 16)}-${c.slice(16)}`.replace(/[0-9]/g, (d) =>
      String.fromCharCode(d.charCodeAt(0) + 0xfee0),
    );
    expect((await ship(o.id, o.lineIds, [typed])).status).toBe(200);
    expect(await storedCodes(o.id)).toEqual([c]);
  });

  it('a line without codes ships as before', async () => {
    const o = await paidOrder();
    expect((await ship(o.id, o.lineIds, [])).status).toBe(200);
    const mine = await t.call<OrderDetail>('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(mine.body.data.lines.map((l) => l.trace_codes)).toEqual([[], []]);
  });

  it('refuses malformed codes, more codes than units and a code twice, naming each; nothing ships', async () => {
    const o = await paidOrder();
    const dup = code();
    const res = await ship(
      o.id,
      o.lineIds,
      ['8100000123456789012', '81000001234567890123X', dup],
      [dup, code(), code()],
    );
    expect(res.status).toBe(422);
    const errors = (res.body.data as { errors: Record<string, string[]> }).errors;
    expect(errors['lines.0.trace_codes.0']).toEqual(['追溯码8100000123456789012格式不正确：应为20位数字（当前19位）']);
    expect(errors['lines.0.trace_codes.1']).toEqual(['追溯码81000001234567890123X格式不正确：只能包含数字']);
    expect(errors['lines.0.trace_codes.2']).toBeUndefined();
    expect(errors['lines.1.trace_codes.0']).toEqual([`追溯码${dup}重复`]);
    expect(errors['lines.1.trace_codes']).toEqual(['追溯码数量（3）超过发货数量（2）']);
    expect(await statusOf(o.id)).toBe('paid');
    expect(await storedCodes(o.id)).toEqual([]);
  });

  it('refuses a code already shipped on another order (the same box cannot ship twice)', async () => {
    const first = await paidOrder();
    const c = code();
    expect((await ship(first.id, first.lineIds, [c])).status).toBe(200);
    const second = await paidOrder();
    const res = await ship(second.id, second.lineIds, [code(), c]);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(`追溯码${c}已发货，同一盒药不能重复发货`);
    expect((res.body.data as { errors: Record<string, string[]> }).errors['lines.0.trace_codes.1']).toEqual([
      `追溯码${c}已发货，同一盒药不能重复发货`,
    ]);
    expect(await statusOf(second.id)).toBe('paid');
  });

  it('two orders shipping the same code at once: one ships, the other is refused', async () => {
    const [x, y] = [await paidOrder(), await paidOrder()];
    const c = code();
    const answers = await Promise.all([ship(x.id, x.lineIds, [c]), ship(y.id, y.lineIds, [c])]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409 || r.status === 422)).toBe(true);
    expect(await t.db.select().from(traceCodes).where(eq(traceCodes.code, c))).toHaveLength(1);
  });
});

describe('GET /api/order/{id}/trace_codes', () => {
  it('downloads the codes as CSV: a header, then one row per box with its goods, batch and expiry', async () => {
    const o = await paidOrder();
    const a = [code(), code()];
    const b = [code()];
    await ship(o.id, o.lineIds, a, b);
    const res = await t.app.request(`/api/order/${o.id}/trace_codes?format=csv`, { headers: { cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(`追溯码-${o.orderNo}.csv`)}`,
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('订单编号,商品名称,规格,生产厂家,批号,效期,药品追溯码');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toBe(`${o.orderNo},测试商品1,0.25g*24粒,测试制药有限公司,A250101,2027-12-31,${a[0]}`);
    expect(rows[2]).toMatch(new RegExp(`,A250101,2027-12-31,${a[1]}$`));
    expect(rows[3]).toMatch(new RegExp(`^${o.orderNo},测试商品2,.*,B250202,2027-06-30,${b[0]}$`));
  });

  it('downloads the codes as XLSX with every code kept as its 20 digits of text', async () => {
    const o = await paidOrder();
    const a = [code()];
    await ship(o.id, o.lineIds, a);
    const res = await t.app.request(`/api/order/${o.id}/trace_codes?format=xlsx`, {
      headers: { cookie: buyer.cookie },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('药品追溯码')!;
    expect(sheet.getRow(1).getCell(7).value).toBe('药品追溯码');
    expect(sheet.getRow(2).getCell(7).value).toBe(a[0]);
    expect(sheet.rowCount).toBe(2);
  });

  it('another company’s order is not found; a bad format is a 422', async () => {
    const o = await paidOrder();
    const foreign = await t.call('GET', `/api/order/${o.id}/trace_codes`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    const bad = await t.call('GET', `/api/order/${o.id}/trace_codes?format=pdf`, { cookie: buyer.cookie });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('下载格式应为csv或xlsx');
  });
});
