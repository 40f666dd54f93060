// Checkout benchmark (DESIGN.md budget: checkout of 100 lines p95 ≤ 200 ms). Seeds the demo
// catalogue into a fresh in-memory PGlite, then for every run fills one approved, contract-signed
// buyer's cart with 100 lines (ladder and 满减/满折 goods among them) and a cash voucher, outside the
// timing, and times POST /api/cart/checkout new=1 with use_balance through the whole app
// (middleware, session, Idempotency-Key, the transaction: lock, re-pricing, stock UPDATE, order,
// lines, voucher, balance + ledger, history, cart). The preview (new=0) is timed too. Every
// statement of one checkout is EXPLAINed (plain EXPLAIN: nothing runs twice).
//
//   npx tsx bench/checkout.ts [--goods 20000] [--iterations 100] [--lines 100] [--explain]
//
// One PGlite connection, sequential, in process: it catches per-line round trips, missing
// indexes and slow code; the 32-connection PostgreSQL figure is for the HTTP load bench.
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
import { companyCoupons, couponTemplates } from '../server/db/schema.ts';
import { seedDemo } from '../server/seed/index.ts';
import { addCartLines, orderableGoods, orderingBuyer } from './fixtures';
import { auditPlans, BIG_TABLES } from './plan-audit';
import { percentile } from './stats';
import { runWhenCommand } from './cli';

export const CHECKOUT_P95_BUDGET_MS = 200;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DAY = 86_400_000;

export interface CheckoutBenchOptions {
  goods: number;
  iterations: number;
  lines: number;
  explain: boolean;
}

interface Envelope {
  code: number;
  msg: string;
  data: { amounts?: { pay_amount: number }; order_id?: number };
}

