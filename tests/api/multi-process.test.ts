// Several app processes on one PostgreSQL (docs/operations.md "Several processes"): two real
// server processes, A and B, on a database of this file's own, talked to over HTTP. Whatever one
// process knows, the other must know too — sessions, Idempotency-Keys, rate limits, uploads, stock —
// and the order-expiry sweeper running in both releases each order once. Also SIGTERM: a checkout
// in flight is finished (or, past the drain bound, rolled back), never half written.
// Runs only with TEST_DATABASE_URL (CI provides it, as for tests/api/concurrency.test.ts):
//   TEST_DATABASE_URL=postgres://shopci:shopci@localhost:5432/shop_ops npx vitest run tests/api/multi-process.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../../server/db/client.ts';
import { idempotencyKeys, orderLines, orderStatusHistory, orders } from '../../server/db/schema.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { createMember } from '../helpers/accounts.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.ts';
import { spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { call, createClock, overHttp, type CallOptions, type CallResult } from '../helpers/test-app.ts';
import type { CheckoutResult } from '../../src/domain/orders.ts';
import type { FormObject } from '../../src/http/form-body.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 7, 7, 7]);

/** Resolves once `check` holds (polls; the test's own timeout bounds it). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let opened: OpenedDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let shop: Shop;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in CallResult
  const on = <T = any>(p: ServerProcess, method: string, urlPath: string, opts?: CallOptions): Promise<CallResult<T>> =>
    call<T>(overHttp(p.url), method, urlPath, opts);

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'shop_multi');
    // Both start at once on the empty database: migrations and the demo seed run exactly once.
    const env = { DATABASE_URL: scratch.url, ORDER_EXPIRY_SWEEP_MS: '100', DATABASE_POOL_SIZE: '5' };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    opened = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    shop = await createShop({ db: opened.db, clock: createClock(new Date()), call: (m, u, o) => on(a, m, u, o) });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await opened?.close();
    await scratch?.drop();
  });

  /** Cart lines through A, and the checkout body at the amount the preview shows. */
  async function ready(buyer: ShopBuyer, lines: [number, number][]): Promise<FormObject> {
    const ids = await shop.fill(buyer, lines);
    const pre = await shop.preview(buyer, ids, { coupon_id: 0, voucher_id: 0 });
    expect(pre.status).toBe(200);
    return {
      ids,
      coupon_id: 0,
      voucher_id: 0,
      address_id: buyer.addressId,
      expected_pay_amount: pre.body.data.amounts.pay_amount,
      new: 1,
    };
  }
  const place = (p: ServerProcess, buyer: ShopBuyer, body: FormObject, headers?: Record<string, string>) =>
    on<CheckoutResult>(p, 'POST', '/api/cart/checkout', { body, cookie: buyer.cookie, headers });

  it('starting together, they migrate and seed the demo data once', () => {
    const seeded = [a, b].filter((p) => p.output().includes('seeding demo data'));
    expect(seeded).toHaveLength(1);
  });

  it('a session made on one is valid on the other, and signing out on one ends it on both', async () => {
    const login = await on(a, 'POST', '/api/user/login', { body: { username: 'demo', password: 'demo1234' } });
    expect(login.status).toBe(200);
    const cookie = login.cookie!;
    expect((await on(b, 'GET', '/api/user/base', { cookie })).status).toBe(200);
    expect((await on(b, 'DELETE', '/api/user/logout', { cookie })).status).toBe(200);
    expect((await on(a, 'GET', '/api/user/base', { cookie })).status).toBe(401);
    expect((await on(b, 'GET', '/api/user/base', { cookie })).status).toBe(401);
  });

  it('an Idempotency-Key replays across processes, and a request still running on one gets 409 on the other', async () => {
    const buyer = await shop.buyer();
    const g = await shop.goods({ name: '跨进程口罩', basePrice: 1_000, stock: 50 });
    const add = {
      body: { params: [{ goods_id: g, number: 2 }] },
      cookie: buyer.cookie,
      headers: { 'Idempotency-Key': `cart-${g}` },
    };
    const first = await on(a, 'POST', '/api/cart', add);
    expect(first.status).toBe(200);
    const again = await on(b, 'POST', '/api/cart', add);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.data).toEqual(first.body.data);

    const ids = first.body.data.lines as number[];
    const pre = await shop.preview(buyer, ids, { coupon_id: 0, voucher_id: 0 });
    const body = {
      ids,
      coupon_id: 0,
      voucher_id: 0,
      address_id: buyer.addressId,
      expected_pay_amount: pre.body.data.amounts.pay_amount,
      new: 1,
    };
    const key = { 'Idempotency-Key': `checkout-${g}` };
    // The test holds the goods row, so A's checkout waits inside its transaction, key claimed.
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM goods WHERE id = $1 FOR UPDATE', [g]);
      const running = place(a, buyer, body, key);
      await until(
        async () =>
          (await opened.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key['Idempotency-Key'])))
            .length === 1,
      );
      const busy = await place(b, buyer, body, key);
      expect(busy.status).toBe(409);
      expect(busy.body.msg).toBe('请求处理中，请稍候');
      await holder.query('COMMIT');
      const placed = await running;
      expect(placed.status).toBe(200);
      const replay = await place(b, buyer, body, key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body.data).toEqual(placed.body.data);
      expect(await opened.db.select().from(orders).where(eq(orders.companyId, buyer.companyId))).toHaveLength(1);
    } finally {
      await holder.end();
    }
  });

  it('login and SMS limits count requests on both processes together', async () => {
    await createMember(opened.db, { username: 'limit_member' });
    for (let i = 0; i < 5; i++) {
      const wrong = await on(i % 2 ? b : a, 'POST', '/api/user/login', {
        body: { username: 'limit_member', password: 'wrong-password' },
      });
      expect(wrong.status).toBe(400);
    }
    const locked = await on(b, 'POST', '/api/user/login', { body: { username: 'limit_member', password: 'demo1234' } });
    expect(locked.status).toBe(429);

    const phone = { purpose: 'register', phone: '13912345678' };
    expect((await on(a, 'POST', '/api/user/create_code', { body: phone })).status).toBe(200);
    const second = await on(b, 'POST', '/api/user/create_code', { body: phone });
    expect(second.status).toBe(429);
    expect(second.body.msg).toBe('验证码发送过于频繁，请60秒后再试');
  });

  it('a burst of 40 wrong passwords over both processes at once gets 5 checked, the rest 429', async () => {
    await createMember(opened.db, { username: 'burst_member' });
    const rs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        on(i % 2 ? b : a, 'POST', '/api/user/login', {
          body: { username: 'burst_member', password: 'wrong-password' },
        }),
      ),
    );
    expect(rs.filter((r) => r.status === 400)).toHaveLength(5);
    expect(rs.filter((r) => r.status === 429)).toHaveLength(35);
  });

  it('the sweepers of both processes release each expired order exactly once', async () => {
    const g = await shop.goods({ name: '过期测试药', basePrice: 1_000, stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shop.buyer()));
    const ids: number[] = [];
    for (const buyer of buyers) {
      const res = await place(a, buyer, await ready(buyer, [[g, 5]]));
      expect(res.status).toBe(200);
      ids.push(res.body.data.order_id);
    }
    expect(await shop.stockOf(g)).toBe(70);
    await opened.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(inArray(orders.id, ids));
    await until(
      async () =>
        (
          await opened.db
            .select()
            .from(orders)
            .where(and(inArray(orders.id, ids), eq(orders.status, 'cancelled')))
        ).length === ids.length,
    );
    expect(await shop.stockOf(g)).toBe(100);
    const [cancels] = await opened.db
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, ids), eq(orderStatusHistory.toStatus, 'cancelled')));
    expect(cancels.n).toBe(ids.length);
  });

  it('a photo uploaded through one process is served by the other', async () => {
    const buyer = await shop.buyer();
    const g = await shop.goods({ name: '售后测试药', basePrice: 1_000, stock: 10 });
    const placed = await place(a, buyer, await ready(buyer, [[g, 2]]));
    expect(placed.status).toBe(200);
    const orderId: number = placed.body.data.order_id;
    await opened.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, orderId));
    const [line] = await opened.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const form = new FormData();
    form.append('kind', 'return');
    form.append('reason', '破损');
    form.append('lines[0][order_line_id]', String(line.id));
    form.append('lines[0][number]', '1');
    form.append('photos[]', new Blob([PNG]), 'p.png');
    const applied = await on(a, 'POST', `/api/order/${orderId}/after_sale`, { form, cookie: buyer.cookie });
    expect(applied.status).toBe(200);
    const [url] = applied.body.data.photos as string[];
    const served = await fetch(`${b.url}${url}`, { headers: { cookie: buyer.cookie } });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('two buyers racing for the last units through different processes never oversell', async () => {
    for (let round = 0; round < 4; round++) {
      const g = await shop.goods({ name: `紧俏体温计${round}`, basePrice: 1_000, stock: 3 });
      const x = await shop.buyer();
      const y = await shop.buyer();
      const [bodyX, bodyY] = await Promise.all([ready(x, [[g, 3]]), ready(y, [[g, 2]])]);
      const rs = await Promise.all([place(a, x, bodyX), place(b, y, bodyY)]);
      expect(rs.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(rs.find((r) => r.status === 400)!.body.msg).toBe(`紧俏体温计${round}：库存不足`);
      expect(await shop.stockOf(g)).toBe(rs[0].status === 200 ? 0 : 1);
      expect(
        await opened.db
          .select()
          .from(orders)
          .where(inArray(orders.companyId, [x.companyId, y.companyId])),
      ).toHaveLength(1);
    }
  });

  describe('SIGTERM during a checkout', () => {
    /** Starts a third process, holds the goods row, sends a checkout to it and SIGTERM behind it. */
    async function checkoutThenSigterm(extraEnv: Record<string, string>, holdMs: number) {
      const c = await spawnServer({ DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '3', ...extraEnv });
      const buyer = await shop.buyer();
      const g = await shop.goods({ name: '停机测试药', basePrice: 1_000, stock: 10 });
      const body = await ready(buyer, [[g, 4]]);
      const holder = new pg.Client({ connectionString: scratch.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM goods WHERE id = $1 FOR UPDATE', [g]);
        const running = place(c, buyer, body).catch((err: unknown) => err);
        // The checkout is inside its transaction once it waits for the held row.
        await until(async () => {
          const r = await holder.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          return (r.rows[0] as { n: number }).n > 0;
        });
        c.child.kill('SIGTERM');
        // The process stops taking connections while the checkout still waits.
        await until(
          async () =>
            !(await fetch(`${c.url}/api/health`).then(
              () => true,
              () => false,
            )),
        );
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        await holder.query('COMMIT');
        const answer = await running;
        const code = await c.exited;
        const made = await opened.db.select().from(orders).where(eq(orders.companyId, buyer.companyId));
        const lines = made.length
          ? await opened.db.select().from(orderLines).where(eq(orderLines.orderId, made[0].id))
          : [];
        return { answer, code, made, lines, stock: await shop.stockOf(g) };
      } finally {
        await holder.end();
        await c.stop('SIGKILL');
      }
    }

    it('a checkout in flight is finished, whole, before the process exits', async () => {
      const r = await checkoutThenSigterm({}, 0);
      expect(r.answer).toMatchObject({ status: 200 });
      expect(r.code).toBe(0);
      expect(r.made).toHaveLength(1);
      expect(r.lines.map((l) => l.number)).toEqual([4]);
      expect(r.stock).toBe(6);
    });

    it('past SHUTDOWN_TIMEOUT_MS the checkout is cut off and leaves no order and no stock taken', async () => {
      // Cut off at 200 ms, the process exits 2 s later while the checkout still waits for the row.
      const r = await checkoutThenSigterm({ SHUTDOWN_TIMEOUT_MS: '200' }, 3_000);
      expect(r.answer).toBeInstanceOf(Error);
      expect(r.code).toBe(1);
      expect(r.made).toHaveLength(0);
      expect(r.stock).toBe(10);
    });
  });
});
