// The console's orders, after-sales and invoices (issue 18, part 2): search, ship with batches,
// the printouts, complete with points, cancel with refund; the after-sale steps and invoice
// decisions. Every move: its state change, its audit row and the buyer's message; the wrong
// state refused (409) and the same move twice changing nothing; bad input a 422 in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { roleOperator } from '../helpers/operators.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import {
  afterSales,
  auditLog,
  goods,
  goodsBatches,
  invoices,
  messages,
  orderLines,
  orders,
  payments,
  shipments,
  walletLedger,
  wallets,
} from '../../server/db/schema.ts';
import type { Paged } from '../../src/domain/admin.ts';
import type {
  AdminAfterSaleRow,
  AdminInvoiceRow,
  AdminOrderDetail,
  AdminOrderRow,
} from '../../src/domain/admin-orders.ts';
import type { AfterSale, Invoice } from '../../src/domain/orders.ts';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let goodsA: number;
let goodsB: number;
let warehouseId: number;
let warehouse: string;
let finance: string;
let support: string;

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
  finance = (await roleOperator(t, 'finance')).cookie;
  support = (await roleOperator(t, 'support')).cookie;
});
afterAll(() => t.close());

const lines = () => [
  { goodsId: goodsA, warehouseId, number: 10, price: 1250 },
  { goodsId: goodsB, warehouseId, number: 5, price: 1200 },
];
/** A refusal's field messages (its data is { errors }, not the success shape). */
const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string[]> }).errors;
const audits = (action: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const messagesOf = (companyId: number) =>
  t.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const statusOf = async (id: number) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
const ship = (id: number, body: object, cookie = warehouse) =>
  t.call<AdminOrderDetail>('POST', `/api/admin/orders/${id}/ship`, { body, cookie });
const shipBody = (lineIds: number[]) => ({
  carrier: '顺丰速运',
  tracking_no: 'SF1234567890',
  lines: [
    { order_line_id: lineIds[0], batch_no: 'A250101' },
    { order_line_id: lineIds[1], batch_no: 'B250202' },
  ],
});

describe('GET /api/admin/orders', () => {
  it('filters by status, company, order number and day; refuses a bad filter with a 422', async () => {
    const mine = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    await insertOrder(t.db, other, { status: 'paid', lines: lines() });
    const byCompany = await t.call<Paged<AdminOrderRow>>(
      'GET',
      `/api/admin/orders?status=paid&company_id=${buyer.companyId}`,
      { cookie: warehouse },
    );
    expect(byCompany.status).toBe(200);
    expect(byCompany.body.data.list.map((o) => o.id)).toContain(mine.id);
    expect(byCompany.body.data.list.every((o) => o.company_id === buyer.companyId && o.status === 'paid')).toBe(true);
    const byNo = await t.call<Paged<AdminOrderRow>>('GET', `/api/admin/orders?order_no=${mine.orderNo}`, {
      cookie: warehouse,
    });
    expect(byNo.body.data.list).toEqual([
      expect.objectContaining({ id: mine.id, line_count: 2, amount: mine.payAmount }),
    ]);
    const day = await t.call<Paged<AdminOrderRow>>(
      'GET',
      `/api/admin/orders?order_no=${mine.orderNo}&start=2025-06-02`,
      { cookie: warehouse },
    );
    expect(day.body.data.total).toBe(0);
    const bad = await t.call('GET', '/api/admin/orders?status=lost&start=2025-13-01', { cookie: warehouse });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toMatchObject({ status: ['订单状态无效'], start: ['开始日期格式应为YYYY-MM-DD'] });
  });

  it('shows one order with the batches each line may ship from; 404 for an unknown one', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const res = await t.call<AdminOrderDetail>('GET', `/api/admin/orders/${o.id}`, { cookie: support });
    expect(res.body.data.order.status).toBe('paid');
    expect(res.body.data.batches[String(o.lineIds[0])]).toEqual([{ batch_no: 'A250101', expires_on: '2027-12-31' }]);
    expect((await t.call('GET', '/api/admin/orders/999999', { cookie: support })).status).toBe(404);
  });
});

