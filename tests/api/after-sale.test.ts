// After-sales: POST /api/order/{id}/after_sale (multipart with photos, or form), the list and the
// detail, photos at /api/upload/{id}, the operator steps through the console's /api/admin/after_sales (tests/api/admin-orders.test.ts covers them in full), and
// another company's orders and requests (404, nothing changes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { consoleAfterSaleStep } from '../helpers/operators.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { insertOrder, type InsertedOrder, type OrderLineSpec } from '../fixtures/aftersale-orders.ts';
import {
  afterSales,
  companies,
  orderLines,
  orderStatusHistory,
  orders,
  uploads,
  walletLedger,
  wallets,
} from '../../server/db/schema.ts';
import type { AfterSale } from '../../src/domain/orders.ts';
import type { Page } from '../../src/domain/envelope.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = new Uint8Array(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [36, 0, 0, 0],
      [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
    ),
);
const GIF = new Uint8Array([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([1, 0, 1, 0]));
const DAY = 24 * 3600_000;

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let goodsA: number;
let goodsB: number;
let warehouseId: number;

const lines = (a = 10, b = 5): OrderLineSpec[] => [
  { goodsId: goodsA, warehouseId, number: a, price: 1250, name: '阿莫西林胶囊' },
  { goodsId: goodsB, warehouseId, number: b, price: 3000, name: '感冒灵颗粒' },
];

interface Req {
  kind?: string;
  reason?: string;
  description?: string;
  lines?: { order_line_id: number | string; number: number | string }[];
  photos?: Uint8Array[];
}

function form(r: Req): FormData {
  const f = new FormData();
  if (r.kind !== undefined) f.append('kind', r.kind);
  if (r.reason !== undefined) f.append('reason', r.reason);
  if (r.description !== undefined) f.append('description', r.description);
  (r.lines ?? []).forEach((l, i) => {
    f.append(`lines[${i}][order_line_id]`, String(l.order_line_id));
    f.append(`lines[${i}][number]`, String(l.number));
  });
  for (const [i, p] of (r.photos ?? []).entries()) f.append('photos[]', new Blob([new Uint8Array(p)]), `p${i}.jpg`);
  return f;
}

const apply = (b: Buyer, orderId: number, r: Req) =>
  // Untyped: a refusal's data is { errors }, a success's is an AfterSale.
  t.call('POST', `/api/order/${orderId}/after_sale`, { form: form(r), cookie: b.cookie });
const advance = (id: number, opts: { reject?: string } = {}) => consoleAfterSaleStep(t, id, opts);
const orderStatus = async (id: number) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
const afterSaleCount = async () => (await t.db.select({ n: count() }).from(afterSales))[0].n;
const uploadCount = async () => (await t.db.select({ n: count() }).from(uploads))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  warehouseId = cat.warehouseId;
  [goodsA, goodsB] = await insertGoods(t.db, cat, [{ name: '阿莫西林胶囊' }, { name: '感冒灵颗粒' }]);
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'approved', t.clock.now());
});
afterAll(() => t.close());

