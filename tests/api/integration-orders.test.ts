// /api/integration/v1/orders (issue 34 §1) over the signed API: the feed pages by cursor, the
// acknowledgement, the ERP's ship with 追溯码 seen by the buyer, a scope not granted refused, an
// Idempotency-Key replay answered once, and bad input named in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { integrationClient } from '../helpers/integration.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import { auditLog, goods, orders, payments, shipments } from '../../server/db/schema.ts';
import type { ErpClient } from '../../scripts/erp/client.ts';
import { simulateOrders } from '../../scripts/erp/orders.ts';
import type { FeedPage } from '../../server/services/erp-orders/feed.ts';
import type { OrderDetail } from '../../src/domain/orders.ts';

let t: TestApp;
let buyer: Buyer;
let goodsId: number;
let warehouseId: number;
let erp: ErpClient;
let readOnly: ErpClient;

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  warehouseId = cat.warehouseId;
  [goodsId] = await insertGoods(t.db, cat, [{ name: '连花清瘟胶囊' }]);
  await t.db.update(goods).set({ externalCode: 'ERP-LH-001' }).where(eq(goods.id, goodsId!));
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  erp = (await integrationClient(t, ['orders:read', 'orders:write'])).erp;
  readOnly = (await integrationClient(t, ['orders:read'], '只读ERP')).erp;
});
afterAll(() => t.close());

const paid = () =>
  insertOrder(t.db, buyer, { status: 'paid', lines: [{ goodsId, warehouseId, number: 2, price: 2_000 }] });
const CODES = ['85000000000000011234', '85000000000000021234'];

describe('the order feed', () => {
  it('pages by cursor to the end, each order once, with lines carrying the ERP code and price; acknowledges per item', async () => {
    const made = [await paid(), await paid(), await paid()];
    const seen: FeedPage['orders'] = [];
    let cursor = 0;
    for (;;) {
      const res = await erp.get<FeedPage>(`/orders?cursor=${cursor}&limit=2`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.orders);
      cursor = res.body.data.next_cursor;
      if (!res.body.data.has_more) break;
    }
    expect(seen.map((o) => o.id)).toEqual(made.map((o) => o.id));
    expect(seen[0]!.lines).toEqual([
      expect.objectContaining({ goods_id: goodsId, number: 2, price: 2_000, external_code: 'ERP-LH-001' }),
    ]);
    const ack = await erp.post<{ results: unknown[] }>('/orders/ack', {
      orders: [
        { id: seen[0]!.id, change_seq: seen[0]!.change_seq },
        { id: 987_654, change_seq: 1 },
      ],
    });
    expect(ack.status).toBe(200);
    expect(ack.body.data.results).toEqual([
      { id: seen[0]!.id, ok: true },
      { id: 987_654, ok: false, error: '订单不存在' },
    ]);
    const empty = await erp.get<FeedPage>(`/orders?cursor=${cursor}`);
    expect(empty.body.data).toEqual({ orders: [], next_cursor: cursor, has_more: false });
  });

  it('refuses a bad cursor or limit with a Chinese message', async () => {
    const res = await erp.get('/orders?cursor=-1&limit=9999');
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('游标无效');
  });
});

