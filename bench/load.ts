// HTTP load benchmark (issue 21 §4 and DESIGN.md's API budgets). The real server runs as its own
// process — on the embedded database (PGlite under DATA_DIR) or on PostgreSQL (DATABASE_URL), as one
// process or WORKERS=n cluster workers (PostgreSQL only: PGlite belongs to one process) — and this
// process is the load: N keep-alive connections, each sending its next request as soon as the last
// one answered.
//
//   npx tsx bench/load.ts [--db pglite|postgres] [--data-dir DIR] [--workers 1|2] [--goods N]
//     [--connections 32] [--seconds 10] [--checkout-rounds 3] [--shapes static,page,search,list,cart,checkout]
//     [--cpu-prof DIR]
//
// --db defaults to postgres when DATABASE_URL is set, else pglite in --data-dir (DATA_DIR, else
// ./data). An empty database is seeded with --goods demo goods (seed big ones beforehand:
// `DATA_DIR=… npm run seed -- --goods 100000`, or `DATABASE_URL=… npm run seed -- --goods 100000 --reset`).
// Shapes:
//   static      GET /index.html — the static shell, the yardstick the embedded budget is a ratio to
//   page        GET /list?category_id=… as a browser navigation — the server-rendered goods list
//   search      GET /api/goods/search — suggestions for names, pinyin initials, manufacturers
//   list        GET /api/goods/list   — categories, zones, sorts, keyword lists, pages 1–5
//   cart list   GET /api/cart/list    — one buyer's 300-line cart, read by every connection
//   checkout    POST /api/cart/checkout new=1 — every connection its own buyer and 100-line cart,
//               refilled between rounds (outside the timing), all connections ordering at once.
//               PostgreSQL only: refilling needs a second connection to the database while the
//               server holds it, and PGlite has one.
// --cpu-prof writes a V8 CPU profile of every server process into DIR (node --cpu-prof).
// Load generator and server share this machine's cores, so the numbers are an upper bound of
// what a dedicated server would answer.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, isNull, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.ts';
import { cartLines, categories } from '../server/db/schema.ts';
import { isSeeded, seedDemo } from '../server/seed/index.ts';
import { rowsOf } from '../server/seed/db-util.ts';
import { insertBuyer, type Buyer } from '../tests/fixtures/catalogue.ts';
import { addCartLines, orderableGoods, orderingBuyer, type OrderableGoods } from './fixtures';
import { freePort, ROOT } from './real-server';
import { percentile } from './stats';

export const LOAD_BUDGETS_MS = { search: 30, list: 30, cart: 60, checkout: 200 } as const;
/** Issue 21 §4: on the embedded database, search and list at ≥ 25 % of index.html's req/s, p95 ≤ 60 ms. */
export const EMBEDDED_BUDGET = { ratio: 0.25, p95Ms: 60 } as const;

export type LoadShape = 'static' | 'page' | 'search' | 'list' | 'cart' | 'checkout';
export const LOAD_SHAPES: readonly LoadShape[] = ['static', 'page', 'search', 'list', 'cart', 'checkout'];

export type LoadDatabase = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

export interface LoadBenchOptions {
  database: LoadDatabase;
  /** Server processes (WORKERS); more than 1 only on PostgreSQL. */
  workers: number;
  goods: number;
  connections: number;
  seconds: number;
  checkoutRounds: number;
  shapes: readonly LoadShape[];
  /** A directory for the server processes' V8 CPU profiles, or none. */
  cpuProfDir?: string;
}

interface Sample {
  ms: number;
  ok: boolean;
  /** The server's X-Catalogue-Cache answer header: hit, miss, or none (not a stored answer). */
  cache?: string;
}

interface ShapeResult {
  label: string;
  /** p95 budget in ms, or null (the static yardstick has none). */
  budget: number | null;
  samples: Sample[];
  wallMs: number;
}

