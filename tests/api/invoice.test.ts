// E-invoices: GET/POST /api/invoice, GET /api/invoice/{id}/pdf (a real PDF with an embedded CJK
// font), the operator's issue step, validation, one invoice per order, and another company's
// orders and invoices (404, nothing changes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn, roleOperator } from '../helpers/operators.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { insertOrder, type OrderLineSpec } from '../fixtures/aftersale-orders.ts';
import { invoices, orders } from '../../server/db/schema.ts';
import { printable, renderInvoicePdf, type InvoicePdfData } from '../../server/services/invoices/pdf.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { toChineseCapitalAmount } from '../../src/domain/money-words.ts';
import type { Invoice } from '../../src/domain/orders.ts';
import type { Page } from '../../src/domain/envelope.ts';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let lineSpecs: OrderLineSpec[];

const TAX_NO = '91440106MA59C8K27X';
// Untyped: a refusal's data is { errors }, a success's is an Invoice.
const request = (b: Buyer, body: object) => t.call('POST', '/api/invoice', { body, cookie: b.cookie });
const fields = (orderId: number, over: object = {}) => ({
  order_id: orderId,
  kind: 'normal',
  title: '广州市康宁大药房有限公司',
  tax_no: TAX_NO,
  email: 'kangning@example.com',
  ...over,
});
const pdf = (id: number, cookie?: string) =>
  t.app.request(`/api/invoice/${id}/pdf`, { headers: cookie ? { cookie } : {} });
const latin1 = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('latin1');
const invoiceCount = async () => (await t.db.select({ n: count() }).from(invoices))[0].n;

/** Structural checks any reader relies on: header, trailer, and xref offsets that hit their objects. */
function expectWellFormedPdf(text: string): void {
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, n] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(3, 2 + Number(n));
  entries.forEach((e, i) => {
    const offset = Number(e.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  const [a, b] = await insertGoods(t.db, cat, [{ name: '阿莫西林胶囊' }, { name: '感冒灵颗粒' }]);
  lineSpecs = [
    { goodsId: a, warehouseId: cat.warehouseId, number: 10, price: 1250, name: '阿莫西林胶囊' },
    { goodsId: b, warehouseId: cat.warehouseId, number: 3, price: 3000, name: '感冒灵颗粒' },
  ];
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'approved', t.clock.now());
});
afterAll(() => t.close());

