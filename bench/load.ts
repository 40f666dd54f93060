// HTTP load benchmark (DESIGN.md: "API on a 100,000-goods database at 32 connections: search and
// list p95 ≤ 30 ms, cart list of 300 lines p95 ≤ 60 ms, checkout of 100 lines p95 ≤ 200 ms, zero
// errors"). The real server runs as its own process on PostgreSQL; this process is the load: N
// keep-alive connections, each sending its next request as soon as the last one answered.
//
//   DATABASE_URL=postgres://… npx tsx bench/load.ts [--goods 100000] [--connections 32]
//     [--seconds 10] [--checkout-rounds 3]
//
// The database is seeded with --goods demo goods when empty (a seeded one is used as it is: run
// `DATABASE_URL=… npm run seed -- --goods 100000 --reset` for the budget's size). Shapes:
//   search      GET /api/goods/search — suggestions for names, pinyin initials, manufacturers
//   list        GET /api/goods/list   — categories, zones, sorts, keyword lists, pages 1–5
//   cart list   GET /api/cart/list    — one buyer's 300-line cart, read by every connection
//   checkout    POST /api/cart/checkout new=1 — every connection its own buyer and 100-line cart,
//               refilled between rounds (outside the timing), all connections ordering at once
// Load generator and server share this machine's cores, so the numbers are an upper bound of
// what a dedicated server would answer.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, isNull, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.ts';
import { cartLines, categories } from '../server/db/schema.ts';
import { isSeeded, seedDemo } from '../server/db/seed/index.ts';
import { rowsOf } from '../server/db/seed/db-util.ts';
import { insertBuyer, type Buyer } from '../tests/fixtures/catalogue.ts';
import { addCartLines, orderableGoods, orderingBuyer, type OrderableGoods } from './fixtures';
import { freePort, ROOT } from './real-server';
import { percentile } from './stats';

export const LOAD_BUDGETS_MS = { search: 30, list: 30, cart: 60, checkout: 200 } as const;

export interface LoadBenchOptions {
  databaseUrl: string;
  goods: number;
  connections: number;
  seconds: number;
  checkoutRounds: number;
}

interface Sample {
  ms: number;
  ok: boolean;
}

interface ShapeResult {
  label: string;
  budget: number;
  samples: Sample[];
  wallMs: number;
}

async function startServer(databaseUrl: string, poolSize: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(poolSize), NODE_ENV: 'production' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    const collect = (d: Buffer) => {
      output += d.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function fillCart(db: Db, buyer: Buyer, chosen: readonly OrderableGoods[]): Promise<number[]> {
  await db.delete(cartLines).where(eq(cartLines.companyId, buyer.companyId));
  return addCartLines(db, buyer, chosen);
}

/** `connections` loops, each sending `next()`'s request as soon as the previous one answered. */
async function runLoad(
  connections: number,
  seconds: number,
  next: (worker: number, i: number) => { url: string; cookie: string },
): Promise<{ samples: Sample[]; wallMs: number }> {
  const samples: Sample[] = [];
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const { url, cookie } = next(worker, i);
        const t0 = performance.now();
        let ok = false;
        try {
          // Node's fetch keeps connections alive and opens one per request in flight.
          const res = await fetch(url, { headers: { cookie, accept: 'application/json' } });
          const body = (await res.json()) as { code: number };
          ok = res.status === 200 && body.code === 10000;
        } catch {
          ok = false;
        }
        samples.push({ ms: performance.now() - t0, ok });
      }
    }),
  );
  return { samples, wallMs: performance.now() - start };
}

