// The ERP's order feed and moves (issue 34 §1, orders:read / orders:write), at the service layer the
// integration routes call: the cursor feed under concurrent checkouts never skips or repeats an
// order; a transaction still in flight cannot commit a position behind a reader's cursor
// (PostgreSQL: two real connections); acknowledgements; and the ERP's ship and cancel moves have
// exactly the console's effects, 接单/拣货 are history notes. Runs on PGlite and, when
// TEST_DATABASE_URL is set, also on that PostgreSQL database (its schema is reset first):
//   TEST_DATABASE_URL=postgres://shop:shop@localhost:5432/shop_test npx vitest run tests/api/erp-order-feed.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { roleOperator } from '../helpers/operators.ts';
import { createShop, type Shop } from '../fixtures/checkout.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import {
  auditLog,
  goodsBatches,
  messages,
  orders,
  payments,
  shipments,
  traceCodes,
  walletLedger,
} from '../../server/db/schema.ts';
import { acknowledgeOrders, orderFeed, type FeedOrder } from '../../server/services/erp-orders/feed.ts';
import { erpOrderMove } from '../../server/services/erp-orders/moves.ts';
import type { Actor } from '../../server/services/admin/audit.ts';
import type { OrderDetail } from '../../src/domain/orders.ts';

const backends: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) backends.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