describe('POST /api/order/{id}/after_sale', () => {
  let shipped: InsertedOrder;
  let created: AfterSale;

  beforeAll(async () => {
    shipped = await insertOrder(t.db, buyer, { status: 'shipped', lines: lines() });
  });

  it('creates a return with photos, prices it and puts the order in after_sale', async () => {
    const res = await apply(buyer, shipped.id, {
      kind: 'return',
      reason: '破损',
      description: '外箱压坏，3盒破损',
      lines: [{ order_line_id: shipped.lineIds[0], number: 3 }],
      photos: [PNG, JPEG, WEBP],
    });
    expect(res.status).toBe(200);
    created = res.body.data;
    expect(created).toMatchObject({
      order_id: shipped.id,
      order_no: shipped.orderNo,
      kind: 'return',
      reason: '破损',
      description: '外箱压坏，3盒破损',
      lines: [{ order_line_id: shipped.lineIds[0], name: '阿莫西林胶囊', number: 3, price: 1250 }],
      amount: 3750,
      status: 'submitted',
      created_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    expect(created.photos).toHaveLength(3);
    for (const url of created.photos) expect(url).toMatch(/^\/api\/upload\/\d+$/);
    expect(created.history).toEqual([{ time: created.created_at, text: '提交退货退款申请：破损' }]);

    expect(await orderStatus(shipped.id)).toBe('after_sale');
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, shipped.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'shipped', toStatus: 'after_sale', actor: 'buyer' });
  });

  it('serves the photos to the owner only, typed by their bytes', async () => {
    const res = await t.app.request(created.photos[0], { headers: { cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('private');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    const webp = await t.app.request(created.photos[2], { headers: { cookie: buyer.cookie } });
    expect(webp.headers.get('content-type')).toBe('image/webp');

    const foreign = await t.call('GET', created.photos[0], { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await t.call('GET', created.photos[0])).status).toBe(401);
  });

  it('counts units already claimed by open requests and refuses more than remain (422)', async () => {
    const over = await apply(buyer, shipped.id, {
      kind: 'refund',
      reason: '质量问题',
      lines: [{ order_line_id: shipped.lineIds[0], number: 8 }],
    });
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe('阿莫西林胶囊：最多可申请7件');
    expect(over.body.data.errors['lines.0.number']).toEqual(['阿莫西林胶囊：最多可申请7件']);

    // The order is already in after_sale; another request on what remains is still accepted.
    const rest = await apply(buyer, shipped.id, {
      kind: 'exchange',
      reason: '发错货',
      lines: [
        { order_line_id: shipped.lineIds[0], number: 7 },
        { order_line_id: shipped.lineIds[1], number: 1 },
      ],
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.amount).toBe(0);

    const none = await apply(buyer, shipped.id, {
      kind: 'refund',
      reason: '质量问题',
      lines: [{ order_line_id: shipped.lineIds[0], number: 1 }],
    });
    expect(none.status).toBe(422);
    expect(none.body.msg).toBe('阿莫西林胶囊：已无可申请售后的数量');
  });

  it('refuses lines of another order, duplicates, bad photos and bad fields with Chinese messages', async () => {
    const elsewhere = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const before = await afterSaleCount();
    const uploadsBefore = await uploadCount();
    const base = { kind: 'return', reason: '破损', lines: [{ order_line_id: elsewhere.lineIds[0], number: 1 }] };
    const cases: [Req, string, string][] = [
      [
        { ...base, lines: [{ order_line_id: shipped.lineIds[1], number: 1 }] },
        'lines.0.order_line_id',
        '售后商品不属于该订单',
      ],
      [
        {
          ...base,
          lines: [
            { order_line_id: elsewhere.lineIds[0], number: 1 },
            { order_line_id: elsewhere.lineIds[0], number: 1 },
          ],
        },
        'lines.1.order_line_id',
        '售后商品重复',
      ],
      [{ ...base, photos: [PNG, GIF] }, 'photos', '图片仅支持JPG、PNG、WEBP格式'],
      [
        { ...base, photos: [new TextEncoder().encode('<html><script>alert(1)</script>')] },
        'photos',
        '图片仅支持JPG、PNG、WEBP格式',
      ],
      [{ ...base, photos: Array.from({ length: 7 }, () => PNG) }, 'photos', '最多上传6张图片'],
      [{ ...base, kind: 'steal' }, 'kind', '请选择售后类型'],
      [{ ...base, kind: undefined }, 'kind', '请选择售后类型'],
      [{ ...base, reason: '不想要了' }, 'reason', '请选择售后原因'],
      [{ ...base, reason: '其他' }, 'description', '请填写问题描述'],
      [{ ...base, description: '字'.repeat(501) }, 'description', '问题描述最多500个字符'],
      [{ ...base, lines: [] }, 'lines', '请选择售后商品'],
      [
        { ...base, lines: [{ order_line_id: elsewhere.lineIds[0], number: 0 }] },
        'lines.0.number',
        '售后数量须为正整数',
      ],
      [
        { ...base, lines: [{ order_line_id: elsewhere.lineIds[0], number: '1.5' }] },
        'lines.0.number',
        '售后数量须为正整数',
      ],
    ];
    for (const [req, field, msg] of cases) {
      const res = await apply(buyer, elsewhere.id, req);
      expect(res.status, msg).toBe(422);
      expect(res.body.msg).toBe(msg);
      expect(res.body.data.errors[field]?.[0], field).toBe(msg);
    }
    expect(await afterSaleCount()).toBe(before);
    expect(await uploadCount()).toBe(uploadsBefore);
    expect(await orderStatus(elsewhere.id)).toBe('paid');

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const empty = await apply(buyer, elsewhere.id, { ...base, photos: [new Uint8Array(0)] });
    expect(empty.status).toBe(422);
    expect(empty.body.msg).toBe('请上传图片文件');
    const tooBig = await apply(buyer, elsewhere.id, { ...base, photos: [big] });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.msg).toBe('单张图片不能超过5MB');
  });

  it('accepts form and JSON bodies without photos', async () => {
    const paid = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const res = await t.call<AfterSale>('POST', `/api/order/${paid.id}/after_sale`, {
      json: { kind: 'refund', reason: '少发/漏发', lines: [{ order_line_id: paid.lineIds[1], number: 2 }] },
      cookie: buyer.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'refund', amount: 6000, photos: [], description: '' });
  });

  it('only takes paid, shipped and completed orders, completed ones for 30 days', async () => {
    const req: Req = { kind: 'return', reason: '质量问题', lines: [] };
    const now = t.clock.now().getTime();
    for (const status of ['pending_payment', 'awaiting_transfer', 'cancelled'] as const) {
      const o = await insertOrder(t.db, buyer, { status, lines: lines() });
      const res = await apply(buyer, o.id, { ...req, lines: [{ order_line_id: o.lineIds[0], number: 1 }] });
      expect(res.status, status).toBe(400);
      expect(res.body.msg).toBe('该订单当前状态不能申请售后');
    }
    const old = await insertOrder(t.db, buyer, {
      status: 'completed',
      lines: lines(),
      completedAt: new Date(now - 31 * DAY),
    });
    const late = await apply(buyer, old.id, { ...req, lines: [{ order_line_id: old.lineIds[0], number: 1 }] });
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('订单完成已超过30天，无法申请售后');

    const recent = await insertOrder(t.db, buyer, {
      status: 'completed',
      lines: lines(),
      completedAt: new Date(now - 29 * DAY),
    });
    const inTime = await apply(buyer, recent.id, { ...req, lines: [{ order_line_id: recent.lineIds[0], number: 1 }] });
    expect(inTime.status).toBe(200);
  });

  it('is refused to a company without online after-sales', async () => {
    const closed = await insertBuyer(t.db, 'approved', t.clock.now());
    await t.db.update(companies).set({ isAfterSale: false }).where(eq(companies.id, closed.companyId));
    const o = await insertOrder(t.db, closed, { status: 'shipped', lines: lines() });
    const res = await apply(closed, o.id, {
      kind: 'return',
      reason: '破损',
      lines: [{ order_line_id: o.lineIds[0], number: 1 }],
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('您的账户暂未开通在线售后，请联系客服');
  });

  it("answers 404 for another company's order and changes nothing", async () => {
    const before = await afterSaleCount();
    const uploadsBefore = await uploadCount();
    const target = await insertOrder(t.db, buyer, { status: 'shipped', lines: lines() });
    const res = await apply(other, target.id, {
      kind: 'return',
      reason: '破损',
      lines: [{ order_line_id: target.lineIds[0], number: 1 }],
      photos: [PNG],
    });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('订单不存在');
    expect(await afterSaleCount()).toBe(before);
    expect(await uploadCount()).toBe(uploadsBefore);
    expect(await orderStatus(target.id)).toBe('shipped');
    expect(
      (await apply(other, 99_999_999, { kind: 'return', reason: '破损', lines: [{ order_line_id: 1, number: 1 }] }))
        .status,
    ).toBe(404);
    expect((await t.call('POST', `/api/order/${target.id}/after_sale`, { body: { kind: 'return' } })).status).toBe(401);
  });
});

describe('GET /api/after_sale and /api/after_sale/{id}', () => {
  it("lists the company's requests newest first, and shows one with its order, lines and history", async () => {
    const o = await insertOrder(t.db, other, { status: 'paid', lines: lines() });
    t.clock.advance(60_000);
    const first = await apply(other, o.id, {
      kind: 'refund',
      reason: '质量问题',
      lines: [{ order_line_id: o.lineIds[0], number: 1 }],
    });
    t.clock.advance(60_000);
    const second = await apply(other, o.id, {
      kind: 'reissue',
      reason: '少发/漏发',
      lines: [{ order_line_id: o.lineIds[1], number: 1 }],
    });

    const page = await t.call<Page<AfterSale>>('GET', '/api/after_sale?page=1&page_size=1', { cookie: other.cookie });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page.body.data.list.map((a) => a.id)).toEqual([second.body.data.id]);
    const all = await t.call<Page<AfterSale>>('GET', '/api/after_sale', { cookie: other.cookie });
    expect(all.body.data.list.map((a) => a.id)).toEqual([second.body.data.id, first.body.data.id]);

    const one = await t.call<AfterSale>('GET', `/api/after_sale/${first.body.data.id}`, { cookie: other.cookie });
    expect(one.body.data).toMatchObject({
      order_no: o.orderNo,
      lines: [{ name: '阿莫西林胶囊', number: 1, price: 1250 }],
    });

    // Nobody else sees them.
    const mine = await t.call<Page<AfterSale>>('GET', '/api/after_sale', { cookie: buyer.cookie });
    expect(mine.body.data.list.map((a) => a.order_id)).not.toContain(o.id);
    const foreign = await t.call('GET', `/api/after_sale/${first.body.data.id}`, { cookie: buyer.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('售后单不存在');
    expect((await t.call('GET', '/api/after_sale/abc', { cookie: buyer.cookie })).status).toBe(404);
    expect((await t.call('GET', '/api/after_sale')).status).toBe(401);
  });
});

describe("the console's after-sale steps", () => {
  it('walks a return to refunded: wallet credited with a ledger row, units returned, order restored', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'shipped', lines: lines() });
    const req = await apply(buyer, o.id, {
      kind: 'return',
      reason: '近效期',
      lines: [{ order_line_id: o.lineIds[1], number: 2 }],
    });
    const id = req.body.data.id;
    expect(req.body.data.amount).toBe(6000);
    const [walletBefore] = await t.db.select().from(wallets).where(eq(wallets.companyId, buyer.companyId));

    expect((await advance(id)).body.data.status).toBe('approved');
    expect((await advance(id)).body.data.status).toBe('returning');
    const done = await advance(id);
    expect(done.body.data.status).toBe('refunded');
    expect(done.body.data.history.map((h) => h.text)).toEqual([
      '提交退货退款申请：近效期',
      '客服已审核通过您的售后申请，请将商品寄回广州仓，仓库收货后为您退款',
      '仓库已收到您退回的商品，等待退款',
      '退款¥60.00已退回账户余额',
    ]);

    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.companyId, buyer.companyId));
    expect(wallet.balance).toBe((walletBefore?.balance ?? 0) + 6000);
    const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.orderId, o.id));
    expect(ledger).toEqual([
      expect.objectContaining({ account: 'balance', amount: 6000, balanceAfter: wallet.balance, useType: 'refund' }),
    ]);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.id, o.lineIds[1]));
    expect(line.returnedNumber).toBe(2);
    expect(await orderStatus(o.id)).toBe('shipped');

    const again = await advance(id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('售后单当前状态不能进行此操作');

    // Returned units are gone for good: 5 bought − 2 returned = 3 left.
    const over = await apply(buyer, o.id, {
      kind: 'return',
      reason: '破损',
      lines: [{ order_line_id: o.lineIds[1], number: 4 }],
    });
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe('感冒灵颗粒：最多可申请3件');
  });

  it('rejects a request and frees its units; the order leaves after_sale when the last one ends', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const a = await apply(buyer, o.id, {
      kind: 'refund',
      reason: '质量问题',
      lines: [{ order_line_id: o.lineIds[0], number: 10 }],
    });
    const b = await apply(buyer, o.id, {
      kind: 'exchange',
      reason: '发错货',
      lines: [{ order_line_id: o.lineIds[1], number: 1 }],
    });
    const rejected = await advance(a.body.data.id, { reject: '不符合售后条件' });
    expect(rejected.body.data.status).toBe('rejected');
    expect(await orderStatus(o.id)).toBe('after_sale');
    await advance(b.body.data.id);
    expect((await advance(b.body.data.id)).body.data.status).toBe('closed');
    expect(await orderStatus(o.id)).toBe('paid');
    const free = await apply(buyer, o.id, {
      kind: 'refund',
      reason: '质量问题',
      lines: [{ order_line_id: o.lineIds[0], number: 10 }],
    });
    expect(free.status).toBe(200);
  });

  it('closes the order when every unit has been refunded', async () => {
    const o = await insertOrder(t.db, buyer, {
      status: 'paid',
      lines: [{ goodsId: goodsA, warehouseId, number: 2, price: 1000 }],
    });
    const req = await apply(buyer, o.id, {
      kind: 'refund',
      reason: '其他',
      description: '不需要了',
      lines: [{ order_line_id: o.lineIds[0], number: 2 }],
    });
    await advance(req.body.data.id);
    expect((await advance(req.body.data.id)).body.data.status).toBe('refunded');
    expect(await orderStatus(o.id)).toBe('cancelled');
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'after_sale',
      toStatus: 'cancelled',
      note: '商品已全部退款，订单关闭',
    });
  });

  it('never promises back more than the order was paid', async () => {
    const o = await insertOrder(t.db, buyer, {
      status: 'shipped',
      lines: [{ goodsId: goodsA, warehouseId, number: 2, price: 10_000 }],
      couponAmount: 5_000,
    });
    const first = await apply(buyer, o.id, {
      kind: 'refund',
      reason: '质量问题',
      lines: [{ order_line_id: o.lineIds[0], number: 1 }],
    });
    expect(first.body.data.amount).toBe(10_000);
    const second = await apply(buyer, o.id, {
      kind: 'return',
      reason: '质量问题',
      lines: [{ order_line_id: o.lineIds[0], number: 1 }],
    });
    expect(second.body.data.amount).toBe(5_000);
  });

  it('the dev endpoint that stood in for the console is gone', async () => {
    expect((await t.call('POST', '/api/dev/after_sale/1/advance')).status).toBe(404);
  });
});

describe('the /order prefix is shared with the order router', () => {
  it('leaves the order routes answering and shows the request on the order', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    const before = await t.call('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(before.status).toBe(200);
    expect(before.body.data.id).toBe(o.id);
    const res = await apply(buyer, o.id, {
      kind: 'refund',
      reason: '破损',
      lines: [{ order_line_id: o.lineIds[0], number: 1 }],
    });
    expect(res.status).toBe(200);
    const after = await t.call('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(after.body.data.status).toBe('after_sale');
    expect(after.body.data.after_sales).toEqual([{ id: res.body.data.id, kind: 'refund', status: 'submitted' }]);
  });

  it('refuses points-mall orders', async () => {
    const o = await insertOrder(t.db, buyer, { status: 'paid', lines: lines() });
    await t.db.update(orders).set({ kind: 'points' }).where(eq(orders.id, o.id));
    const res = await apply(buyer, o.id, {
      kind: 'refund',
      reason: '破损',
      lines: [{ order_line_id: o.lineIds[0], number: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('积分商城订单不支持在线售后，请联系客服');
  });
});