/** Starts bench/load-server.ts (npm start without its build check); resolves once every worker listens. */
async function startServer(
  opts: LoadBenchOptions,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  // Demo mode (NODE_ENV unset): production refuses to start without real Alipay and bank settings,
  // and nothing on these paths differs between the two.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    WORKERS: String(opts.workers),
  };
  delete env.NODE_ENV;
  if (opts.database.kind === 'postgres') {
    env.DATABASE_URL = opts.database.databaseUrl;
    // Each worker gets its own pool; together they hold one connection per load connection.
    env.DATABASE_POOL_SIZE = String(Math.ceil(opts.connections / opts.workers));
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = opts.database.dataDir;
  }
  const nodeArgs = ['--import', 'tsx'];
  if (opts.cpuProfDir) {
    mkdirSync(opts.cpuProfDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
  }
  const child = spawn(process.execPath, [...nodeArgs, 'bench/load-server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${output}`)), 180_000);
    const collect = (d: Buffer) => {
      output += d.toString();
      if ((output.match(/listening on/g) ?? []).length >= opts.workers) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  // Kept (its tail) so a failed request can be explained by what the server logged.
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

/** SIGTERM and wait: the CPU profiles are written on a clean exit. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function fillCart(db: Db, buyer: Buyer, chosen: readonly OrderableGoods[]): Promise<number[]> {
  await db.delete(cartLines).where(eq(cartLines.companyId, buyer.companyId));
  return addCartLines(db, buyer, chosen);
}

interface LoadRequest {
  url: string;
  cookie: string;
  /** The static shell answers HTML; everything else is the JSON envelope. */
  html?: boolean;
}

/** `connections` loops, each sending `next()`'s request as soon as the previous one answered. */
async function runLoad(
  connections: number,
  seconds: number,
  next: (worker: number, i: number) => LoadRequest,
): Promise<{ samples: Sample[]; wallMs: number }> {
  const samples: Sample[] = [];
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const { url, cookie, html } = next(worker, i);
        const t0 = performance.now();
        let ok = false;
        let cache: string | undefined;
        try {
          // Node's fetch keeps connections alive and opens one per request in flight; it asks for
          // gzip/deflate/br like a browser, so compression is part of what is measured.
          const res = await fetch(url, { headers: { cookie, accept: html ? 'text/html' : 'application/json' } });
          cache = res.headers.get('x-catalogue-cache') ?? undefined;
          if (html) ok = res.status === 200 && (await res.text()).includes('<html');
          else ok = res.status === 200 && ((await res.json()) as { code: number }).code === 10000;
        } catch {
          ok = false;
        }
        samples.push({ ms: performance.now() - t0, ok, cache });
      }
    }),
  );
  return { samples, wallMs: performance.now() - start };
}

interface Figures {
  /** Share of answers the server had stored (X-Catalogue-Cache: hit), or null when none said. */
  hitRate: number | null;
  rps: number;
  p50: number;
  p95: number;
  max: number;
  errors: number;
  count: number;
}

function figuresOf(r: ShapeResult): Figures {
  const ok = r.samples
    .filter((s) => s.ok)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const said = r.samples.filter((s) => s.cache !== undefined);
  return {
    hitRate: said.length === 0 ? null : said.filter((s) => s.cache === 'hit').length / said.length,
    rps: (r.samples.length / r.wallMs) * 1000,
    p50: percentile(ok, 50),
    p95: percentile(ok, 95),
    max: ok[ok.length - 1] ?? Number.NaN,
    errors: r.samples.length - ok.length,
    count: r.samples.length,
  };
}

/**
 * One line per shape. On PostgreSQL the budget is the p95; on the embedded database search and
 * list also need EMBEDDED_BUDGET.ratio of the static shell's req/s measured in the same run.
 */
