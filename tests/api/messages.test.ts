// 我的消息: GET /api/user/message (paging, kind and read filters, bad input), POST
// /api/user/message/read (ids, all; another company's id is 404 and changes nothing), visitors
// (10001), the unread count in GET /api/user/base, and the events that write messages: an
// after-sale decision and a registration review decision (the dev endpoints stand in for the
// operator console).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { consoleAfterSaleStep, roleOperator } from '../helpers/operators.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import { companies, messages } from '../../server/db/schema.ts';
import { notifyCompany } from '../../server/services/messages/notify.ts';
import { CODE_NOT_SIGNED_IN } from '../../src/domain/envelope.ts';
import type { MessagePage, MessageReadResult } from '../../src/domain/messages.ts';
import type { AfterSale } from '../../src/domain/orders.ts';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let goodsId: number;
let warehouseId: number;

const list = (b: Buyer | null, query = '') =>
  t.call<MessagePage>('GET', `/api/user/message${query}`, { cookie: b?.cookie ?? null });
const read = (b: Buyer | null, body: Record<string, unknown>) =>
  t.call<MessageReadResult>('POST', '/api/user/message/read', { body: body as never, cookie: b?.cookie ?? null });
const unreadOf = async (companyId: number) =>
  (
    await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), isNull(messages.readAt)))
  ).length;

/** Writes `n` messages to `b`, one second apart, the newest last; returns their ids oldest first. */
async function write(b: Buyer, n: number, kind: 'system' | 'order' | 'promotion' = 'system'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    t.clock.advance(1000);
    await notifyCompany(t.db, b.companyId, { kind, title: `${kind}-${i}`, body: `正文${i}` }, t.clock.now());
    const [row] = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, b.companyId), eq(messages.title, `${kind}-${i}`)));
    ids.push(row.id);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  warehouseId = cat.warehouseId;
  [goodsId] = await insertGoods(t.db, cat, [{ name: '阿莫西林胶囊' }]);
});
afterAll(() => t.close());

beforeEach(async () => {
  // Fresh companies per test: counts stay exact.
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'approved', t.clock.now());
});

describe('GET /api/user/message', () => {
  it('pages newest first and reports the unread count of every kind', async () => {
    await write(buyer, 7, 'system');
    await write(buyer, 5, 'order');
    await write(other, 3, 'order');
    const first = await list(buyer, '?page_size=5');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 12, page: 1, page_size: 5, unread: 12 });
    expect(first.body.data.list.map((m) => m.title)).toEqual(['order-4', 'order-3', 'order-2', 'order-1', 'order-0']);
    const last = await list(buyer, '?page=3&page_size=5');
    expect(last.body.data.list.map((m) => m.title)).toEqual(['system-1', 'system-0']);
    expect(last.body.data.list[0]).toEqual({
      id: expect.any(Number),
      kind: 'system',
      title: 'system-1',
      body: '正文1',
      link: null,
      is_read: 0,
      created_at: expect.any(Number),
    });
    // Default page size is 10.
    expect((await list(buyer)).body.data).toMatchObject({ page_size: 10, total: 12 });
    expect((await list(buyer)).body.data.list).toHaveLength(10);
  });

  it('filters by kind and by read state', async () => {
    const sys = await write(buyer, 3, 'system');
    await write(buyer, 2, 'promotion');
    await read(buyer, { ids: [sys[0]] });
    expect((await list(buyer, '?kind=promotion')).body.data).toMatchObject({ total: 2, unread: 4 });
    expect((await list(buyer, '?kind=system&status=unread')).body.data.total).toBe(2);
    const readOnly = await list(buyer, '?status=read');
    expect(readOnly.body.data.list.map((m) => [m.id, m.is_read])).toEqual([[sys[0], 1]]);
    expect((await list(buyer, '?kind=&status=')).body.data.total).toBe(5);
  });

  it('refuses a bad kind, read state or page with a 422 in Chinese', async () => {
    for (const [query, field, msg] of [
      ['?kind=coupon', 'kind', '消息类型无效'],
      ['?status=new', 'status', '阅读状态无效'],
      ['?page=0', 'page', '页码无效'],
      ['?page_size=500', 'page_size', '每页数量须在1-100之间'],
    ] as const) {
      const res = await list(buyer, query);
      expect(res.status, query).toBe(422);
      expect(res.body.msg).toBe(msg);
      expect(res.body.data).toEqual({ errors: { [field]: [msg] } });
    }
  });

  it('shows only shop paths as links', async () => {
    await notifyCompany(
      t.db,
      buyer.companyId,
      { kind: 'order', title: 'ok', body: '.', link: '/order/info/3' },
      t.clock.now(),
    );
    await notifyCompany(
      t.db,
      buyer.companyId,
      { kind: 'order', title: 'bad', body: '.', link: '//evil.example/x' },
      t.clock.now(),
    );
    const links = Object.fromEntries((await list(buyer)).body.data.list.map((m) => [m.title, m.link]));
    expect(links).toEqual({ ok: '/order/info/3', bad: null });
  });

  it('answers a visitor with 10001', async () => {
    const res = await list(null);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE_NOT_SIGNED_IN);
  });
});