describe('shipping', () => {
  it('ships a paid order: 待收货 with logistics, batches on the lines, a message and an audit row; twice changes nothing', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const res = await ship(o.id, shipBody(o.lineIds));
    expect(res.status).toBe(200);
    expect(res.body.data.order.status).toBe('shipped');
    expect(res.body.data.order.logistics).toEqual([
      expect.objectContaining({ carrier: '顺丰速运', tracking_no: 'SF1234567890' }),
    ]);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.id, o.lineIds[0]));
    expect(line).toMatchObject({ batchNo: 'A250101', expiresOn: '2027-12-31' });

    // The buyer's own view says 待收货 with the tracking number.
    const mine = await t.call('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(mine.body.data.status).toBe('shipped');
    expect(mine.body.data.logistics[0].tracking_no).toBe('SF1234567890');
    const msgs = (await messagesOf(buyer.companyId)).filter((m) => m.link === `/order/info/${o.id}`);
    expect(msgs).toEqual([
      expect.objectContaining({
        kind: 'order',
        title: '订单已发货',
        body: `您的订单${o.orderNo}已发货，顺丰速运，运单号SF1234567890，请注意查收。`,
      }),
    ]);
    const [audit] = await audits('order.ship', o.id);
    expect(audit).toMatchObject({
      targetType: 'order',
      before: { status: 'paid' },
      after: expect.objectContaining({ status: 'shipped', tracking_no: 'SF1234567890' }),
    });

    const again = await ship(o.id, { ...shipBody(o.lineIds), tracking_no: 'YT0000000001' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('订单已发货');
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(1);
    expect(await audits('order.ship', o.id)).toHaveLength(1);
  });

  it('refuses to ship a cancelled order, and bad input with field messages; nothing changes', async () => {
    const cancelled = await insertOrder(t.db, buyer, { status: 'cancelled', lines: lines() });
    const refused = await ship(cancelled.id, shipBody(cancelled.lineIds));
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('订单不在待发货状态，不能发货');
    expect(await statusOf(cancelled.id)).toBe('cancelled');

    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const bad = await ship(o.id, { carrier: '', tracking_no: '12', lines: [] });
    expect(bad.status).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['carrier', 'lines', 'tracking_no']);
    const wrongBatch = await ship(o.id, {
      ...shipBody(o.lineIds),
      lines: [{ order_line_id: o.lineIds[0], batch_no: 'NOPE' }],
    });
    expect(wrongBatch.status).toBe(422);
    expect(errorsOf(wrongBatch)).toMatchObject({
      'lines.0.batch_no': [expect.stringMatching(/：批号NOPE不存在$/)],
      lines: [expect.stringContaining('请为每个商品选择发货批号')],
    });
    expect(await statusOf(o.id)).toBe('paid');
    expect(await audits('order.ship', o.id)).toHaveLength(0);
  });

  it('prints the picking list before shipping and the 随货同行单 after, as PDFs', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    expect(
      (await t.app.request(`/api/admin/orders/${o.id}/delivery-note`, { headers: { cookie: warehouse } })).status,
    ).toBe(409);
    const pick = await t.app.request(`/api/admin/orders/${o.id}/picking-list`, { headers: { cookie: warehouse } });
    expect(pick.status).toBe(200);
    expect(pick.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pick.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await ship(o.id, shipBody(o.lineIds));
    const note = await t.app.request(`/api/admin/orders/${o.id}/delivery-note`, { headers: { cookie: warehouse } });
    expect(note.status).toBe(200);
    const bytes = Buffer.from(await note.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The CJK font is embedded (a subset), so the note prints the same anywhere.
    expect(bytes.toString('latin1')).toMatch(/FontFile3|FontFile2/);
    expect(decodeURIComponent(note.headers.get('content-disposition') ?? '')).toContain(`随货同行单-${o.orderNo}.pdf`);
    expect(
      (await t.app.request(`/api/admin/orders/${o.id}/picking-list`, { headers: { cookie: warehouse } })).status,
    ).toBe(409);
  });
});