function report(r: ShapeResult): boolean {
  const ok = r.samples.filter((s) => s.ok).map((s) => s.ms).sort((a, b) => a - b);
  const errors = r.samples.length - ok.length;
  const p50 = percentile(ok, 50);
  const p95 = percentile(ok, 95);
  const rps = (r.samples.length / r.wallMs) * 1000;
  const pass = errors === 0 && ok.length > 0 && p95 <= r.budget;
  console.log(
    `${r.label.padEnd(12)} ${String(r.samples.length).padStart(6)} req  ${rps.toFixed(0).padStart(5)} req/s  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${(ok[ok.length - 1] ?? Number.NaN).toFixed(1).padStart(7)} ms  errors ${errors}  (budget p95 ≤ ${r.budget} ms) ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

const SEARCH_WORDS = ['gml', '感冒', '阿莫西林', 'bl', '维生素', '头孢', 'lhqw', '布洛芬', '片', 'yp', '颗粒', '口服液', '云南白药', '胶囊', 'xy', '六味'];
const LIST_SORTS = ['default', 'sales', 'price_asc', 'newest'];
const LIST_ZONES = ['', 'jxq', 'zy', 'qx', 'yx'];

export async function loadBench(opts: LoadBenchOptions): Promise<boolean> {
  const opened = await openDatabase({ databaseUrl: opts.databaseUrl, poolSize: 8 });
  const db = opened.db;
  const now = new Date();
  if (!(await isSeeded(db))) {
    const t0 = performance.now();
    console.log(`seeding ${opts.goods} goods…`);
    await seedDemo(db, { goods: opts.goods, now });
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await db.execute(sql`VACUUM ANALYZE`);
  const [{ n: goodsCount }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM goods`));
  const topCategories = (await db.select({ id: categories.id }).from(categories).where(isNull(categories.parentId))).map((c) => c.id);

  const tag = Date.now().toString(36);
  const cartLinesWanted = 300;
  const orderLines = 100;
  const wanted = Math.max(cartLinesWanted, orderLines * opts.connections);
  const pool = await orderableGoods(db, { candidates: wanted * 2, keep: wanted, ladderFirst: false });
  if (pool.length < cartLinesWanted) throw new Error(`only ${pool.length} buyable goods: seed more`);
  const poolIds = `{${pool.map((g) => g.id).join(',')}}`;
  await db.execute(sql`UPDATE goods SET stock = 100000000 WHERE id = ANY(${poolIds}::int[])`);

  const reader = await insertBuyer(db, 'approved', now, `load-reader-${tag}`);
  const cartBuyer = await insertBuyer(db, 'approved', now, `load-cart-${tag}`);
  await fillCart(db, cartBuyer, pool.slice(0, cartLinesWanted));
  const orderers = [];
  for (let i = 0; i < opts.connections; i++) orderers.push(await orderingBuyer(db, `load-order-${tag}-${i}`, now));

  const server = await startServer(opts.databaseUrl, opts.connections);
  const results: ShapeResult[] = [];
  try {
    console.log(
      `# load bench: ${goodsCount} goods on PostgreSQL, ${opts.connections} connections, ${opts.seconds} s per shape, server pool ${opts.connections}`,
    );
    // Warm-up: plans, caches, JIT.
    await runLoad(opts.connections, 2, (w, i) => ({ url: `${server.url}/api/goods/list?category_id=${topCategories[(w + i) % topCategories.length]}`, cookie: reader.cookie }));

    const search = await runLoad(opts.connections, opts.seconds, (w, i) => {
      const word = SEARCH_WORDS[(w * 7 + i) % SEARCH_WORDS.length];
      return { url: `${server.url}/api/goods/search?keywords=${encodeURIComponent(word)}&type=${i % 5 === 4 ? 2 : 1}`, cookie: reader.cookie };
    });
    results.push({ label: 'search', budget: LOAD_BUDGETS_MS.search, ...search });

    const list = await runLoad(opts.connections, opts.seconds, (w, i) => {
      const k = w * 13 + i;
      const params = new URLSearchParams({ page: String((k % 5) + 1), sort: LIST_SORTS[k % LIST_SORTS.length] });
      if (k % 4 === 3) params.set('keywords', SEARCH_WORDS[k % SEARCH_WORDS.length]);
      else params.set('category_id', String(topCategories[k % topCategories.length]));
      const zone = LIST_ZONES[k % LIST_ZONES.length];
      if (zone && k % 3 === 0) params.set('zone', zone);
      return { url: `${server.url}/api/goods/list?${params}`, cookie: reader.cookie };
    });
    results.push({ label: 'list', budget: LOAD_BUDGETS_MS.list, ...list });

    const cart = await runLoad(opts.connections, opts.seconds, () => ({ url: `${server.url}/api/cart/list?filters=99999`, cookie: cartBuyer.cookie }));
    results.push({ label: 'cart list', budget: LOAD_BUDGETS_MS.cart, ...cart });

    // Checkout: every connection orders its own 100 lines at the same moment, round after round.
    const checkout: Sample[] = [];
    const c0 = performance.now();
    for (let round = 0; round < opts.checkoutRounds; round++) {
      const prepared = [];
      for (const [w, o] of orderers.entries()) {
        const chosen = pool.slice(((w + round) * orderLines) % (pool.length - orderLines + 1)).slice(0, orderLines);
        const ids = await fillCart(db, o.buyer, chosen);
        const preview = await postCheckout(server.url, o.buyer.cookie, { ids, new: 0, use_balance: 1 });
        prepared.push({ o, ids, pay: (preview.body as { data: { amounts: { pay_amount: number } } }).data.amounts.pay_amount });
      }
      const done = await Promise.all(
        prepared.map(async ({ o, ids, pay }, w) => {
          const t0 = performance.now();
          const r = await postCheckout(server.url, o.buyer.cookie, { ids, new: 1, use_balance: 1, address_id: o.addressId, expected_pay_amount: pay }, `load-${tag}-${round}-${w}`);
          return { ms: performance.now() - t0, ok: r.ok };
        }),
      );
      checkout.push(...done);
    }
    results.push({ label: 'checkout', budget: LOAD_BUDGETS_MS.checkout, samples: checkout, wallMs: performance.now() - c0 });
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await opened.close();
  }
  const passes = results.map(report);
  const pass = passes.every(Boolean);
  console.log(pass ? '# load: PASS' : '# load: FAIL');
  return pass;
}