describe.each(backends)('order feed on %s', (name, databaseUrl) => {
  let t: TestApp;
  let shop: Shop;
  let actor: Actor;

  beforeAll(async () => {
    t = await createTestApp({ databaseUrl });
    shop = await createShop(t);
    actor = (await roleOperator(t, 'warehouse')).actor;
  });
  afterAll(() => t.close());

  /** Every page after `cursor` until the feed is empty. */
  async function drain(cursor: number, limit: number, into: FeedOrder[]): Promise<number> {
    for (;;) {
      const page = await orderFeed(t.db, cursor, limit);
      into.push(...page.orders);
      if (page.orders.length === 0) return cursor;
      cursor = page.next_cursor;
    }
  }
  const headOf = async () => drain(0, 500, []);

  it('concurrent checkouts while the ERP pages the feed: every new order exactly once, positions increasing', async () => {
    const start = await headOf();
    const g = await shop.goods({ name: '板蓝根颗粒', basePrice: 1_500, stock: 10_000 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => shop.buyer()));
    const carts = await Promise.all(buyers.map((b) => shop.fill(b, [[g, 2]])));
    const seen: FeedOrder[] = [];
    let placing = true;
    // The reader pages (3 at a time) the whole time the checkouts run, then drains what is left.
    const reader = (async () => {
      let cursor = start;
      while (placing) cursor = await drain(cursor, 3, seen);
      await drain(cursor, 3, seen);
    })();
    const placed = await Promise.all(buyers.map((b, i) => shop.order(b, carts[i]!)));
    placing = false;
    await reader;
    expect(placed.map((r) => r.status)).toEqual(buyers.map(() => 200));
    const made = placed.map((r) => r.body.data.order_id as number).sort((a, b) => a - b);
    const ids = seen.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(made);
    const seqs = seen.map((o) => o.change_seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    // The lines carry the ERP's goods code and the prices.
    expect(seen[0]!.lines).toEqual([
      expect.objectContaining({
        external_code: expect.any(String),
        number: 2,
        price: expect.any(Number),
        trace_codes: [],
      }),
    ]);
  });

  it.skipIf(name !== 'PostgreSQL')(
    'a transaction still in flight commits its change after the reader’s cursor, never behind it',
    async () => {
      const b = await shop.buyer();
      const g = await shop.goods({ name: '维C银翘片', basePrice: 900, stock: 100 });
      const x = await insertOrder(t.db, b, {
        status: 'paid',
        lines: [{ goodsId: g, warehouseId: shop.cat.warehouseId, number: 1, price: 900 }],
      });
      const y = await insertOrder(t.db, b, {
        status: 'paid',
        lines: [{ goodsId: g, warehouseId: shop.cat.warehouseId, number: 1, price: 900 }],
      });
      const cursor = await headOf();
      // Two connections of the test database's own pool (its scratch database).
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const [slow, fast] = await Promise.all([pool.connect(), pool.connect()]);
      try {
        // X is changed first (a sequence default would give it the smaller number now) but commits last.
        await slow.query('BEGIN');
        await slow.query("UPDATE orders SET remark = 'slow' WHERE id = $1", [x.id]);
        await fast.query('BEGIN');
        await fast.query("UPDATE orders SET remark = 'fast' WHERE id = $1", [y.id]);
        await fast.query('COMMIT');
        const first: FeedOrder[] = [];
        const after = await drain(cursor, 10, first);
        expect(first.map((o) => o.id)).toEqual([y.id]);
        await slow.query('COMMIT');
        const second: FeedOrder[] = [];
        await drain(after, 10, second);
        expect(second.map((o) => o.id)).toEqual([x.id]);
        expect(second[0]!.change_seq).toBeGreaterThan(first[0]!.change_seq);
      } finally {
        slow.release();
        fast.release();
      }
    },
  );

  it('acknowledging records the position without moving the order; a later change brings it back unacknowledged', async () => {
    const b = await shop.buyer();
    const g = await shop.goods({ name: '藿香正气水', basePrice: 600, stock: 100 });
    await t.db.insert(goodsBatches).values({ goodsId: g, batchNo: 'H2501', expiresOn: '2027-03-31' });
    const o = await insertOrder(t.db, b, {
      status: 'paid',
      lines: [{ goodsId: g, warehouseId: shop.cat.warehouseId, number: 1, price: 600 }],
    });
    const before = await headOf();
    const [row] = await t.db.select({ seq: orders.changeSeq }).from(orders).where(eq(orders.id, o.id));
    const results = await acknowledgeOrders(t.db, [
      { id: o.id, change_seq: row!.seq },
      { id: 999_999, change_seq: 1 },
      { id: o.id, change_seq: row!.seq + 50 },
    ]);
    expect(results).toEqual([
      { id: o.id, ok: true },
      { id: 999_999, ok: false, error: '订单不存在' },
      { id: o.id, ok: false, error: `订单没有变更序号${row!.seq + 50}（当前为${row!.seq}）` },
    ]);
    expect(await headOf()).toBe(before);
    const page = await orderFeed(t.db, row!.seq - 1, 1);
    expect(page.orders[0]).toMatchObject({ id: o.id, acknowledged: true });

    await erpOrderMove(t.db, t.deps.config, actor, o.id, { move: 'accepted' }, t.clock.now());
    const moved: FeedOrder[] = [];
    await drain(before, 10, moved);
    expect(moved.map((m) => [m.id, m.acknowledged])).toEqual([[o.id, false]]);
  });
});

describe('the ERP’s moves = the console’s moves', () => {
  let t: TestApp;
  let shop: Shop;
  let actor: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t);
    actor = (await roleOperator(t, 'warehouse')).actor;
    g = await shop.goods({ name: '复方丹参片', basePrice: 1_000, stock: 100 });
  });
  afterAll(() => t.close());

  const paid = async () => {
    const b = await shop.buyer();
    const o = await insertOrder(t.db, b, {
      status: 'paid',
      lines: [{ goodsId: g, warehouseId: shop.cat.warehouseId, number: 2, price: 1_000 }],
    });
    return { b, o };
  };
  const detail = async (b: { cookie: string }, id: number) =>
    (await t.call<OrderDetail>('GET', `/api/order/${id}`, { cookie: b.cookie })).body.data;
  const A = '84000000000000011234';
  const B = '84000000000000021234';

  it('接单 and 拣货 are notes in the buyer’s 订单进度 while the order stays 待发货; repeats change nothing', async () => {
    const { b, o } = await paid();
    expect(await erpOrderMove(t.db, t.deps.config, actor, o.id, { move: 'accepted' }, t.clock.now())).toEqual({
      order_id: o.id,
      status: 'paid',
      changed: true,
    });
    expect(await erpOrderMove(t.db, t.deps.config, actor, o.id, { move: 'accepted' }, t.clock.now())).toEqual({
      order_id: o.id,
      status: 'paid',
      changed: false,
    });
    await erpOrderMove(t.db, t.deps.config, actor, o.id, { move: 'picked' }, t.clock.now());
    const d = await detail(b, o.id);
    expect(d.status).toBe('paid');
    expect(d.history.map((h) => h.text).slice(-2)).toEqual(['仓库已接单，正在备货', '仓库已拣货，等待发货']);
  });

  it('shipped with a batch the shop does not know, its 效期 and a 追溯码 per box: the console ship’s effects, shown to the buyer; a repeat changes nothing', async () => {
    const { b, o } = await paid();
    const ship = {
      move: 'shipped' as const,
      carrier: '京东物流',
      trackingNo: 'JD0001234567',
      lines: [{ order_line_id: o.lineIds[0]!, batch_no: 'ERP2507', expires_on: '2028-01-31', trace_codes: [A, B] }],
    };
    expect(await erpOrderMove(t.db, t.deps.config, actor, o.id, ship, t.clock.now())).toEqual({
      order_id: o.id,
      status: 'shipped',
      changed: true,
    });
    const d = await detail(b, o.id);
    expect(d.status).toBe('shipped');
    expect(d.logistics).toEqual([expect.objectContaining({ carrier: '京东物流', tracking_no: 'JD0001234567' })]);
    expect(d.lines[0]).toMatchObject({ batch_no: 'ERP2507', expires_on: '2028-01-31', trace_codes: [A, B] });
    const msgs = await t.db.select().from(messages).where(eq(messages.companyId, b.companyId));
    expect(msgs).toEqual([
      expect.objectContaining({
        kind: 'order',
        title: '订单已发货',
        body: `您的订单${o.orderNo}已发货，京东物流，运单号JD0001234567，请注意查收。`,
      }),
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.ship'), eq(auditLog.targetId, o.id)));
    expect(audits).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ status: 'shipped', source: 'erp', trace_codes: 2 }) }),
    ]);
    expect((await t.db.select().from(traceCodes).where(eq(traceCodes.orderId, o.id))).map((r) => r.source)).toEqual([
      'erp',
      'erp',
    ]);

    expect(await erpOrderMove(t.db, t.deps.config, actor, o.id, ship, t.clock.now())).toEqual({
      order_id: o.id,
      status: 'shipped',
      changed: false,
    });
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(1);
    // The same box on another order is refused by the same rule as the console's.
    const other = await paid();
    await expect(
      erpOrderMove(
        t.db,
        t.deps.config,
        actor,
        other.o.id,
        {
          ...ship,
          trackingNo: 'JD0009999999',
          lines: [{ ...ship.lines[0]!, order_line_id: other.o.lineIds[0]!, trace_codes: [A] }],
        },
        t.clock.now(),
      ),
    ).rejects.toMatchObject({ status: 422, message: `追溯码${A}已发货，同一盒药不能重复发货` });
  });

  it('cancelled with a reason: the console cancel’s message and refund; a repeat changes nothing', async () => {
    const { b, o } = await paid();
    // Paid by 对公转账: the console's cancel gives it back to the balance.
    await t.db.update(orders).set({ paidAmount: o.payAmount, payMethod: 'transfer' }).where(eq(orders.id, o.id));
    await t.db.insert(payments).values({
      orderId: o.id,
      companyId: b.companyId,
      method: 'transfer',
      amount: o.payAmount,
      status: 'succeeded',
      gatewayRef: `transfer:T${o.id}`,
      createdAt: t.clock.now(),
    });
    expect(
      await erpOrderMove(t.db, t.deps.config, actor, o.id, { move: 'cancelled', reason: '库存不足' }, t.clock.now()),
    ).toEqual({ order_id: o.id, status: 'cancelled', changed: true });
    expect((await detail(b, o.id)).status).toBe('cancelled');
    const msgs = await t.db.select().from(messages).where(eq(messages.companyId, b.companyId));
    expect(msgs.map((m) => m.title)).toEqual(['订单已取消']);
    expect(msgs[0]!.body).toBe(
      `您的订单${o.orderNo}已取消，原因：库存不足。¥${(o.payAmount / 100).toFixed(2)}已退回账户余额。`,
    );
    const ledger = await t.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.orderId, o.id), eq(walletLedger.account, 'balance')));
    expect(ledger.map((l) => l.amount)).toEqual([o.payAmount]);
    expect(
      await erpOrderMove(t.db, t.deps.config, actor, o.id, { move: 'cancelled', reason: '库存不足' }, t.clock.now()),
    ).toEqual({ order_id: o.id, status: 'cancelled', changed: false });
  });
});