describe('completing', () => {
  it('completes a shipped order with its points, once', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    await ship(o.id, shipBody(o.lineIds));
    const [before] = await t.db
      .select({ points: wallets.points })
      .from(wallets)
      .where(eq(wallets.companyId, buyer.companyId));
    const done = await t.call<AdminOrderDetail>('POST', `/api/admin/orders/${o.id}/complete`, { cookie: warehouse });
    expect(done.status).toBe(200);
    expect(done.body.data.order.status).toBe('completed');
    const [after] = await t.db
      .select({ points: wallets.points })
      .from(wallets)
      .where(eq(wallets.companyId, buyer.companyId));
    expect(after.points - (before?.points ?? 0)).toBe(Math.floor(o.payAmount / 100));
    expect(await audits('order.complete', o.id)).toHaveLength(1);
    const again = await t.call('POST', `/api/admin/orders/${o.id}/complete`, { cookie: warehouse });
    expect(again.status).toBe(409);
    const [still] = await t.db
      .select({ points: wallets.points })
      .from(wallets)
      .where(eq(wallets.companyId, buyer.companyId));
    expect(still.points).toBe(after.points);
  });

  it('refuses to complete an order that has not shipped', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const res = await t.call('POST', `/api/admin/orders/${o.id}/complete`, { cookie: warehouse });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('订单不在待收货状态，不能完成');
  });
});

describe('cancel with refund', () => {
  it('gives the stock back and the money the way it came (balance part, transfer to balance); once', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    // Paid partly from the balance and the rest by 对公转账.
    await t.db
      .update(orders)
      .set({
        balanceAmount: 2000,
        payAmount: o.payAmount - 2000,
        paidAmount: o.payAmount - 2000,
        payMethod: 'transfer',
      })
      .where(eq(orders.id, o.id));
    await t.db.insert(payments).values({
      orderId: o.id,
      companyId: buyer.companyId,
      method: 'transfer',
      amount: o.payAmount - 2000,
      status: 'succeeded',
      gatewayRef: `transfer:T${o.id}`,
      createdAt: t.clock.now(),
    });
    const stockBefore = (await t.db.select({ s: goods.stock }).from(goods).where(eq(goods.id, goodsA)))[0].s;

    const res = await t.call<AdminOrderDetail>('POST', `/api/admin/orders/${o.id}/cancel`, {
      body: { reason: '客户要求取消' },
      cookie: finance,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.order.status).toBe('cancelled');
    expect((await t.db.select({ s: goods.stock }).from(goods).where(eq(goods.id, goodsA)))[0].s).toBe(stockBefore + 10);
    const ledger = await t.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.orderId, o.id), eq(walletLedger.account, 'balance')));
    expect(ledger.map((l) => l.amount).sort((a, b) => a - b)).toEqual([2000, o.payAmount - 2000].sort((a, b) => a - b));
    const [msg] = (await messagesOf(buyer.companyId)).filter(
      (m) => m.title === '订单已取消' && m.link === `/order/info/${o.id}`,
    );
    expect(msg.body).toContain('原因：客户要求取消');
    expect(await audits('order.cancel_refund', o.id)).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ status: 'cancelled', to_balance: o.payAmount }) }),
    ]);

    const again = await t.call('POST', `/api/admin/orders/${o.id}/cancel`, {
      body: { reason: '客户要求取消' },
      cookie: finance,
    });
    expect(again.status).toBe(409);
    expect(
      await t.db
        .select()
        .from(walletLedger)
        .where(and(eq(walletLedger.orderId, o.id), eq(walletLedger.account, 'balance'))),
    ).toHaveLength(2);
  });

  it('refunds an online payment through its gateway, not to the balance', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    await t.db.insert(payments).values({
      orderId: o.id,
      companyId: buyer.companyId,
      method: 'sandbox',
      amount: o.payAmount,
      status: 'succeeded',
      gatewayRef: `SBX${o.id}`,
      createdAt: t.clock.now(),
    });
    const res = await t.call('POST', `/api/admin/orders/${o.id}/cancel`, {
      body: { reason: '缺货无法发货' },
      cookie: finance,
    });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(walletLedger).where(eq(walletLedger.orderId, o.id))).toEqual([]);
    const [pay] = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, o.id));
    expect(pay.status).toBe('refunded');
  });

  it('refuses a shipped order and a missing reason', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'shipped', lines: lines() });
    const res = await t.call('POST', `/api/admin/orders/${o.id}/cancel`, {
      body: { reason: '客户要求取消' },
      cookie: finance,
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('订单已发货或已结束，不能取消；已发货订单请走售后');
    const bad = await t.call('POST', `/api/admin/orders/${o.id}/cancel`, { body: {}, cookie: finance });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.reason).toEqual(['请填写取消原因']);
  });
});

