// Catalogue pack benchmark (issue 35, bench/README.md "Catalogue pack"): builds the pack of a
// rank-1 class on a seeded catalogue and prints its size (uncompressed columnar JSON, brotli as
// built, gzip as made lazily), the build time over --runs builds (query + encoding + brotli,
// overlapped), the first request (cold) and the following ones (warm, from memory),
// the decode time of every chunk (what the device does before storing), and an in-memory search
// and category list over the decoded goods (the device's read path without IndexedDB).
//
//   npx tsx bench/catalogue-pack.ts [--goods 20000] [--runs 3]
//   DATABASE_URL=postgres://… npx tsx bench/catalogue-pack.ts --goods 100000
//
// Figures are from one run on a shared, loaded machine: read them as an order of magnitude.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { isSeeded, seedDemo } from '../server/seed/index.ts';
import { buildPack, loadPackGoods, PACK_BROTLI_QUALITY, rebuildPack } from '../server/services/catalogue/pack-build.ts';
import { changeGoods } from '../server/services/catalogue/change-goods.ts';
import { rowsOf } from '../server/services/goods/search.ts';
import { currentPack } from '../server/services/catalogue/pack-cache.ts';
import {
  decodePackChunk,
  encodePackChunk,
  PACK_CHUNK_GOODS,
  packGoodsToListItem,
  type PackChunk,
  type PackGoods,
} from '../src/domain/catalogue-pack.ts';
import { UNRESTRICTED } from '../src/domain/business-scope.ts';
import { percentile } from './stats';
import { arg } from './cli';

/** Budgets of issue 35's table. */
export const PACK_BUDGETS = { bytes20k: 3 * 1024 * 1024, bytes100k: 15 * 1024 * 1024, buildMs20k: 2_000 };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

