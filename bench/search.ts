// Search benchmark: seeds N goods into a fresh in-memory PGlite (the demo seed when it exists,
// otherwise a synthetic catalogue with realistic names), then runs the search-box suggestion
// service for a mix of queries and prints p50/p95 per query, and the EXPLAIN ANALYZE of every
// statement shape so the indexes in use are visible.
//
//   npx tsx bench/search.ts [--goods 20000] [--iterations 40] [--explain all|some|none] [--no-vacuum]
//
// Latency here is one PGlite connection, sequential, in process: the DESIGN budget (p95 ≤ 30 ms at
// 32 connections on PostgreSQL) is checked against a real server by the HTTP load bench.
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.ts';
import { goods, manufacturers } from '../server/db/schema.ts';
import { searchKeysFor } from '../server/services/search-keys.ts';
import {
  manufacturerAlternatives,
  manufacturerStatement,
  parseKeyword,
  rowsOf,
  searchTiers,
  suggest,
  tierStatement,
  type SearchQuery,
} from '../server/services/goods/search.ts';
import { insertCatalogue } from '../tests/fixtures/catalogue.ts';
import { percentile } from './stats';
import { arg } from './cli';

const GOODS = Number(arg('goods', '20000'));
const ITERATIONS = Number(arg('iterations', '40'));
const EXPLAIN = arg('explain', 'some') as 'all' | 'some' | 'none';
/** --no-vacuum shows what a freshly seeded PGlite (no autovacuum, no statistics) does. */
const VACUUM = !process.argv.includes('--no-vacuum');

/** [keyword, type, viewer may see 控销] — short, long, Chinese, pinyin, manufacturer, no-hit. */
const QUERIES: [string, 1 | 2, boolean][] = [
  ['感', 1, false],
  ['感冒', 1, false],
  ['感冒灵', 1, false],
  ['阿莫西林', 1, false],
  ['颗粒', 1, false],
  ['胶囊', 1, true],
  ['维生素C', 1, false],
  ['g', 1, false],
  ['gml', 1, false],
  ['amxl', 1, false],
  ['ganmaoling', 1, false],
  ['999', 1, false],
  ['50%', 1, false],
  ['无此药品名', 1, false],
  ['zzzzqqq', 1, false],
  ['华润', 2, false],
  ['hrsj', 2, false],
  ['制药', 2, false],
];

/** Queries whose every statement is EXPLAINed with `--explain some`. */
const EXPLAIN_SOME = new Set(['感冒', '颗粒', 'gml', 'ganmaoling', '无此药品名', 'zzzzqqq', '华润']);

// --- synthetic catalogue (used until server/seed exports seedDemo) ------------------------