export async function checkoutBench(opts: CheckoutBenchOptions): Promise<boolean> {
  const captured: { query: string; params: unknown[]; at: number }[] = [];
  let capture = false;
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const pglite = drizzle({
    client,
    schema,
    logger: { logQuery: (query, params) => void (capture && captured.push({ query, params, at: performance.now() })) },
  });
  await migrate(pglite, { migrationsFolder: path.join(ROOT, 'server/db/migrations') });
  const db = pglite as unknown as Db;

  const now = new Date();
  let t0 = performance.now();
  await seedDemo(db, { goods: opts.goods, now });
  const seedMs = performance.now() - t0;
  t0 = performance.now();
  await db.execute(sql`VACUUM ANALYZE`);
  const vacuumMs = performance.now() - t0;

  const { buyer, addressId } = await orderingBuyer(db, 'bench-checkout', now);
  const [voucherTpl] = await db
    .insert(couponTemplates)
    .values({
      kind: 'voucher',
      name: '压测现金券',
      amount: 1_000,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 30 * DAY),
    })
    .returning({ id: couponTemplates.id });

  // Buyable goods, ladders and 满减/满折 members first; stock is topped up before every run.
  const pool = await orderableGoods(db, { candidates: opts.lines * 4, keep: opts.lines * 3, ladderFirst: true });
  const poolIds = `{${pool.map((g) => g.id).join(',')}}`;

  const app = createApp({
    db,
    clock: () => new Date(),
    config: { secureCookies: false, devEndpoints: false, demo: true, allowedOrigins: [] },
  });
  const post = async (body: Record<string, unknown>, key?: string): Promise<Envelope> => {
    const headers: Record<string, string> = {
      cookie: buyer.cookie,
      accept: 'application/json',
      'content-type': 'application/json',
    };
    if (key) headers['Idempotency-Key'] = key;
    const res = await app.request('/api/cart/checkout', { method: 'POST', headers, body: JSON.stringify(body) });
    const env = (await res.json()) as Envelope;
    if (res.status !== 200 || env.code !== 10000)
      throw new Error(`checkout answered ${res.status} ${JSON.stringify(env).slice(0, 300)}`);
    return env;
  };

  /** A fresh cart of `opts.lines` lines (a sliding window over the pool) and one voucher. */
  const prepare = async (run: number): Promise<{ ids: number[]; voucherId: number }> => {
    await db.execute(sql`UPDATE goods SET stock = 1000000 WHERE id = ANY(${poolIds}::int[])`);
    const start = (run * 37) % (pool.length - opts.lines + 1);
    const chosen = pool.slice(start, start + opts.lines);
    const ids = await addCartLines(db, buyer, chosen);
    const [v] = await db
      .insert(companyCoupons)
      .values({
        companyId: buyer.companyId,
        templateId: voucherTpl.id,
        receivedAt: now,
        expiresAt: new Date(now.getTime() + 30 * DAY),
      })
      .returning({ id: companyCoupons.id });
    return { ids, voucherId: v.id };
  };

  const runOnce = async (run: number, timed: boolean) => {
    const { ids, voucherId } = await prepare(run);
    const base = { ids, coupon_id: 0, voucher_id: voucherId, use_balance: 1 };
    const p0 = performance.now();
    const preview = await post({ ...base, new: 0 });
    const previewMs = performance.now() - p0;
    const body = { ...base, new: 1, address_id: addressId, expected_pay_amount: preview.data.amounts!.pay_amount };
    const c0 = process.cpuUsage();
    const s = performance.now();
    if (timed) capture = true;
    await post(body, `bench-${run}-${Date.now()}`);
    capture = false;
    const placeMs = performance.now() - s;
    if (timed) captured.push({ query: '(answer sent)', params: [], at: performance.now() });
    const cpu = process.cpuUsage(c0);
    return { previewMs, placeMs, cpuMs: (cpu.user + cpu.system) / 1000 };
  };

  for (let i = 0; i < 5; i++) await runOnce(i, false);
  const place: number[] = [];
  const preview: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < opts.iterations; i++) {
    const r = await runOnce(i + 5, false);
    place.push(r.placeMs);
    preview.push(r.previewMs);
    cpu.push(r.cpuMs);
  }
  for (const list of [place, preview, cpu]) list.sort((x, y) => x - y);
  const p95 = percentile(place, 95);

  console.log(
    `# checkout bench: ${opts.goods} goods (demo seed ${(seedMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(vacuumMs / 1000).toFixed(1)} s), ` +
      `${opts.lines} lines per order, ${opts.iterations} runs`,
  );
  console.log(
    `POST /api/cart/checkout new=1  p50 ${percentile(place, 50).toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  max ${place[place.length - 1].toFixed(2)} ms  (budget p95 ≤ ${CHECKOUT_P95_BUDGET_MS} ms)`,
  );
  console.log(
    `  CPU time per order (app + database): p50 ${percentile(cpu, 50).toFixed(2)} ms  p95 ${percentile(cpu, 95).toFixed(2)} ms`,
  );
  console.log(
    `POST /api/cart/checkout new=0  p50 ${percentile(preview, 50).toFixed(2)} ms  p95 ${percentile(preview, 95).toFixed(2)} ms`,
  );

  captured.length = 0;
  await runOnce(opts.iterations + 5, true);
  const answered = captured.pop()!;
  console.log(`statements per order (the app's, in and around the transaction): ${captured.length}`);
  // Until the next statement starts: a statement's run time plus the JavaScript between them.
  const seqOnBig = await auditPlans(client, captured, {
    bigTables: BIG_TABLES,
    analyze: false,
    verbose: opts.explain,
    detail: (i) => `${((captured[i + 1]?.at ?? answered.at) - captured[i].at).toFixed(1).padStart(6)} ms`,
  });
  await client.close();
  const pass = p95 <= CHECKOUT_P95_BUDGET_MS && seqOnBig === 0;
  console.log(pass ? '# checkout: PASS' : '# checkout: FAIL');
  return pass;
}

/** What `npm run bench` runs (bench/run.ts). */
export async function checkoutBudget(): Promise<boolean> {
  console.log('== Checkout (100 lines) ==');
  return checkoutBench({ goods: 20_000, iterations: 100, lines: 100, explain: false });
}

await runWhenCommand(import.meta.url, checkoutBench, { goods: 20000, iterations: 100, lines: 100 });
