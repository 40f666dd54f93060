// Order feed benchmark (issue 34 budget: the order feed of 10,000 orders paged through in ≤ 10 s).
// A fresh in-memory PGlite with a small demo seed, then 10,000 orders of 3 lines each written in
// one statement (their feed positions taken by the commit-time trigger like any order's), then the
// ERP pages GET /api/integration/v1/orders from cursor 0 to the end through the whole app: signed
// requests (HMAC check, nonce row, call log row), the feed query, lines, 追溯码 and invoices.
//
//   npx tsx bench/order-feed.ts [--orders 10000] [--limit 500]
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createApp } from '../server/app.ts';
import type { Db } from '../server/db/client.ts';
import * as schema from '../server/db/schema.ts';
import { seedDemo } from '../server/seed/index.ts';
import { insertClient } from '../server/services/integration/clients.ts';
import { withTx } from '../server/db/tx.ts';
import { ErpClient } from '../scripts/erp/client.ts';
import type { FeedPage } from '../server/services/erp-orders/feed.ts';
import { rowsOf } from '../server/services/goods/search.ts';

export const ORDER_FEED_BUDGET_MS = 10_000;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};

export async function orderFeedBudget(
  opts: { orders: number; limit: number } = { orders: 10_000, limit: 500 },
): Promise<boolean> {
  console.log(`== Order feed: ${opts.orders} orders paged by ${opts.limit} (PGlite, in process) ==`);
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const pglite = drizzle({ client, schema });
  await migrate(pglite, { migrationsFolder: path.join(ROOT, 'server/db/migrations') });
  const db = pglite as unknown as Db;
  const now = new Date();
  await seedDemo(db, { goods: 200, now });
  const before = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM orders`))[0]!.n;
  const t0 = performance.now();
  await db.execute(sql`
    WITH buyer AS (SELECT u.id AS user_id, u.company_id FROM users u JOIN companies c ON c.id = u.company_id WHERE u.username = 'demo'),
    made AS (
      INSERT INTO orders (order_no, company_id, user_id, status, goods_amount, pay_amount, paid_amount, address, invoice, pay_method, paid_at)
      SELECT 'BENCH' || lpad(i::text, 8, '0'), b.company_id, b.user_id, 'paid', 3600, 3600, 3600,
        '{"consignee":"王药师","phone":"13800000000","province":"广东省","city":"广州市","district":"天河区","detail":"体育西路1号"}'::jsonb,
        CASE WHEN i % 5 = 0 THEN '{"kind":"normal","title":"广州康泰大药房有限公司","tax_no":"91440101MA59ABCD1X","email":""}'::jsonb ELSE '{}'::jsonb END,
        'balance', now()
      FROM generate_series(1, ${opts.orders}) AS i, buyer b
      RETURNING id
    )
    INSERT INTO order_lines (order_id, goods_id, warehouse_id, name, sccj, ypgg, bzdw, number, price, amount)
    SELECT m.id, g.id, 1, g.name, '测试制药', '10g*9袋', '盒', 3, 400, 1200
    FROM made m CROSS JOIN LATERAL (SELECT id, name FROM goods ORDER BY id LIMIT 3) g`);
  console.log(`write ${opts.orders} orders × 3 lines: ${((performance.now() - t0) / 1000).toFixed(2)} s`);

  const creds = await withTx(db, (tx) =>
    insertClient(tx, { name: '基准ERP', scopes: ['orders:read'], note: '' }, null, now),
  );
  const app = createApp({
    db,
    clock: () => new Date(),
    config: { secureCookies: false, devEndpoints: false, demo: true, allowedOrigins: [], sessionMemo: false },
    log: () => {},
  });
  const erp = new ErpClient({
    baseUrl: 'http://localhost',
    keyId: creds.key_id,
    secret: creds.secret,
    fetch: (req) => Promise.resolve(app.request(req)),
  });

  if (process.argv.includes('--profile')) {
    const { orderFeed } = await import('../server/services/erp-orders/feed.ts');
    const p0 = performance.now();
    let c = 0;
    for (;;) {
      const page = await orderFeed(db, c, opts.limit);
      c = page.next_cursor;
      if (!page.has_more) break;
    }
    console.log(`service alone: ${((performance.now() - p0) / 1000).toFixed(2)} s`);
  }
  const start = performance.now();
  let cursor = 0;
  let seen = 0;
  let pages = 0;
  for (;;) {
    const res = await erp.get<FeedPage>(`/orders?cursor=${cursor}&limit=${opts.limit}`);
    if (res.status !== 200) throw new Error(`feed answered ${res.status}: ${res.body.msg}`);
    seen += res.body.data.orders.length;
    pages += 1;
    cursor = res.body.data.next_cursor;
    if (!res.body.data.has_more) break;
  }
  const ms = performance.now() - start;
  const expected = before + opts.orders;
  const pass = ms <= ORDER_FEED_BUDGET_MS && seen === expected;
  console.log(
    `paged ${seen} orders (expected ${expected}) in ${pages} pages: ${(ms / 1000).toFixed(2)} s (budget ${ORDER_FEED_BUDGET_MS / 1000} s: ${pass ? 'met' : 'NOT met'})`,
  );
  await client.close();
  return pass;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await orderFeedBudget({
    orders: Number(arg('orders', '10000')),
    limit: Number(arg('limit', '500')),
  }))
    ? 0
    : 1;
}
