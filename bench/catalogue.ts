// Catalogue benchmark: the goods list (every typical filter shape), detail, activities, the flash
// sale, 为你推荐, favourites and the brand zone on a large catalogue. Prints p50/p95 per shape — the
// list both with a cold summary cache (total + facets counted) and a warm one (page only) — and the
// EXPLAIN ANALYZE of every list statement (`!!` marks a sequential scan on goods).
//
//   npx tsx bench/catalogue.ts [--goods 100000] [--iterations 30] [--explain all|some|lines|none]
//   npx tsx bench/catalogue.ts --data-dir /tmp/big/pglite   # a database `npm run seed` filled
//   DATABASE_URL=postgres://… npx tsx bench/catalogue.ts     # PostgreSQL (seeded first if empty)
//
// Latency is one connection, sequential, in process; the DESIGN budget (p95 ≤ 30 ms at 32
// connections on PostgreSQL) is for the HTTP load bench. Passes when no list statement reads goods
// sequentially and the list p95 with a cold summary is within LIST_P95_BUDGET_MS.
import { UNRESTRICTED } from '../src/domain/business-scope.ts';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.ts';
import type { Deps } from '../server/deps.ts';
import { brands, categories, companies, favorites, goods, manufacturers, users } from '../server/db/schema.ts';
import { isSeeded, readSeedMarker, seedDemo } from '../server/seed/index.ts';
import { rowsOf } from '../server/services/goods/search.ts';
import { LIST_TOTAL_CAP } from '../src/domain/catalog.ts';
import { brandCountsStatement, listBrands } from '../server/services/goods/list/brands.ts';
import { parseListQuery } from '../server/services/goods/list/input.ts';
import { listGoods } from '../server/services/goods/list/list.ts';
import { sortedStatement, tierStatement } from '../server/services/goods/list/page.ts';
import { planList, type ListPlan } from '../server/services/goods/list/plan.ts';
import { recommendations } from '../server/services/goods/list/recommendations.ts';
import { summaryStatement } from '../server/services/goods/list/summary.ts';
import { loadGoodsDetail } from '../server/services/goods/detail.ts';
import { flashSale, goodsActivities } from '../server/services/activities.ts';
import { loadGoodsItems } from '../server/services/goods/item.ts';
import type { Viewer } from '../server/services/price-visibility.ts';
import { percentile } from './stats';
import { arg } from './cli';

export const LIST_P95_BUDGET_MS = 30;

export interface CatalogueBenchOptions {
  /** Goods to seed when the database is empty. */
  goods: number;
  iterations: number;
  /** Full plans for every statement, for the marked shapes, one line each, or no EXPLAIN. */
  explain: 'all' | 'some' | 'lines' | 'none';
  /** An existing PGlite folder (e.g. DATA_DIR/pglite after `npm run seed`); in memory otherwise. */
  dataDir?: string;
}

type Who = 'visitor' | 'approved' | 'special';
interface Shape {
  label: string;
  who: Who;
  params: Record<string, string | number>;
  /** Full plans printed with --explain some. */
  show?: boolean;
}

const fmt = (n: number) => n.toFixed(2).padStart(8);

async function time(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  for (let i = 0; i < 2; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn();
    out.push(performance.now() - s);
  }
  return out.sort((a, b) => a - b);
}

async function one<T>(db: Db, statement: SQL): Promise<T> {
  return rowsOf<T>(await db.execute(statement))[0];
}

/** Plan nodes as [depth, text]: depth is the column where the node name starts. */
function nodesOf(lines: string[]): [number, string][] {
  return lines
    .filter((l) => l.includes('(cost='))
    .map((l) => {
      const m = /^(\s*(?:->\s+)?)(.*)$/.exec(l)!;
      return [m[1].length, m[2]];
    });
}

/**
 * A sequential scan whose parent is a Limit stops after that many rows (the bounded count of the
 * list summary); anything else reads the table. Returns 'seq' for the latter.
 */
function seqScanKind(lines: string[]): 'none' | 'bounded' | 'seq' {
  const nodes = nodesOf(lines);
  let kind: 'none' | 'bounded' | 'seq' = 'none';
  nodes.forEach(([depth, text], i) => {
    if (!text.startsWith('Seq Scan on goods')) return;
    let parent = '';
    for (let j = i - 1; j >= 0; j--) {
      if (nodes[j][0] < depth) {
        parent = nodes[j][1];
        break;
      }
    }
    if (parent.startsWith('Limit')) {
      if (kind === 'none') kind = 'bounded';
    } else kind = 'seq';
  });
  return kind;
}