describe('after-sales in the console', () => {
  async function request(kind: 'return' | 'refund' | 'exchange') {
    const o = await insertOrder(t.db, buyer, { status: 'shipped', lines: lines() });
    const res = await t.call<AfterSale>('POST', `/api/order/${o.id}/after_sale`, {
      body: { kind, reason: '质量问题', lines: [{ order_line_id: o.lineIds[0], number: 2 }] },
      cookie: buyer.cookie,
    });
    expect(res.status).toBe(200);
    return { order: o, id: res.body.data.id };
  }
  const step = (id: number, name: string, body: object = {}, cookie = support) =>
    t.call<AfterSale>('POST', `/api/admin/after_sales/${id}/${name}`, { body, cookie });

  it('lists the requests waiting, oldest first', async () => {
    const { id } = await request('refund');
    const res = await t.call<Paged<AdminAfterSaleRow>>('GET', '/api/admin/after_sales?status=submitted', {
      cookie: support,
    });
    expect(res.body.data.list.map((r) => r.id)).toContain(id);
    expect(res.body.data.list.every((r) => r.status === 'submitted')).toBe(true);
  });

  it('walks a return: accept → receive → refund to the balance, each with history, message and audit row', async () => {
    const { order, id } = await request('return');
    expect((await step(id, 'accept')).body.data.status).toBe('approved');
    expect((await step(id, 'receive')).body.data.status).toBe('returning');
    const done = await step(id, 'refund', { route: 'balance' }, finance);
    expect(done.body.data.status).toBe('refunded');
    expect(done.body.data.history.at(-1)?.text).toBe('退款¥25.00已退回账户余额');
    expect(
      await t.db
        .select({ amount: walletLedger.amount })
        .from(walletLedger)
        .where(and(eq(walletLedger.orderId, order.id), eq(walletLedger.useType, 'refund'))),
    ).toEqual([{ amount: 2500 }]);
    const titles = (await messagesOf(buyer.companyId))
      .filter((m) => m.link === `/order/afterSalesInfo/${id}`)
      .map((m) => m.title);
    expect(titles).toEqual(['售后申请已通过', '退货商品已收到', '售后退款已完成']);
    for (const action of ['after_sale.accept', 'after_sale.receive', 'after_sale.refund'])
      expect(await audits(action, id)).toHaveLength(1);
    expect(await statusOf(order.id)).toBe('shipped');
  });

  it('refuses a step from the wrong status (twice = no change), a refund by 客服 and a bad refund route', async () => {
    const { id } = await request('refund');
    await step(id, 'accept');
    const twice = await step(id, 'accept');
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('售后单当前状态不能进行此操作');
    expect(await audits('after_sale.accept', id)).toHaveLength(1);
    expect((await step(id, 'receive')).status).toBe(409); // not a return
    expect((await step(id, 'refund', { route: 'balance' })).status).toBe(403);
    const bad = await step(id, 'refund', { route: 'cash' }, finance);
    expect(bad.status).toBe(422);
    expect(errorsOf(bad).route).toEqual(['请选择退款方式']);
    const [row] = await t.db.select({ status: afterSales.status }).from(afterSales).where(eq(afterSales.id, id));
    expect(row.status).toBe('approved');
  });

  it('rejects with the reason the buyer reads', async () => {
    const { order, id } = await request('exchange');
    expect((await step(id, 'reject', {})).status).toBe(422);
    const res = await step(id, 'reject', { reason: '商品已拆封，不支持换货' });
    expect(res.body.data.status).toBe('rejected');
    const [msg] = (await messagesOf(buyer.companyId)).filter((m) => m.link === `/order/afterSalesInfo/${id}`);
    expect(msg).toMatchObject({
      title: '售后申请未通过',
      body: `订单${order.orderNo}的换货申请：售后申请未通过审核，原因：商品已拆封，不支持换货。`,
    });
    expect(await audits('after_sale.reject', id)).toEqual([
      expect.objectContaining({ after: { status: 'rejected', reason: '商品已拆封，不支持换货' } }),
    ]);
    expect((await step(id, 'reject', { reason: '再次驳回试试' })).status).toBe(409);
  });
});