describe('the ERP ships', () => {
  it('with batch, 效期 and 追溯码: the buyer sees them; the same Idempotency-Key answers once; a read-only client is refused', async () => {
    const o = await paid();
    const body = {
      carrier: '顺丰速运',
      tracking_no: 'SF5550001111',
      lines: [{ order_line_id: o.lineIds[0], batch_no: 'E2511', expires_on: '2028-05-31', trace_codes: CODES }],
    };
    const refused = await readOnly.post(`/orders/${o.id}/ship`, body);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('该对接凭证未获授权：orders:write');

    const res = await erp.post(`/orders/${o.id}/ship`, body, { idempotencyKey: `ship-${o.id}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ order_id: o.id, status: 'shipped', changed: true });
    const replay = await erp.post(`/orders/${o.id}/ship`, body, { idempotencyKey: `ship-${o.id}` });
    expect(replay.body.data).toEqual({ order_id: o.id, status: 'shipped', changed: true });
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(1);

    const mine = await t.call<OrderDetail>('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(mine.body.data.status).toBe('shipped');
    expect(mine.body.data.lines[0]).toMatchObject({ batch_no: 'E2511', expires_on: '2028-05-31', trace_codes: CODES });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.ship'));
    expect(audit!.staffName).toBe('ERP对接：测试ERP');
  });

  it('a malformed code is named and nothing ships', async () => {
    const o = await paid();
    const res = await erp.post(`/orders/${o.id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550002222',
      lines: [{ order_line_id: o.lineIds[0], batch_no: 'E2511', expires_on: '2028-05-31', trace_codes: ['12345'] }],
    });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('追溯码12345格式不正确：应为20位数字（当前5位）');
    const mine = await t.call<OrderDetail>('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(mine.body.data.status).toBe('paid');
  });

  it('accept, pick and cancel with a reason', async () => {
    const o = await paid();
    expect((await erp.post(`/orders/${o.id}/accept`, {})).body.data).toEqual({
      order_id: o.id,
      status: 'paid',
      changed: true,
    });
    const pick = await erp.post(`/orders/${o.id}/pick`, {});
    expect([pick.status, pick.body.msg]).toEqual([200, 'ok']);
    expect(pick.body.data).toEqual({ order_id: o.id, status: 'paid', changed: true });
    // Paid by 对公转账 (given back to the balance on cancel).
    await t.db.update(orders).set({ paidAmount: o.payAmount, payMethod: 'transfer' }).where(eq(orders.id, o.id));
    await t.db.insert(payments).values({
      orderId: o.id,
      companyId: buyer.companyId,
      method: 'transfer',
      amount: o.payAmount,
      status: 'succeeded',
      gatewayRef: `transfer:T${o.id}`,
      createdAt: t.clock.now(),
    });
    const noReason = await erp.post(`/orders/${o.id}/cancel`, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.msg).toBe('请填写取消原因');
    expect((await erp.post(`/orders/${o.id}/cancel`, { reason: '客户要求取消' })).body.data).toEqual({
      order_id: o.id,
      status: 'cancelled',
      changed: true,
    });
    // A move the order's state no longer allows: 409 with its own reason.
    const late = await erp.post(`/orders/${o.id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550003333',
      lines: [{ order_line_id: o.lineIds[0], batch_no: 'E2511' }],
    });
    expect([late.status, late.body.msg, late.body.data]).toEqual([
      409,
      '订单不在待发货状态，不能发货',
      { reason: 'order_state' },
    ]);
  });
});

describe('the OpenAPI description', () => {
  it('documents every orders route with its schemas', async () => {
    const res = await t.app.request('/api/integration/v1/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => `${m.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        'GET /api/integration/v1/orders orderFeed',
        'POST /api/integration/v1/orders/ack acknowledgeOrders',
        'POST /api/integration/v1/orders/{id}/accept acceptOrder',
        'POST /api/integration/v1/orders/{id}/pick pickOrder',
        'POST /api/integration/v1/orders/{id}/ship shipOrder',
        'POST /api/integration/v1/orders/{id}/cancel cancelOrder',
      ]),
    );
  });
});

describe('npm run erp:simulate’s orders part', () => {
  it('pulls the feed, acknowledges and ships each 待发货 order with one 追溯码 per unit', async () => {
    const o = await paid();
    const stop = new AbortController();
    let gets = 0;
    // Stops after the first page answered (the second read of the feed ends the run).
    const client = new Proxy(erp, {
      get(target, prop, receiver) {
        if (prop === 'get')
          return (path: string) => {
            gets += 1;
            if (gets > 1) stop.abort();
            return target.get(path);
          };
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const run = await simulateOrders(client, stop.signal);
    expect(run.shipped).toBeGreaterThanOrEqual(1);
    const mine = await t.call<OrderDetail>('GET', `/api/order/${o.id}`, { cookie: buyer.cookie });
    expect(mine.body.data.status).toBe('shipped');
    expect(mine.body.data.lines[0]!.trace_codes).toHaveLength(2);
    expect(mine.body.data.history.map((h) => h.text)).toEqual(
      expect.arrayContaining(['仓库已接单，正在备货', '仓库已拣货，等待发货']),
    );
  });
});