async function explain(db: Db, label: string, statement: SQL, full: boolean): Promise<boolean> {
  const lines = rowsOf<{ 'QUERY PLAN': string }>(
    await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS OFF, SUMMARY ON) ${statement}`),
  ).map((r) => r['QUERY PLAN']);
  const access = lines
    .map(
      (l) =>
        /(Seq Scan on \w+|Index Only Scan(?: Backward)? using \w+|Index Scan(?: Backward)? using \w+|Bitmap Index Scan on \w+)/.exec(
          l,
        )?.[1],
    )
    .filter((x): x is string => Boolean(x));
  const ms = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  const kind = seqScanKind(lines);
  const mark = kind === 'seq' ? '!!' : kind === 'bounded' ? 'ok~' : 'ok';
  console.log(`  ${mark.padEnd(3)} ${label.padEnd(30)} ${ms.padStart(10)}  ${[...new Set(access)].join(', ')}`);
  if (full) for (const l of lines) console.log(`       ${l}`);
  return kind === 'seq';
}

/** The statements one list request runs for `plan` (page 1 and the summary). */
function statementsOf(db: Db, plan: ListPlan, pageSize: number): [string, SQL][] {
  if (plan.empty) return [];
  const out: [string, SQL][] = [];
  if (plan.order === 'relevance') {
    plan
      .tiers!.flat()
      .forEach((alt, i) => out.push([`relevance #${i + 1}`, tierStatement(db, plan, alt, pageSize).getSQL()]));
  } else {
    out.push([`page (${plan.order})`, sortedStatement(db, plan, plan.order, 0, pageSize).getSQL()]);
  }
  out.push(['summary (total + facets)', summaryStatement(plan)]);
  return out;
}