describe('POST /api/invoice', () => {
  it('issues an ordinary invoice at once, with a number and a downloadable PDF', async () => {
    const order = await insertOrder(t.db, buyer, {
      status: 'completed',
      lines: lineSpecs,
      shippingAmount: 1000,
      couponAmount: 2000,
    });
    const res = await request(buyer, fields(order.id));
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('发票已开具');
    const inv = res.body.data;
    // 12500 + 9000 goods + 1000 shipping − 2000 coupon.
    expect(inv).toMatchObject({
      order_id: order.id,
      order_no: order.orderNo,
      kind: 'normal',
      title: '广州市康宁大药房有限公司',
      tax_no: TAX_NO,
      email: 'kangning@example.com',
      amount: 20_500,
      status: 'issued',
      issued_at: Math.floor(t.clock.now().getTime() / 1000),
      pdf_url: `/api/invoice/${inv.id}/pdf`,
    });
    expect(inv.invoice_no).toMatch(/^\d{20}$/);

    const file = await pdf(inv.id, buyer.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('attachment;');
    expect(disposition).toContain(`filename="invoice-${inv.invoice_no}.pdf"`);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`电子发票-${inv.invoice_no}.pdf`)}`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expectWellFormedPdf(latin1(bytes));
    // The font travels with the file (a subset of Noto Sans SC), so any viewer shows the Chinese.
    expect(latin1(bytes)).toMatch(/\/FontFile[23]? /);
    expect(latin1(bytes)).toContain('NotoSansHans-Regular');
    // The title, buyer, goods, total in words and the demo note are all there.
    const text = pdfText(bytes);
    for (const s of [
      '电子发票（普通发票）',
      '广州市康宁大药房有限公司',
      TAX_NO,
      '阿莫西林胶囊',
      '运费',
      inv.invoice_no!,
      '本发票为演示系统生成',
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).toContain(toChineseCapitalAmount(20_500));
    expect(toChineseCapitalAmount(20_500)).toBe('贰佰零伍圆整');
    expect(text).toContain('¥205.00');
  });

  it('takes one invoice per order (409)', async () => {
    const order = await insertOrder(t.db, buyer, { status: 'completed', lines: lineSpecs });
    expect((await request(buyer, fields(order.id))).status).toBe(200);
    const before = await invoiceCount();
    const again = await request(buyer, fields(order.id, { kind: 'special' }));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该订单已申请发票');
    expect(await invoiceCount()).toBe(before);
  });

  it('keeps a special invoice requested until the operator issues it', async () => {
    const order = await insertOrder(t.db, buyer, { status: 'completed', lines: lineSpecs });
    const res = await request(buyer, fields(order.id, { kind: 'special', tax_no: ' 91440106ma59c8k27x ' }));
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('发票申请已提交');
    expect(res.body.data).toMatchObject({
      kind: 'special',
      status: 'requested',
      tax_no: TAX_NO,
      invoice_no: null,
      pdf_url: null,
      issued_at: null,
    });
    const early = await t.call('GET', `/api/invoice/${res.body.data.id}/pdf`, { cookie: buyer.cookie });
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe('发票尚未开具，请稍后再试');

    t.clock.advance(3600_000);
    const { cookie: finance } = await roleOperator(t, 'finance');
    const issued = await t.call<Invoice>('POST', `/api/admin/invoices/${res.body.data.id}/issue`, { cookie: finance });
    expect(issued.body.data).toMatchObject({ status: 'issued', issued_at: Math.floor(t.clock.now().getTime() / 1000) });
    const file = await pdf(res.body.data.id, buyer.cookie);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expectWellFormedPdf(latin1(bytes));
    expect(pdfText(bytes)).toContain('电子发票（增值税专用发票）');
  });

  it('refuses bad fields with Chinese messages', async () => {
    const order = await insertOrder(t.db, buyer, { status: 'completed', lines: lineSpecs });
    const cases: [object, string, string][] = [
      [{ kind: 'vat' }, 'kind', '请选择发票类型'],
      [{ title: ' ' }, 'title', '请输入发票抬头'],
      [{ title: '抬'.repeat(61) }, 'title', '发票抬头最多60个字符'],
      [{ tax_no: '9144' }, 'tax_no', '纳税人识别号为15-20位数字或大写字母'],
      [{ tax_no: '91440106MA59C8K27X-1' }, 'tax_no', '纳税人识别号为15-20位数字或大写字母'],
      [{ kind: 'special', tax_no: '' }, 'tax_no', '增值税专用发票须填写纳税人识别号'],
      [{ email: '' }, 'email', '请输入邮箱'],
      [{ email: 'kangning@example' }, 'email', '请输入正确的邮箱地址'],
      [{ order_id: 'x' }, 'order_id', '请选择订单'],
    ];
    for (const [over, field, msg] of cases) {
      const res = await request(buyer, fields(order.id, over));
      expect(res.status, msg).toBe(422);
      expect(res.body.msg).toBe(msg);
      expect(res.body.data.errors[field]?.[0]).toBe(msg);
    }
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);
    // An ordinary invoice may go to a person: no tax number needed.
    const personal = await request(buyer, fields(order.id, { title: '陈建华', tax_no: '' }));
    expect(personal.body.data).toMatchObject({ status: 'issued', tax_no: '' });
  });

  it('is only for completed orders', async () => {
    for (const status of ['pending_payment', 'paid', 'shipped', 'cancelled', 'after_sale'] as const) {
      const order = await insertOrder(t.db, buyer, { status, lines: lineSpecs });
      const res = await request(buyer, fields(order.id));
      expect(res.status, status).toBe(400);
      expect(res.body.msg).toBe('订单完成后才能申请发票');
    }
    const points = await insertOrder(t.db, buyer, { status: 'completed', lines: lineSpecs });
    await t.db.update(orders).set({ kind: 'points' }).where(eq(orders.id, points.id));
    const res = await request(buyer, fields(points.id));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('积分商城订单不支持开具发票');
  });

  it("answers 404 for another company's order and invoice, and changes nothing", async () => {
    const order = await insertOrder(t.db, buyer, { status: 'completed', lines: lineSpecs });
    const before = await invoiceCount();
    const res = await request(other, fields(order.id));
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('订单不存在');
    expect(await invoiceCount()).toBe(before);

    const mine = await request(buyer, fields(order.id));
    const foreignPdf = await t.call('GET', `/api/invoice/${mine.body.data.id}/pdf`, { cookie: other.cookie });
    expect(foreignPdf.status).toBe(404);
    expect(foreignPdf.body.msg).toBe('发票不存在');
    expect((await t.call('GET', `/api/invoice/${mine.body.data.id}/pdf`)).status).toBe(401);
    expect((await t.call('GET', '/api/invoice/abc/pdf', { cookie: buyer.cookie })).status).toBe(404);
    expect((await request(other, fields(99_999_999))).status).toBe(404);
  });
});

describe('GET /api/invoice', () => {
  it("pages the company's invoices, newest first", async () => {
    const fresh = await insertBuyer(t.db, 'approved', t.clock.now());
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await insertOrder(t.db, fresh, { status: 'completed', lines: lineSpecs });
      t.clock.advance(1000);
      ids.push((await request(fresh, fields(order.id))).body.data.id);
    }
    const page = await t.call<Page<Invoice>>('GET', '/api/invoice?page=2&page_size=2', { cookie: fresh.cookie });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.body.data.list.map((i) => i.id)).toEqual([ids[0]]);
    const first = await t.call<Page<Invoice>>('GET', '/api/invoice', { cookie: fresh.cookie });
    expect(first.body.data.list.map((i) => i.id)).toEqual([ids[2], ids[1], ids[0]]);
    const foreign = await t.call<Page<Invoice>>('GET', '/api/invoice', { cookie: other.cookie });
    expect(foreign.body.data.list.map((i) => i.id)).not.toEqual(expect.arrayContaining([ids[0]]));
    expect((await t.call('GET', '/api/invoice')).status).toBe(401);
  });
});

describe('renderInvoicePdf', () => {
  const data = (n: number): InvoicePdfData => ({
    title: '电子发票（普通发票）',
    invoiceNo: '25440000000000000001',
    issuedAt: new Date('2025-06-02T02:00:00Z'),
    orderNo: 'T1',
    buyer: { name: '广州市康宁大药房有限公司'.repeat(4), taxNo: TAX_NO },
    seller: {
      name: '广州康源医药有限公司',
      taxNo: '91440101MA5KY0Y2XD',
      address: '广州市白云区',
      licence: '粤AA0201234',
    },
    lines: Array.from({ length: n }, (_, i) => ({
      name: `商品${i + 1} 一个很长很长很长很长很长很长很长很长很长的名字😀`,
      spec: '0.25g*24粒',
      unit: '盒',
      number: 2,
      price: 1234,
      amount: 2468,
    })),
    adjustments: [{ name: '优惠折扣', amount: -100 }],
    total: n * 2468 - 100,
    note: '本发票为演示系统生成',
  });

  it('continues long invoices on further pages and stays well formed', async () => {
    const one = await renderInvoicePdf(data(3));
    expectWellFormedPdf(latin1(one));
    expect(latin1(one)).toMatch(/\/Count 1\b/);
    const many = await renderInvoicePdf(data(80));
    expectWellFormedPdf(latin1(many));
    expect(latin1(many)).toMatch(/\/Count 3\b/);
    expect(pdfText(many)).toContain('第3页 / 共3页');
    // The embedded font has no emoji: outside the BMP a character prints as '?'; controls as spaces.
    expect(printable('a😀中\u0001')).toBe('a?中 ');
  });
});

describe('the demo data', () => {
  it('lets the demo buyer download its seeded invoice once the operator issues it', async () => {
    const demo = await createTestApp({ seed: 40 });
    try {
      const cookie = await demo.signIn('demo', 'demo1234');
      const list = await demo.call<Page<Invoice>>('GET', '/api/invoice', { cookie });
      expect(list.body.data.total).toBe(1);
      const [seeded] = list.body.data.list;
      expect(seeded).toMatchObject({ kind: 'normal', status: 'requested', pdf_url: null });
      const finance = await operatorSignIn(demo, 'finance');
      const issued = await demo.call<Invoice>('POST', `/api/admin/invoices/${seeded.id}/issue`, { cookie: finance });
      expect(issued.body.data.status).toBe('issued');
      // The seeded amount is what the order cost.
      expect(issued.body.data.amount).toBe(seeded.amount);
      const file = await demo.app.request(issued.body.data.pdf_url!, { headers: { cookie } });
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      expectWellFormedPdf(latin1(bytes));
      // The seller's drug-trading licence comes from site_config.licences.
      expect(pdfText(bytes)).toContain('药品经营许可证：粤AA0201234');
    } finally {
      await demo.close();
    }
  });
});