const ROOTS = [
  '感冒灵',
  '阿莫西林',
  '头孢克肟',
  '布洛芬',
  '对乙酰氨基酚',
  '板蓝根',
  '连花清瘟',
  '维生素C',
  '复方甘草',
  '蒲地蓝消炎',
  '藿香正气',
  '六味地黄',
  '阿奇霉素',
  '左氧氟沙星',
  '奥美拉唑',
  '氯雷他定',
  '硝苯地平',
  '二甲双胍',
  '阿司匹林',
  '感冒清热',
  '小儿氨酚黄那敏',
  '银翘解毒',
  '双黄连',
  '清开灵',
  '健胃消食',
  '牛黄解毒',
  '金银花',
  '罗红霉素',
  '头孢呋辛酯',
  '盐酸氨溴索',
  '复方丹参',
  '速效救心',
  '逍遥',
  '补中益气',
  '归脾',
  '安宫牛黄',
  '葡萄糖酸钙',
  '碳酸钙D3',
  '维生素B',
  '叶酸',
  '甲硝唑',
  '红霉素',
  '氯化钾',
  '硝酸甘油',
  '美托洛尔',
  '缬沙坦',
  '氨氯地平',
  '阿托伐他汀',
  '辛伐他汀',
  '格列美脲',
  '蒙脱石',
  '乳酸菌素',
  '多潘立酮',
  '山莨菪碱',
  '云南白药',
];
const PREFIXES = ['', '', '', '', '复方', '小儿', '999', '盐酸', '新', '强力'];
const FORMS = ['颗粒', '胶囊', '片', '分散片', '缓释片', '肠溶片', '口服液', '糖浆', '注射液', '软膏', '丸', '滴丸'];
const PLACES = [
  '北京',
  '上海',
  '广州',
  '哈药',
  '石药',
  '扬子江',
  '修正',
  '太极',
  '华北',
  '东北',
  '江苏',
  '浙江',
  '四川',
  '云南',
  '山东',
  '湖南',
];
const WORDS = ['康', '恒', '济', '仁', '华', '瑞', '泰', '丰', '信', '德', '健', '民', '安', '和', '正', '源'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedSynthetic(db: Db, n: number): Promise<void> {
  const cat = await insertCatalogue(db);
  const rand = rng(42);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)];
  const makers: { id: number; name: string; initials: string }[] = [];
  const makerNames = new Set<string>(['华润三九医药股份有限公司']);
  while (makerNames.size < 300) makerNames.add(`${pick(PLACES)}${pick(WORDS)}${pick(WORDS)}制药有限公司`);
  for (const name of makerNames) {
    const keys = searchKeysFor(name);
    const [row] = await db
      .insert(manufacturers)
      .values({ name, pinyinFull: keys.pinyinFull, pinyinInitials: keys.pinyinInitials })
      .onConflictDoNothing()
      .returning({ id: manufacturers.id });
    const id =
      row?.id ?? rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM manufacturers WHERE name = ${name}`))[0].id;
    makers.push({ id, name, initials: keys.pinyinInitials });
  }
  const leaves = Object.values(cat.leaf);
  const batch: (typeof goods.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length) await db.insert(goods).values(batch.splice(0));
  };
  for (let i = 0; i < n; i++) {
    const name = `${pick(PREFIXES)}${pick(ROOTS)}${pick(FORMS)}`;
    const keys = searchKeysFor(name);
    const maker = pick(makers);
    const categoryId = pick(leaves);
    batch.push({
      name,
      pinyinFull: keys.pinyinFull,
      pinyinInitials: keys.pinyinInitials,
      manufacturerId: maker.id,
      sccj: maker.name,
      sccjPinyinInitials: maker.initials,
      categoryId,
      categoryL1: categoryId,
      categoryL2: categoryId,
      warehouseId: cat.warehouseId,
      ypgg: `${1 + Math.floor(rand() * 50)}片*${1 + Math.floor(rand() * 4)}板`,
      basePrice: 100 + Math.floor(rand() * 20000),
      salesCount: Math.floor(rand() * rand() * 10000),
      isKx: rand() < 0.05,
      isFreeShipping: rand() < 0.2,
      isOnSale: rand() < 0.97,
    });
    if (batch.length >= 1000) await flush();
  }
  await flush();
}

async function seed(db: Db, n: number): Promise<string> {
  // The demo seed is written in parallel; use it when it is there (path kept dynamic on purpose).
  const seedModule = '../server/seed/index.ts';
  try {
    const mod = (await import(seedModule)) as {
      seedDemo?: (db: Db, o: { goods: number; now: Date }) => Promise<unknown>;
    };
    if (typeof mod.seedDemo === 'function') {
      await mod.seedDemo(db, { goods: n, now: new Date() });
      return 'demo seed (seedDemo)';
    }
  } catch (e) {
    if (
      !(
        e instanceof Error &&
        /Cannot find module|ERR_MODULE_NOT_FOUND/.test(`${e.message} ${(e as { code?: string }).code}`)
      )
    )
      throw e;
  }
  await seedSynthetic(db, n);
  return 'synthetic catalogue (bench/search.ts)';
}

// --- measurement ---------------------------------------------------------------------------

async function explain(db: Db, label: string, statement: SQL, full: boolean): Promise<string[]> {
  const res = await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS OFF, SUMMARY ON) ${statement}`);
  const lines = rowsOf<{ 'QUERY PLAN': string }>(res).map((r) => r['QUERY PLAN']);
  const access = lines
    .map(
      (l) =>
        /(Seq Scan on \w+|Index Only Scan(?: Backward)? using \w+|Index Scan(?: Backward)? using \w+|Bitmap Index Scan on \w+)/.exec(
          l,
        )?.[1],
    )
    .filter((x): x is string => Boolean(x));
  const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  // goods is a view over goods_master and goods_stock (migration 0034).
  const seqOnGoods = access.some((a) => a === 'Seq Scan on goods_master' || a === 'Seq Scan on goods_stock');
  console.log(
    `  ${seqOnGoods ? '!!' : 'ok'} ${label.padEnd(34)} ${time.padStart(10)}  ${[...new Set(access)].join(', ')}`,
  );
  if (full) for (const l of lines) console.log(`       ${l}`);
  return access;
}