/** The machine's load (1, 5, 15 min), printed before and after: the figures depend on it. */
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const goodsWanted = Number(arg('goods', '20000'));
  const opened = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
  const db = opened.db;
  if (!(await isSeeded(db))) {
    const t0 = performance.now();
    await seedDemo(db, { goods: goodsWanted, now: new Date() });
    console.log(`seeded ${goodsWanted} goods in ${((performance.now() - t0) / 1000).toFixed(1)} s (${opened.kind})`);
  }
  // PGlite has no autovacuum: without statistics the planner guesses (as bench/catalogue.ts does).
  await db.execute(sql`VACUUM ANALYZE`);
  const deps = { db, clock: () => new Date() };
  // Where a build's time goes: the statement, the encoding, each compression.
  const q0 = performance.now();
  const rows = await loadPackGoods(db, { approved: true, isSpecial: false, rank: 1 });
  const queryMs = performance.now() - q0;
  const e0 = performance.now();
  const jsons: Buffer[] = [];
  for (let i = 0; i < rows.length; i += PACK_CHUNK_GOODS)
    jsons.push(Buffer.from(JSON.stringify(encodePackChunk('r1-std', 0, i, rows.slice(i, i + PACK_CHUNK_GOODS)))));
  const encodeMs = performance.now() - e0;
  const z0 = performance.now();
  for (const j of jsons) gzipSync(j, { level: 6 });
  const gzipMs = performance.now() - z0;
  const timesBr: string[] = [];
  for (const q of [4, 5, 6, 9]) {
    const b0 = performance.now();
    let size = 0;
    for (const j of jsons) size += brotliCompressSync(j, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }).length;
    timesBr.push(`q${q} ${(performance.now() - b0).toFixed(0)} ms → ${mb(size)}`);
  }
  console.log(
    `build parts (one thread): query ${queryMs.toFixed(0)} ms, encode ${encodeMs.toFixed(0)} ms, gzip-6 ${gzipMs.toFixed(0)} ms, brotli ${timesBr.join(', ')}`,
  );
  // Whole builds, several runs (each a fresh build: query pages, encoding, brotli, overlapped).
  const runs = Number(arg('runs', '3'));
  const buildMs: number[] = [];
  let built = await buildPack(db, 'r1-std', deps.clock);
  buildMs.push(built.buildMs);
  for (let i = 1; i < runs; i++) {
    built = await buildPack(db, 'r1-std', deps.clock);
    buildMs.push(built.buildMs);
  }
  const raw = built.chunks.reduce((n, c) => n + c.raw, 0);
  const br = built.chunks.reduce((n, c) => n + c.br.length, 0);
  const g0 = performance.now();
  const gzipped = await Promise.all(built.chunks.map((c) => c.gzip()));
  const gzipLazyMs = performance.now() - g0;
  const gz = gzipped.reduce((n, b) => n + b.length, 0);
  console.log(`pack r1-std: ${built.goods} goods in ${built.chunks.length} chunks, version ${built.version}`);
  console.log(
    `  size: raw ${mb(raw)}, brotli-${PACK_BROTLI_QUALITY} ${mb(br)} (built), gzip-6 ${mb(gz)} (made on a gzip client's first request: ${gzipLazyMs.toFixed(0)} ms for all chunks) (${(raw / built.goods).toFixed(0)} B/goods raw, ${(br / built.goods).toFixed(0)} B/goods brotli)`,
  );
  console.log(
    `  build (query pages + encoding + brotli, overlapped): ${buildMs.map((x) => x.toFixed(0)).join(', ')} ms over ${runs} runs`,
  );
  // A rebuild from the held pack and the change log: 10 goods and 1 % of the goods changed.
  for (const share of [10, Math.round(built.goods / 100)]) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM goods WHERE is_on_sale AND NOT is_kx ORDER BY random() LIMIT ${share}`),
    ).map((r) => r.id);
    for (const id of ids) await changeGoods(db, id, { stock: 123 }, new Date());
    const rebuilt = await rebuildPack(db, built, deps.clock);
    console.log(
      `  rebuild after ${share} goods changed: ${rebuilt.buildMs.toFixed(0)} ms (${typeof rebuilt.made === 'string' ? rebuilt.made : `${rebuilt.made.changed} goods read, ${rebuilt.made.chunks} of ${rebuilt.chunks.length} chunks encoded`})`,
    );
  }
  // Served: the first request of a process builds (cold; after boot warmPacks has done it), then
  // every request is answered from memory (warm), also while a stale pack rebuilds.
  const c0 = performance.now();
  await currentPack(deps, 'r1-std');
  const first = performance.now() - c0;
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) {
    const c1 = performance.now();
    await currentPack(deps, 'r1-std');
    warm.push(performance.now() - c1);
  }
  console.log(
    `  served: first request ${first.toFixed(0)} ms (cold: builds), then ${percentile(
      [...warm].sort((a, b) => a - b),
      95,
    ).toFixed(2)} ms p95 (warm: from memory)`,
  );

  const d0 = performance.now();
  const all: PackGoods[] = [];
  for (const c of built.chunks)
    all.push(...decodePackChunk(JSON.parse(brotliDecompressSync(c.br).toString('utf8')) as PackChunk));
  const items = all.map((g) => ({ g, item: packGoodsToListItem(g, { entitlement: UNRESTRICTED, prices: {} }) }));
  console.log(
    `  device decode (brotli + JSON + columns → list items): ${(performance.now() - d0).toFixed(0)} ms for ${items.length} goods`,
  );

  const terms = ['gm', 'ganm', 'kl', 'pian', 'jn', 'bl', 'yy', 'a'];
  const searchMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    const term = terms[i % terms.length]!;
    const s0 = performance.now();
    const hits = items
      .filter(({ g }) => g.pyi.startsWith(term) || g.py.startsWith(term) || g.name.includes(term))
      .slice(0, 50);
    void hits;
    searchMs.push(performance.now() - s0);
  }
  const listMs: number[] = [];
  const l1s = [...new Set(all.map((g) => g.category_l1))];
  for (let i = 0; i < 40; i++) {
    const cat = l1s[i % l1s.length]!;
    const s0 = performance.now();
    const page = items
      .filter(({ g }) => g.category_l1 === cat && g.stock > 0)
      .sort((a, b) => (a.g.base_price ?? 0) - (b.g.base_price ?? 0))
      .slice(0, 20);
    void page;
    listMs.push(performance.now() - s0);
  }
  console.log(
    `  in-memory search p95 ${percentile(
      [...searchMs].sort((a, b) => a - b),
      95,
    ).toFixed(2)} ms; category list (filtered, price-sorted) p95 ${percentile(
      [...listMs].sort((a, b) => a - b),
      95,
    ).toFixed(2)} ms (no CPU throttling)`,
  );
  const budget = goodsWanted >= 100_000 ? PACK_BUDGETS.bytes100k : PACK_BUDGETS.bytes20k;
  const worst = Math.max(...buildMs);
  console.log(
    `  budget: ≤ ${mb(budget)} transferred → ${br <= budget ? 'PASS' : 'FAIL'}; build ≤ 2 s (20k) → ${worst <= PACK_BUDGETS.buildMs20k ? 'PASS' : 'over'} (worst of ${runs})`,
  );
  await opened.close();
  console.log(`load average after: ${load()}`);
}

await main();