async function postCheckout(
  base: string,
  cookie: string,
  body: Record<string, unknown>,
  key?: string,
): Promise<{ ok: boolean; body: unknown }> {
  const headers: Record<string, string> = { cookie, accept: 'application/json', 'content-type': 'application/json', origin: base };
  if (key) headers['Idempotency-Key'] = key;
  const res = await fetch(`${base}/api/cart/checkout`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; msg: string };
  const ok = res.status === 200 && json.code === 10000;
  if (!ok) console.log(`  checkout answered ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
  return { ok, body: json };
}

/** For `npm run bench`: skipped without PostgreSQL (DATABASE_URL). */
export async function loadBudget(): Promise<boolean> {
  console.log('== HTTP load (PostgreSQL, 32 connections) ==');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('skipped: set DATABASE_URL to a PostgreSQL database (seeded with 100,000 goods for the budget)');
    return true;
  }
  return loadBench({ databaseUrl, goods: 100_000, connections: 32, seconds: 10, checkoutRounds: 3 });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      goods: { type: 'string', default: '100000' },
      connections: { type: 'string', default: '32' },
      seconds: { type: 'string', default: '10' },
      'checkout-rounds': { type: 'string', default: '3' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL=postgres://… npx tsx bench/load.ts [--goods 100000] [--connections 32] [--seconds 10] [--checkout-rounds 3]');
    process.exit(2);
  }
  process.exitCode = (await loadBench({
    databaseUrl,
    goods: Number(values.goods),
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    checkoutRounds: Number(values['checkout-rounds']),
  }))
    ? 0
    : 1;
}
