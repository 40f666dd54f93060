// SIGTERM during a checkout on the embedded database (server/index.ts runMain): the process
// exits 0 after the drain, and the order is there whole — every line, every unit of stock taken —
// or not at all, never half. The PostgreSQL variant, with the checkout held on a row lock so it is
// surely in flight, is in tests/api/multi-process.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startServer } from '../../server/index.ts';
import { goods, orderLines, orders } from '../../server/db/schema.ts';
import { createShop } from '../fixtures/checkout.ts';
import { spawnServer } from '../helpers/server-process.ts';
import { call, createClock, overHttp } from '../helpers/test-app.ts';
import type { FormObject } from '../../src/http/form-body.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shutdown-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const start = () =>
  startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    seedGoods: 30,
    nodeEnv: 'test',
    staticDir: dataDir,
    log: () => {},
  });

describe('SIGTERM during a checkout on the embedded database', () => {
  it('leaves a whole order or none, and exits 0', { timeout: 120_000 }, async () => {
    // The shop is prepared in this process, then served by a real one (PGlite: one at a time).
    const prep = await start();
    const shop = await createShop({
      db: prep.db,
      clock: createClock(new Date()),
      call: (m, u, o) => call(prep.app, m, u, o),
    });
    const buyer = await shop.buyer();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await shop.goods({ name: `停机药${i}`, basePrice: 1_000, stock: 50 }));
    const cartIds = await shop.fill(
      buyer,
      ids.map((g) => [g, 2]),
    );
    const pre = await shop.preview(buyer, cartIds, { coupon_id: 0, voucher_id: 0 });
    expect(pre.status).toBe(200);
    const body: FormObject = {
      ids: cartIds,
      coupon_id: 0,
      voucher_id: 0,
      address_id: buyer.addressId,
      expected_pay_amount: pre.body.data.amounts.pay_amount,
      new: 1,
    };
    await prep.close();

    const server = await spawnServer({ DATA_DIR: dataDir });
    const answer = call(overHttp(server.url), 'POST', '/api/cart/checkout', { body, cookie: buyer.cookie }).catch(
      (err: unknown) => err,
    );
    // No wait: the signal lands while the request is being sent, read or answered.
    server.child.kill('SIGTERM');
    const [result, code] = await Promise.all([answer, server.exited]);
    expect(code).toBe(0);

    const after = await start();
    try {
      const made = await after.db.select().from(orders).where(eq(orders.companyId, buyer.companyId));
      const stock = await after.db.select({ stock: goods.stock }).from(goods).where(inArray(goods.id, ids));
      if (made.length === 0) {
        expect(result).not.toMatchObject({ status: 200 });
        expect(stock.every((g) => g.stock === 50)).toBe(true);
      } else {
        expect(result).toMatchObject({ status: 200 });
        expect(made).toHaveLength(1);
        expect(await after.db.select().from(orderLines).where(eq(orderLines.orderId, made[0].id))).toHaveLength(
          ids.length,
        );
        expect(stock.every((g) => g.stock === 48)).toBe(true);
      }
    } finally {
      await after.close();
    }
  });
});