export async function catalogueBench(opts: CatalogueBenchOptions): Promise<boolean> {
  const { iterations, explain: explainMode } = opts;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const opened = await openDatabase({ databaseUrl, dataDir: opts.dataDir || undefined });
  const db = opened.db;
  let source: string;
  if (await isSeeded(db)) {
    source = `existing ${opened.kind} database`;
  } else {
    const t0 = performance.now();
    await seedDemo(db, { goods: opts.goods, now: new Date() });
    source = `demo seed in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  }
  // PGlite has no autovacuum: without this the planner has no statistics and no visibility map.
  const v0 = performance.now();
  await db.execute(sql`VACUUM ANALYZE`);
  const vacuumMs = performance.now() - v0;
  const marker = (await readSeedMarker(db))!;
  const seedNow = new Date(marker.now);

  // Parameters picked from the data: the biggest category at each level, a big maker and brand.
  const biggest = async (col: SQL) =>
    (
      await one<{ id: number }>(
        db,
        sql`SELECT ${col} AS id FROM ${goods} WHERE ${col} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      )
    ).id;
  const l1 = await biggest(sql`${goods.categoryL1}`);
  const l2 = await biggest(sql`${goods.categoryL2}`);
  const leaf = await biggest(sql`${goods.categoryId}`);
  const maker = await biggest(sql`${goods.manufacturerId}`);
  const brand = await biggest(sql`${goods.brandId}`);
  const [demo] = await db
    .select({ companyId: companies.id, rank: companies.rank })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.username, 'demo'));
  const viewers: Record<Who, Viewer> = {
    visitor: { userId: null, companyId: null, approved: false, isSpecial: false, rank: 1, entitlement: UNRESTRICTED },
    approved: {
      userId: 1,
      companyId: demo?.companyId ?? null,
      approved: true,
      isSpecial: false,
      rank: demo?.rank ?? 1,
      entitlement: UNRESTRICTED,
    },
    special: {
      userId: 1,
      companyId: demo?.companyId ?? null,
      approved: true,
      isSpecial: true,
      rank: demo?.rank ?? 1,
      entitlement: UNRESTRICTED,
    },
  };
  if (source.startsWith('demo seed') && demo) {
    const ids = await db.select({ id: goods.id }).from(goods).orderBy(asc(goods.id)).limit(100);
    await db
      .insert(favorites)
      .values(ids.map((g) => ({ companyId: demo.companyId, goodsId: g.id })))
      .onConflictDoNothing();
  }

  const counts = await one<{ n: number; m: number; c: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM ${goods})::int AS n, (SELECT count(*) FROM ${manufacturers})::int AS m,
               (SELECT count(*) FROM ${categories})::int AS c`,
  );
  console.log(`# catalogue bench: ${counts.n} goods, ${counts.m} manufacturers, ${counts.c} categories, ${source}`);
  console.log(
    `# VACUUM ANALYZE ${(vacuumMs / 1000).toFixed(1)} s; ${iterations} runs per shape; LIST_TOTAL_CAP ${LIST_TOTAL_CAP}`,
  );
  console.log(
    `# category l1 ${l1}, l2 ${l2}, leaf ${leaf} (the biggest of each level), manufacturer ${maker}, brand ${brand}\n`,
  );

  const shapes: Shape[] = [
    { label: 'all goods', who: 'visitor', params: {} },
    { label: 'category l1', who: 'visitor', params: { category_id: l1 }, show: true },
    { label: 'category l2', who: 'approved', params: { category_id: l2 } },
    { label: 'category leaf', who: 'approved', params: { category_id: leaf } },
    { label: 'leaf, price_asc', who: 'approved', params: { category_id: leaf, sort: 'price_asc' }, show: true },
    { label: 'l1, price_desc', who: 'approved', params: { category_id: l1, sort: 'price_desc' } },
    { label: 'l1, newest', who: 'visitor', params: { category_id: l1, sort: 'newest' } },
    { label: 'l1, price range', who: 'approved', params: { category_id: l1, price_min: 1000, price_max: 3000 } },
    { label: 'l2, in stock', who: 'visitor', params: { category_id: l2, in_stock: 1 } },
    { label: 'l1 page 50', who: 'visitor', params: { category_id: l1, page: 50 } },
    { label: 'zone jxq', who: 'visitor', params: { zone: 'jxq' }, show: true },
    { label: 'zone zy', who: 'visitor', params: { zone: 'zy' } },
    { label: 'zone qx', who: 'visitor', params: { zone: 'qx' } },
    { label: 'zone yx (yx=1)', who: 'visitor', params: { yx: 1 } },
    { label: 'zone youx', who: 'visitor', params: { zone: 'youx' }, show: true },
    { label: 'zone kx', who: 'special', params: { zone: 'kx' }, show: true },
    { label: 'yx=1 + l1', who: 'visitor', params: { yx: 1, category_id: l1 } },
    { label: 'manufacturer', who: 'visitor', params: { manufacturer_id: maker }, show: true },
    { label: 'manufacturer, price_asc', who: 'approved', params: { manufacturer_id: maker, sort: 'price_asc' } },
    { label: 'brand', who: 'visitor', params: { brand_id: brand } },
    { label: 'tags 秒 (rare)', who: 'visitor', params: { tags: '秒' }, show: true },
    { label: 'tags 新,换购', who: 'visitor', params: { tags: '新,换购' } },
    { label: 'kw 感冒灵', who: 'visitor', params: { keywords: '感冒灵' }, show: true },
    { label: 'kw 颗粒 (broad)', who: 'visitor', params: { keywords: '颗粒' } },
    { label: 'kw 阿莫西林', who: 'approved', params: { keywords: '阿莫西林' } },
    { label: 'kw gml', who: 'visitor', params: { keywords: 'gml' } },
    { label: 'kw 颗粒, price_asc', who: 'approved', params: { keywords: '颗粒', sort: 'price_asc' }, show: true },
    { label: 'kw 阿莫西林, price_asc', who: 'approved', params: { keywords: '阿莫西林', sort: 'price_asc' } },
    {
      label: 'kw 亚宝头孢呋辛酯片, price_asc',
      who: 'approved',
      params: { keywords: '亚宝头孢呋辛酯片', sort: 'price_asc' },
      show: true,
    },
    { label: 'brand, price_desc', who: 'approved', params: { brand_id: brand, sort: 'price_desc' } },
    { label: 'leaf, newest', who: 'visitor', params: { category_id: leaf, sort: 'newest' } },
    { label: 'kw 胶囊 + l1', who: 'visitor', params: { keywords: '胶囊', category_id: l1 } },
    { label: 'kw 无此药品名 (no hit)', who: 'visitor', params: { keywords: '无此药品名' } },
    { label: 'kw 华润, type 2', who: 'visitor', params: { keywords: '华润', type: 2 } },
  ];

  console.log('list shape                     total   cold p50  cold p95   warm p50  warm p95');
  const allCold: number[] = [];
  const allWarm: number[] = [];
  const warmDeps: Deps = {
    db,
    clock: () => new Date(),
    config: { secureCookies: false, devEndpoints: false, demo: true, allowedOrigins: [] },
  };
  for (const shape of shapes) {
    const input = parseListQuery(Object.fromEntries(Object.entries(shape.params).map(([k, v]) => [k, String(v)])));
    const viewer = viewers[shape.who];
    const total = (await listGoods(warmDeps, viewer, input)).total;
    // A new deps object per run: the summary cache is keyed by it, so every run counts again.
    const cold = await time(() => listGoods({ ...warmDeps }, viewer, input), iterations);
    const warm = await time(() => listGoods(warmDeps, viewer, input), iterations);
    allCold.push(...cold);
    allWarm.push(...warm);
    console.log(
      `${shape.label.padEnd(28)} ${String(total).padStart(7)} ${fmt(percentile(cold, 50))}  ${fmt(percentile(cold, 95))}   ${fmt(percentile(warm, 50))}  ${fmt(percentile(warm, 95))}`,
    );
  }
  allCold.sort((a, b) => a - b);
  allWarm.sort((a, b) => a - b);
  console.log(
    `${'ALL'.padEnd(28)} ${''.padStart(7)} ${fmt(percentile(allCold, 50))}  ${fmt(percentile(allCold, 95))}   ${fmt(percentile(allWarm, 50))}  ${fmt(percentile(allWarm, 95))}`,
  );

  console.log('\nother calls                               p50       p95');
  const famous = Array.from({ length: 32 }, (_, i) => i + 1);
  let k = 0;
  const others: [string, () => Promise<unknown>][] = [
    ['detail (approved)', () => loadGoodsDetail(db, viewers.approved, famous[k++ % famous.length])],
    ['activities', () => goodsActivities(db, viewers.visitor, seedNow, famous[k++ % famous.length])],
    ['index/spike (approved)', () => flashSale(db, viewers.approved, seedNow)],
    ['index_wntj/1 visitor', () => recommendations(db, viewers.visitor, 1)],
    ['index_wntj/1 member (orders)', () => recommendations(db, viewers.special, 1)],
    ['index_wntj/5 member', () => recommendations(db, viewers.special, 5)],
    ['brands page 1 (cold counts)', () => listBrands({ ...warmDeps }, viewers.visitor, 1, 20)],
    [
      'favorite list page 1',
      async () => {
        const ids = await db
          .select({ id: favorites.goodsId })
          .from(favorites)
          .where(eq(favorites.companyId, viewers.approved.companyId ?? 0))
          .orderBy(sql`${favorites.createdAt} DESC`)
          .limit(20);
        return loadGoodsItems(
          db,
          viewers.approved,
          ids.map((r) => r.id),
        );
      },
    ],
  ];
  for (const [label, fn] of others) {
    const times = await time(fn, iterations);
    console.log(`${label.padEnd(36)} ${fmt(percentile(times, 50))}  ${fmt(percentile(times, 95))}`);
  }

  let seqScans = 0;
  if (explainMode !== 'none') {
    console.log('\n# EXPLAIN ANALYZE of every list statement');
    console.log(
      '# ok = no Seq Scan on goods; ok~ = a Seq Scan under a Limit (stops after that many matches); !! = reads goods',
    );
    for (const shape of shapes) {
      const input = parseListQuery(Object.fromEntries(Object.entries(shape.params).map(([k2, v]) => [k2, String(v)])));
      const plan = await planList(warmDeps, viewers[shape.who], input.filter);
      console.log(`\n${shape.label} ${JSON.stringify(shape.params)} (${shape.who})`);
      for (const [label, st] of statementsOf(db, plan, input.pageSize)) {
        if (await explain(db, label, st, explainMode === 'all' || (explainMode === 'some' && Boolean(shape.show))))
          seqScans++;
      }
    }
    console.log('\nbrand zone (GET /api/goods/brands page 1: goods_count of 20 brands, cached like list totals)');
    const brandIds = (
      await db
        .select({ id: brands.id })
        .from(brands)
        .where(eq(brands.isShow, true))
        .orderBy(asc(brands.sort), asc(brands.id))
        .limit(20)
    ).map((r) => r.id);
    // Not counted below: it reads every goods row of the page's brands by design (see the docs).
    await explain(
      db,
      'goods_count per brand',
      brandCountsStatement(db, brandIds, false).getSQL(),
      explainMode === 'all',
    );
    console.log(`\n# list statements reading goods sequentially (!!): ${seqScans}`);
  }
  await opened.close();
  const p95 = percentile(allCold, 95);
  const pass = seqScans === 0 && p95 <= LIST_P95_BUDGET_MS;
  console.log(
    `# goods list: p95 ${p95.toFixed(1)} ms with a cold summary (budget ${LIST_P95_BUDGET_MS} ms), ${seqScans} sequential reads of goods: ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

/** What `npm run bench` runs (bench/run.ts): the DESIGN catalogue size, plans one line each. */
export async function catalogueBudget(): Promise<boolean> {
  console.log('== Catalogue: goods list and friends (100,000 goods) ==');
  return catalogueBench({ goods: 100_000, iterations: 20, explain: 'lines' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pass = await catalogueBench({
    goods: Number(arg('goods', '100000')),
    iterations: Number(arg('iterations', '30')),
    explain: arg('explain', 'some') as CatalogueBenchOptions['explain'],
    dataDir: arg('data-dir', ''),
  });
  process.exitCode = pass ? 0 : 1;
}