async function statementsFor(db: Db, q: SearchQuery, type: 1 | 2, controlled: boolean): Promise<[string, SQL][]> {
  if (type === 2) return [['manufacturers', manufacturerStatement(q, { controlled }, 10)]];
  const out: [string, SQL][] = [];
  for (const tier of searchTiers(q)) {
    // The same resolution suggestGoods() does for the manufacturer tier.
    const alternatives = tier.name === 'manufacturer' ? await manufacturerAlternatives(db, q) : tier.alternatives;
    if (alternatives.length === 0) out.push([`${tier.name} (no statement: nothing matches)`, sql`SELECT 1`]);
    alternatives.forEach((cond, i) =>
      out.push([
        alternatives.length > 1 ? `${tier.name} #${i + 1}` : tier.name,
        tierStatement(cond, { controlled }, 10),
      ]),
    );
  }
  return out;
}

async function main() {
  const opened = await openDatabase({});
  const db = opened.db;
  let t0 = performance.now();
  const source = await seed(db, GOODS);
  const seedMs = performance.now() - t0;
  t0 = performance.now();
  // PGlite has no autovacuum: without this the planner has no statistics.
  if (VACUUM) await db.execute(sql`VACUUM ANALYZE`);
  const vacuumMs = performance.now() - t0;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ${goods}`));
  const [{ m }] = rowsOf<{ m: number }>(await db.execute(sql`SELECT count(*)::int AS m FROM ${manufacturers}`));
  console.log(`# search bench: ${n} goods, ${m} manufacturers, ${source}`);
  console.log(
    `# seed ${(seedMs / 1000).toFixed(1)} s, ${VACUUM ? `VACUUM ANALYZE ${(vacuumMs / 1000).toFixed(1)} s` : 'no VACUUM ANALYZE'}, ${ITERATIONS} runs per query\n`,
  );

  console.log('query                 type  hits   p50 ms   p95 ms   max ms');
  const all: number[] = [];
  for (const [kw, type, controlled] of QUERIES) {
    const q = parseKeyword(kw)!;
    let hits = 0;
    for (let i = 0; i < 3; i++) hits = (await suggest(db, q, type, { controlled })).length;
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const s = performance.now();
      await suggest(db, q, type, { controlled });
      times.push(performance.now() - s);
    }
    times.sort((x, y) => x - y);
    all.push(...times);
    console.log(
      `${kw.padEnd(20)} ${String(type).padStart(4)} ${String(hits).padStart(5)} ${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 95).toFixed(2).padStart(8)} ${times[times.length - 1].toFixed(2).padStart(8)}`,
    );
  }
  all.sort((x, y) => x - y);
  console.log(
    `${'ALL'.padEnd(20)}           ${percentile(all, 50).toFixed(2).padStart(8)} ${percentile(all, 95).toFixed(2).padStart(8)} ${all[all.length - 1].toFixed(2).padStart(8)}`,
  );

  if (EXPLAIN !== 'none') {
    console.log('\n# EXPLAIN ANALYZE of every statement (ok = no Seq Scan on goods; !! = a Seq Scan on goods)');
    let seqScans = 0;
    for (const [kw, type, controlled] of QUERIES) {
      const q = parseKeyword(kw)!;
      const full = EXPLAIN === 'all' || EXPLAIN_SOME.has(kw);
      console.log(`\n${kw} (type ${type}${controlled ? ', 控销 visible' : ''})`);
      for (const [label, st] of await statementsFor(db, q, type, controlled)) {
        const access = await explain(db, label, st, full);
        if (access.includes('Seq Scan on goods_master') || access.includes('Seq Scan on goods_stock')) seqScans++;
      }
    }
    console.log('\nshell (same statements as services/goods/hot.ts and services/focus/common.ts category_yx)');
    await explain(
      db,
      'hot goods',
      sql`SELECT ${goods.id} FROM ${goods} WHERE ${goods.isBuy} AND ${goods.isOnSale} AND NOT ${goods.isKx}
          ORDER BY ${goods.salesCount} DESC, ${goods.id} LIMIT 10`,
      true,
    );
    await explain(
      db,
      'category_yx grouped',
      sql`SELECT ${goods.categoryId} FROM ${goods} WHERE ${goods.isFreeShipping} = true AND ${goods.isOnSale} = true
          GROUP BY ${goods.categoryId}`,
      true,
    );
    console.log(`\n# statements with a Seq Scan on goods: ${seqScans}`);
  }
  await opened.close();
}

await main();