describe('POST /api/user/message/read', () => {
  it('marks the given ids read once and user base counts what is left', async () => {
    const ids = await write(buyer, 4);
    const res = await read(buyer, { ids: [ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 2, unread: 2 });
    // Again: already read, nothing changes, first read time kept.
    const [before] = await t.db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.id, ids[0]));
    t.clock.advance(60_000);
    expect((await read(buyer, { ids: `${ids[0]},${ids[1]}` })).body.data).toEqual({ count: 0, unread: 2 });
    const [after] = await t.db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.id, ids[0]));
    expect(after.readAt).toEqual(before.readAt);

    const base = await t.call('GET', '/api/user/base', { cookie: buyer.cookie });
    expect(base.body.data.message_count).toBe(2);
  });

  it("answers 404 for another company's message and marks nothing", async () => {
    const mine = await write(buyer, 1);
    const theirs = await write(other, 1);
    const res = await read(buyer, { ids: [mine[0], theirs[0]] });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('消息不存在');
    expect(await unreadOf(buyer.companyId)).toBe(1);
    expect(await unreadOf(other.companyId)).toBe(1);
    expect((await read(buyer, { ids: [999_999] })).status).toBe(404);
  });

  it('refuses missing, malformed and too many ids with a 422', async () => {
    for (const [body, msg] of [
      [{}, '请选择消息'],
      [{ ids: '' }, '请选择消息'],
      [{ ids: 'abc' }, '消息编号无效'],
      [{ ids: [0] }, '消息编号无效'],
      [{ ids: ['99999999999'] }, '消息编号无效'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, '一次最多标记100条消息'],
      [{ all: 'yes' }, '参数all无效'],
    ] as const) {
      const res = await read(buyer, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.msg).toBe(msg);
    }
  });

  it('all=1 marks every unread message of the company and touches no other company', async () => {
    await write(buyer, 3);
    await write(other, 2);
    const res = await read(buyer, { all: 1 });
    expect(res.body.data).toEqual({ count: 3, unread: 0 });
    expect(await unreadOf(buyer.companyId)).toBe(0);
    expect(await unreadOf(other.companyId)).toBe(2);
    const base = await t.call('GET', '/api/user/base', { cookie: other.cookie });
    expect(base.body.data.message_count).toBe(2);
  });

  it('answers a visitor with 10001 and changes nothing', async () => {
    await write(buyer, 1);
    const res = await read(null, { all: 1 });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE_NOT_SIGNED_IN);
    expect(await unreadOf(buyer.companyId)).toBe(1);
  });
});

describe('events that write messages', () => {
  const apply = (b: Buyer, orderId: number, lineId: number) =>
    t.call<AfterSale>('POST', `/api/order/${orderId}/after_sale`, {
      body: { kind: 'refund', reason: '质量问题', lines: [{ order_line_id: lineId, number: 1 }] },
      cookie: b.cookie,
    });
  const advance = (id: number, opts: { reject?: string } = {}) => consoleAfterSaleStep(t, id, opts);

  it('an after-sale decision writes an order message linking to the after-sale, to its company only', async () => {
    const order = await insertOrder(t.db, buyer, {
      status: 'shipped',
      lines: [{ goodsId, warehouseId, number: 5, price: 1000 }],
    });
    const created = await apply(buyer, order.id, order.lineIds[0]);
    expect(created.status).toBe(200);
    // Submitting is the buyer's own step: no message.
    expect((await list(buyer)).body.data.total).toBe(0);

    expect((await advance(created.body.data.id)).body.data.status).toBe('approved');
    const approved = (await list(buyer)).body.data;
    expect(approved.unread).toBe(1);
    expect(approved.list[0]).toMatchObject({
      kind: 'order',
      title: '售后申请已通过',
      body: `订单${order.orderNo}的仅退款申请：客服已审核通过您的售后申请。`,
      link: `/order/afterSalesInfo/${created.body.data.id}`,
      is_read: 0,
    });
    expect((await advance(created.body.data.id)).body.data.status).toBe('refunded');
    const refunded = (await list(buyer)).body.data;
    expect(refunded.list.map((m) => m.title)).toEqual(['售后退款已完成', '售后申请已通过']);
    expect((await list(other)).body.data.total).toBe(0);
  });

  it('a rejected after-sale writes 售后申请未通过', async () => {
    const order = await insertOrder(t.db, buyer, {
      status: 'shipped',
      lines: [{ goodsId, warehouseId, number: 5, price: 1000 }],
    });
    const created = await apply(buyer, order.id, order.lineIds[0]);
    await advance(created.body.data.id, { reject: '超出售后期限' });
    expect((await list(buyer)).body.data.list.map((m) => m.title)).toEqual(['售后申请未通过']);
  });

  it('a registration review decision in the console writes a system message; rejecting needs a reason', async () => {
    const pending = await insertBuyer(t.db, 'pending', t.clock.now());
    const { cookie } = await roleOperator(t, 'reviewer');
    const approve = (companyId: number) => t.call('POST', `/api/admin/companies/${companyId}/approve`, { cookie });
    const reject = (companyId: number, body: Record<string, unknown>) =>
      t.call('POST', `/api/admin/companies/${companyId}/reject`, { cookie, body: body as never });

    const noReason = await reject(pending.companyId, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.msg).toBe('请填写驳回原因');

    const rejected = await reject(pending.companyId, { reason: '营业执照图片不清晰' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ review_status: 'rejected', review_note: '营业执照图片不清晰' });
    const [msg] = (await list(pending)).body.data.list;
    expect(msg).toMatchObject({ kind: 'system', title: '资质审核未通过', is_read: 0 });
    expect(msg.body).toContain('原因：营业执照图片不清晰');

    // Not pending any more: no second decision, no second message.
    expect((await approve(pending.companyId)).status).toBe(409);
    await t.db.update(companies).set({ reviewStatus: 'pending' }).where(eq(companies.id, pending.companyId));
    expect((await approve(pending.companyId)).body.data.review_status).toBe('approved');
    expect((await list(pending)).body.data.list.map((m) => m.title)).toEqual(['资质审核通过', '资质审核未通过']);
    expect((await approve(999_999)).status).toBe(404);
  });
});