describe('invoices in the console', () => {
  async function special() {
    const o = await insertOrder(t.db, buyer, { status: 'completed', lines: lines() });
    const res = await t.call<Invoice>('POST', '/api/invoice', {
      body: {
        order_id: o.id,
        kind: 'special',
        title: '测试大药房有限公司',
        tax_no: '91440106MA59C8K27X',
        email: 'fp@example.com',
      },
      cookie: buyer.cookie,
    });
    expect(res.status).toBe(200);
    return { order: o, id: res.body.data.id };
  }

  it('lists requests, issues one with a number and PDF, once; the buyer gets a message', async () => {
    const { order, id } = await special();
    const list = await t.call<Paged<AdminInvoiceRow>>('GET', '/api/admin/invoices?status=requested&kind=special', {
      cookie: finance,
    });
    expect(list.body.data.list.map((i) => i.id)).toContain(id);
    const res = await t.call<Invoice>('POST', `/api/admin/invoices/${id}/issue`, { cookie: finance });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'issued', invoice_no: expect.stringMatching(/^\d{20}$/) });
    const [row] = await t.db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, id));
    expect(Buffer.from(row.pdf!).subarray(0, 5).toString()).toBe('%PDF-');
    const [msg] = (await messagesOf(buyer.companyId)).filter(
      (m) => m.title === '发票已开具' && m.body.includes(order.orderNo),
    );
    expect(msg.body).toContain(res.body.data.invoice_no!);
    expect(await audits('invoice.issue', id)).toHaveLength(1);
    const twice = await t.call('POST', `/api/admin/invoices/${id}/issue`, { cookie: finance });
    expect(twice.status).toBe(409);
    expect(await audits('invoice.issue', id)).toHaveLength(1);
  });

  it('rejects with a reason; an issued or rejected request cannot be rejected again', async () => {
    const { id } = await special();
    expect(
      (await t.call('POST', `/api/admin/invoices/${id}/reject`, { body: { reason: 'x' }, cookie: finance })).status,
    ).toBe(422);
    const res = await t.call<Invoice>('POST', `/api/admin/invoices/${id}/reject`, {
      body: { reason: '税号与开票名称不符' },
      cookie: finance,
    });
    expect(res.body.data.status).toBe('rejected');
    const [row] = await t.db.select({ reason: invoices.rejectReason }).from(invoices).where(eq(invoices.id, id));
    expect(row.reason).toBe('税号与开票名称不符');
    expect(
      (await messagesOf(buyer.companyId)).some(
        (m) => m.title === '发票申请未通过' && m.body.includes('税号与开票名称不符'),
      ),
    ).toBe(true);
    expect((await t.call('POST', `/api/admin/invoices/${id}/issue`, { cookie: finance })).status).toBe(409);
  });
});