function report(r: ShapeResult, embedded: boolean, staticRps: number | null): boolean {
  const f = figuresOf(r);
  const budgetMs = embedded && (r.label === 'search' || r.label === 'list') ? EMBEDDED_BUDGET.p95Ms : r.budget;
  const ratio = staticRps && r.label !== 'static' ? f.rps / staticRps : null;
  const ratioNeeded = embedded && (r.label === 'search' || r.label === 'list');
  const pass =
    f.errors === 0 &&
    f.count > 0 &&
    (budgetMs === null || f.p95 <= budgetMs) &&
    (!ratioNeeded || (ratio !== null && ratio >= EMBEDDED_BUDGET.ratio));
  const budgetText = [
    budgetMs === null ? '' : `p95 ≤ ${budgetMs} ms`,
    ratioNeeded ? `ratio ≥ ${EMBEDDED_BUDGET.ratio}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  console.log(
    `${r.label.padEnd(12)} ${String(f.count).padStart(6)} req  ${f.rps.toFixed(0).padStart(5)} req/s${ratio === null ? '' : ` (${ratio.toFixed(2)} of static)`}  p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(7)} ms  errors ${f.errors}` +
      (f.hitRate === null ? '' : `  stored ${(f.hitRate * 100).toFixed(0)} %`) +
      (budgetText ? `  (budget ${budgetText}) ${pass ? 'PASS' : 'FAIL'}` : ''),
  );
  return pass;
}

const SEARCH_WORDS = [
  'gml',
  '感冒',
  '阿莫西林',
  'bl',
  '维生素',
  '头孢',
  'lhqw',
  '布洛芬',
  '片',
  'yp',
  '颗粒',
  '口服液',
  '云南白药',
  '胶囊',
  'xy',
  '六味',
];
const LIST_SORTS = ['default', 'sales', 'price_asc', 'newest'];
const LIST_ZONES = ['', 'jxq', 'zy', 'qx', 'yx'];

async function openBenchDatabase(database: LoadDatabase) {
  if (database.kind === 'postgres') return openDatabase({ databaseUrl: database.databaseUrl, poolSize: 8 });
  // Where server/index.ts keeps it, so the server started afterwards opens the same one.
  const dir = path.join(database.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openDatabase({ dataDir: dir });
}

export async function loadBench(opts: LoadBenchOptions): Promise<boolean> {
  const embedded = opts.database.kind === 'pglite';
  if (embedded && opts.workers > 1)
    throw new Error(
      '--workers above 1 needs PostgreSQL: the embedded database belongs to one process (server/ops/workers.ts)',
    );
  const wants = new Set(opts.shapes);
  // PGlite is one connection held by the server while it runs: no refilling carts between rounds.
  if (embedded && wants.delete('checkout'))
    console.log('checkout skipped: on the embedded database the carts cannot be refilled while the server holds it');

  const opened = await openBenchDatabase(opts.database);
  const db = opened.db;
  const now = new Date();
  const tag = Date.now().toString(36);
  const cartLinesWanted = 300;
  const orderLines = 100;
  let goodsCount = 0;
  let topCategories: number[] = [];
  let pool: OrderableGoods[] = [];
  let reader: Buyer;
  let cartBuyer: Buyer;
  const orderers: Awaited<ReturnType<typeof orderingBuyer>>[] = [];
  try {
    if (!(await isSeeded(db))) {
      const t0 = performance.now();
      console.log(`seeding ${opts.goods} goods…`);
      await seedDemo(db, { goods: opts.goods, now });
      console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    await db.execute(sql`VACUUM ANALYZE`);
    [{ n: goodsCount }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM goods`));
    topCategories = (await db.select({ id: categories.id }).from(categories).where(isNull(categories.parentId))).map(
      (c) => c.id,
    );

    const wanted = Math.max(cartLinesWanted, wants.has('checkout') ? orderLines * opts.connections : 0);
    pool = await orderableGoods(db, { candidates: wanted * 2, keep: wanted, ladderFirst: false });
    if (pool.length < cartLinesWanted) throw new Error(`only ${pool.length} buyable goods: seed more`);
    const poolIds = `{${pool.map((g) => g.id).join(',')}}`;
    await db.execute(sql`UPDATE goods SET stock = 100000000 WHERE id = ANY(${poolIds}::int[])`);

    reader = await insertBuyer(db, 'approved', now, `load-reader-${tag}`);
    cartBuyer = await insertBuyer(db, 'approved', now, `load-cart-${tag}`);
    await fillCart(db, cartBuyer, pool.slice(0, cartLinesWanted));
    if (wants.has('checkout'))
      for (let i = 0; i < opts.connections; i++) orderers.push(await orderingBuyer(db, `load-order-${tag}-${i}`, now));
  } finally {
    // The server opens the embedded database itself; PostgreSQL stays open for checkout's refills.
    if (embedded) await opened.close();
  }

  const server = await startServer(opts);
  const results: ShapeResult[] = [];
  try {
    console.log(
      `# load bench: ${goodsCount} goods on ${embedded ? 'the embedded database (PGlite)' : 'PostgreSQL'}, ${opts.workers} server process${opts.workers > 1 ? 'es' : ''}, ${opts.connections} connections, ${opts.seconds} s per shape`,
    );
    // The machine is shared: its load says how much of it this run had.
    console.log(
      `# load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    // Warm-up: plans, caches, JIT.
    await runLoad(opts.connections, 2, (w, i) => ({
      url: `${server.url}/api/goods/list?category_id=${topCategories[(w + i) % topCategories.length]}`,
      cookie: reader.cookie,
    }));

    if (wants.has('static')) {
      const shell = await runLoad(opts.connections, opts.seconds, () => ({
        url: `${server.url}/index.html`,
        cookie: reader.cookie,
        html: true,
      }));
      results.push({ label: 'static', budget: null, ...shell });
    }

    if (wants.has('page')) {
      // Server-rendered goods lists (docs/decisions/server-rendering.md): the router, the API
      // calls in process and React's render, for a signed-in buyer.
      const page = await runLoad(opts.connections, opts.seconds, (w, i) => ({
        url: `${server.url}/list?category_id=${topCategories[(w + i) % topCategories.length]}&page=${(i % 3) + 1}`,
        cookie: reader.cookie,
        html: true,
      }));
      results.push({ label: 'page (server-rendered list)', budget: null, ...page });
    }

    if (wants.has('search')) {
      const search = await runLoad(opts.connections, opts.seconds, (w, i) => {
        const word = SEARCH_WORDS[(w * 7 + i) % SEARCH_WORDS.length];
        return {
          url: `${server.url}/api/goods/search?keywords=${encodeURIComponent(word)}&type=${i % 5 === 4 ? 2 : 1}`,
          cookie: reader.cookie,
        };
      });
      results.push({ label: 'search', budget: LOAD_BUDGETS_MS.search, ...search });
    }

    if (wants.has('list')) {
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
    }

    if (wants.has('cart')) {
      const cart = await runLoad(opts.connections, opts.seconds, () => ({
        url: `${server.url}/api/cart/list?filters=99999`,
        cookie: cartBuyer.cookie,
      }));
      results.push({ label: 'cart list', budget: LOAD_BUDGETS_MS.cart, ...cart });
    }

    if (wants.has('checkout')) {
      // Every connection orders its own 100 lines at the same moment, round after round.
      const checkout: Sample[] = [];
      const c0 = performance.now();
      for (let round = 0; round < opts.checkoutRounds; round++) {
        const prepared = [];
        for (const [w, o] of orderers.entries()) {
          const chosen = pool.slice(((w + round) * orderLines) % (pool.length - orderLines + 1)).slice(0, orderLines);
          const ids = await fillCart(db, o.buyer, chosen);
          const preview = await postCheckout(server.url, o.buyer.cookie, { ids, new: 0, use_balance: 1 });
          if (!preview.ok)
            throw new Error(`checkout preview refused; the server logged:\n${server.output().slice(-4000)}`);
          prepared.push({
            o,
            ids,
            pay: (preview.body as { data: { amounts: { pay_amount: number } } }).data.amounts.pay_amount,
          });
        }
        const done = await Promise.all(
          prepared.map(async ({ o, ids, pay }, w) => {
            const t0 = performance.now();
            const r = await postCheckout(
              server.url,
              o.buyer.cookie,
              { ids, new: 1, use_balance: 1, address_id: o.addressId, expected_pay_amount: pay },
              `load-${tag}-${round}-${w}`,
            );
            return { ms: performance.now() - t0, ok: r.ok };
          }),
        );
        checkout.push(...done);
      }
      results.push({
        label: 'checkout',
        budget: LOAD_BUDGETS_MS.checkout,
        samples: checkout,
        wallMs: performance.now() - c0,
      });
    }
  } catch (err) {
    // The shapes measured so far are still reported.
    console.log(`# stopped early: ${err instanceof Error ? err.message : String(err)}`);
    results.push({ label: 'failed', budget: null, samples: [{ ms: 0, ok: false }], wallMs: 1 });
  } finally {
    await stopServer(server.child);
    if (!embedded) await opened.close();
  }
  const shell = results.find((r) => r.label === 'static');
  const staticRps = shell ? figuresOf(shell).rps : null;
  console.log(
    `# load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const passes = results.map((r) => report(r, embedded, staticRps));
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
  const headers: Record<string, string> = {
    cookie,
    accept: 'application/json',
    'content-type': 'application/json',
    origin: base,
  };
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
  return loadBench({
    database: { kind: 'postgres', databaseUrl },
    workers: 1,
    goods: 100_000,
    connections: 32,
    seconds: 10,
    checkoutRounds: 3,
    shapes: LOAD_SHAPES,
  });
}

const USAGE =
  'npx tsx bench/load.ts [--db pglite|postgres] [--data-dir DIR] [--workers 1|2] [--goods N] [--connections 32] [--seconds 10] [--checkout-rounds 3] [--shapes static,page,search,list,cart,checkout] [--cpu-prof DIR]';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      'data-dir': { type: 'string' },
      workers: { type: 'string', default: '1' },
      goods: { type: 'string', default: '100000' },
      connections: { type: 'string', default: '32' },
      seconds: { type: 'string', default: '10' },
      'checkout-rounds': { type: 'string', default: '3' },
      shapes: { type: 'string', default: LOAD_SHAPES.join(',') },
      'cpu-prof': { type: 'string' },
    },
  });
  const kind = values.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const shapes = values.shapes.split(',').map((s) => s.trim());
  const unknownShape = shapes.find((s) => !(LOAD_SHAPES as readonly string[]).includes(s));
  const workers = Number(values.workers);
  if (
    (kind !== 'pglite' && kind !== 'postgres') ||
    unknownShape ||
    !Number.isInteger(workers) ||
    workers < 1 ||
    (kind === 'postgres' && !process.env.DATABASE_URL)
  ) {
    console.error(
      `${USAGE}\n(--db postgres reads DATABASE_URL; --db pglite uses --data-dir, else DATA_DIR, else ./data)`,
    );
    process.exit(2);
  }
  if (kind === 'pglite' && workers > 1) {
    console.error(
      '--workers above 1 needs PostgreSQL: the embedded database (PGlite) can be opened by one process only.',
    );
    process.exit(2);
  }
  const database: LoadDatabase =
    kind === 'postgres'
      ? { kind, databaseUrl: process.env.DATABASE_URL! }
      : { kind, dataDir: path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? path.join(ROOT, 'data')) };
  process.exitCode = (await loadBench({
    database,
    workers,
    goods: Number(values.goods),
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    checkoutRounds: Number(values['checkout-rounds']),
    shapes: shapes as LoadShape[],
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
  }))
    ? 0
    : 1;
}
