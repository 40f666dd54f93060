// Integration API benchmark (issue 34 "Budgets"): 10,000 stock and price updates in batches of
// 1,000 through POST /api/integration/v1/stock and /prices — signed, idempotent, sequenced, each
// batch one request through the whole app (in-process, no socket) — on PGlite (≤ 5 s) and on
// PostgreSQL (≤ 2 s, BENCH_DATABASE_URL or TEST_DATABASE_URL: a scratch database beside it); and a
// buyer's search showing the new stock within 1 s of a batch's answer.
//
//   npx tsx bench/integration.ts [--goods 10500] [--engine pglite|postgres|both]
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../server/db/client.ts';
import { openDatabase } from '../server/db/client.ts';
import * as schema from '../server/db/schema.ts';
import { goods } from '../server/db/schema.ts';
import { createApp } from '../server/app.ts';
import { seedDemo } from '../server/seed/index.ts';
import { withTx } from '../server/db/tx.ts';
import { insertClient } from '../server/services/integration/clients.ts';
import { INTEGRATION_SCOPES } from '../src/domain/integration.ts';
import { ErpClient } from '../scripts/erp/client.ts';
import { createScratchDatabase } from '../tests/helpers/scratch-database.ts';
import { arg } from './cli';

export const PGLITE_BUDGET_MS = 5_000;
export const POSTGRES_BUDGET_MS = 2_000;
export const SEARCH_BUDGET_MS = 1_000;
const UPDATES = 10_000;
const BATCH = 1_000;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Engine {
  db: Db;
  close: () => Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: path.join(ROOT, 'server/db/migrations') });
  return { db: db as unknown as Db, close: () => client.close() };
}

async function postgresEngine(): Promise<Engine> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL run');
  const scratch = await createScratchDatabase(base, 'bench_integration');
  const opened = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  return { db: opened.db, close: async () => (await opened.close(), await scratch.drop()) };
}

async function run(name: string, engine: Engine, goodsCount: number, budgetMs: number): Promise<boolean> {
  const { db } = engine;
  const now = () => new Date();
  const t0 = performance.now();
  await seedDemo(db, { goods: goodsCount, now: now() });
  await db.execute(sql`ANALYZE`);
  console.log(`[${name}] seeded ${goodsCount} goods in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const app = createApp({
    db,
    clock: now,
    config: { secureCookies: false, devEndpoints: false, demo: true, allowedOrigins: [], sessionMemo: false },
    log: () => {},
  });
  const made = await withTx(db, (tx) =>
    insertClient(tx, { name: '基准ERP', scopes: [...INTEGRATION_SCOPES], note: '' }, null, now()),
  );
  const erp = new ErpClient({
    baseUrl: 'http://localhost',
    keyId: made.key_id,
    secret: made.secret,
    fetch: (req) => Promise.resolve(app.request(req)),
  });
  const codes = (await db.select({ code: goods.externalCode }).from(goods).orderBy(goods.id).limit(UPDATES)).map(
    (g) => g.code,
  );
  let seq = 1;
  const batchOf = (kind: 'stock' | 'price', from: number) =>
    codes
      .slice(from, from + BATCH)
      .map((code, i) =>
        kind === 'stock'
          ? { external_code: code, seq: seq++, stock: 100 + ((from + i) % 400) }
          : { external_code: code, seq: seq++, price_delta: 1 + ((from + i) % 5) },
      );
  // Warm-up: one small batch of each (first-statement planning, the client's audit actor).
  await erp.post('/stock', { items: batchOf('stock', 0).slice(0, 10) });
  await erp.post('/prices', { items: batchOf('price', 0).slice(0, 10) });

  const times: number[] = [];
  let failed = 0;
  // CPU time of this process beside the wall time: PGlite works on this process's main thread, so
  // on a shared, loaded machine its CPU time is the figure that does not depend on the load.
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let b = 0; b < UPDATES / BATCH; b++) {
    const kind = b % 2 === 0 ? 'stock' : 'price';
    const t = performance.now();
    const res = await erp.post<{ applied: number; failed: number; ignored: number }>(
      kind === 'stock' ? '/stock' : '/prices',
      { items: batchOf(kind, (b >> 1) * BATCH * 2 + (b % 2) * BATCH) },
    );
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`[${name}] batch ${b}: ${res.status} ${res.body.msg}`);
    failed += res.body.data.failed + res.body.data.ignored;
  }
  const total = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const pass = total <= budgetMs && failed === 0;
  console.log(
    `[${name}] ${UPDATES} updates in ${UPDATES / BATCH} batches: ${(total / 1000).toFixed(2)} s (this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s; budget ${budgetMs / 1000} s: ${pass ? 'met' : 'NOT met'}); ` +
      `per batch ${times.map((x) => x.toFixed(0)).join(', ')} ms; failed or ignored ${failed}`,
  );

  // A buyer's search after a batch's answer: the first search already shows the new stock?
  const login = await app.request('/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const [target] = await db
    .select({ id: goods.id, code: goods.externalCode, name: goods.name })
    .from(goods)
    .where(eq(goods.isOnSale, true))
    .orderBy(goods.id)
    .limit(1);
  const search = () =>
    app.request(`/api/goods/list?keywords=${encodeURIComponent(target!.name)}&page_size=50`, { headers: { cookie } });
  await search(); // the answer is now in the list cache
  const wanted = 4321;
  await erp.post('/stock', { items: [{ external_code: target!.code, seq: seq++, stock: wanted }] });
  const answered = performance.now();
  let seen = -1;
  while (performance.now() - answered < 5_000) {
    const body = (await (await search()).json()) as { data: { list: { id: number; number: number }[] } };
    seen = body.data.list.find((g) => g.id === target!.id)?.number ?? -1;
    if (seen === wanted) break;
  }
  const lag = performance.now() - answered;
  const searchPass = seen === wanted && lag <= SEARCH_BUDGET_MS;
  console.log(
    `[${name}] buyer's search shows the new stock ${lag.toFixed(0)} ms after the answer (budget ${SEARCH_BUDGET_MS} ms: ${searchPass ? 'met' : 'NOT met'})`,
  );
  return pass && searchPass;
}

export async function integrationBudget(opts: { goods?: number; engine?: string } = {}): Promise<boolean> {
  const goodsCount = opts.goods ?? Number(arg('goods', '10500'));
  const which = opts.engine ?? arg('engine', 'both');
  console.log('== Integration API: stock and price batches ==');
  const results: boolean[] = [];
  if (which === 'pglite' || which === 'both') {
    const e = await pgliteEngine();
    try {
      results.push(await run('pglite', e, goodsCount, PGLITE_BUDGET_MS));
    } finally {
      await e.close();
    }
  }
  if (which === 'postgres' || which === 'both') {
    const e = await postgresEngine();
    try {
      results.push(await run('postgres', e, goodsCount, POSTGRES_BUDGET_MS));
    } finally {
      await e.close();
    }
  }
  return results.every(Boolean);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await integrationBudget()) ? 0 : 1;
}
