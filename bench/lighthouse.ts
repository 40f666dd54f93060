// Lighthouse mobile (DESIGN.md budget: performance ≥ 95, accessibility ≥ 95, LCP ≤ 2.0 s,
// CLS ≤ 0.05, TBT ≤ 150 ms on home, list, detail, search, cart). The real built app and server
// (fresh data dir, demo seed), the system Chromium, and Lighthouse 12's default (mobile) config:
// a Moto G Power sized screen, simulated throttling = slow 4G + 4× CPU. Every page is measured
// signed in as the demo buyer (buyers are signed in; the cart needs it) by sending the session
// cookie with every request; the demo cart is first filled with CART_LINES lines. Each page runs RUNS times; the table shows per-metric medians, and
// for a page over budget the failing audits of its median run (by performance score).
//
//   npx tsx bench/lighthouse.ts [--runs 3] [--pages home,cart] [--save <dir>]
//
// Needs dist/ (npm run build; nothing is built here) and a Chromium (CHROME_PATH or
// /usr/bin/chromium). --save writes each page's median-run report as <dir>/<page>.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { fillCart, firstCategoryId, signInDemo } from './demo-shop';
import { browserBenchPrerequisites, startBuiltServer } from './real-server';
import { launchDevtoolsChromium } from './devtools-chromium';
import { median } from './stats';

/** Issue 36's budgets (accessibility 100: issue 36's table; DESIGN.md said ≥ 95). */
export const BUDGET = { performance: 95, accessibility: 100, lcpMs: 2_000, cls: 0.05, tbtMs: 150 } as const;
/** The app's mark at the hydration's commit (src/app/hydrated-mark.tsx), written here, not imported. */
const HYDRATED_MARK = 'shop:hydrated';
/** The demo buyer's cart starts empty; a working cart has lines. */
const CART_LINES = 20;
const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** Issue 21: the home page's LCP at most 1.3× that of a static page with the same hero. */
const LCP_RATIO_BUDGET = 1.3;

interface Sample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** When the app marked its hydration, from the navigation; null when that is not in the trace. */
  hydratedMs: number | null;
  /** Lighthouse's measure of this machine's speed at the run (issue 36: printed with every figure). */
  benchmarkIndex: number;
}

/** The hydration's mark as Lighthouse's "User Timing marks" audit lists it, if the trace caught it. */
function hydratedAt(lhr: Result): number | null {
  const details = lhr.audits['user-timings']?.details as
    | { items?: { name?: string; startTime?: number }[] }
    | undefined;
  const mark = details?.items?.find((item) => item.name === HYDRATED_MARK);
  return typeof mark?.startTime === 'number' ? mark.startTime : null;
}

function sampleOf(lhr: Result): Sample {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    hydratedMs: hydratedAt(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function failures(s: Sample): string[] {
  const out: string[] = [];
  if (s.performance < BUDGET.performance) out.push('performance');
  if (s.accessibility < BUDGET.accessibility) out.push('accessibility');
  if (s.lcpMs > BUDGET.lcpMs) out.push('LCP');
  if (s.cls > BUDGET.cls) out.push('CLS');
  if (s.tbtMs > BUDGET.tbtMs) out.push('TBT');
  return out;
}

/** The audits that cost points: weighted a11y audits below 1, performance audits below 0.9. */
function failingAudits(lhr: Result): string[] {
  const lines: string[] = [];
  for (const [category, threshold] of [
    ['accessibility', 1],
    ['performance', 0.9],
  ] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= threshold) continue;
      if (
        audit.scoreDisplayMode === 'informative' ||
        audit.scoreDisplayMode === 'notApplicable' ||
        audit.scoreDisplayMode === 'manual'
      )
        continue;
      if (category === 'accessibility' && ref.weight === 0) continue;
      lines.push(
        `    [${category}] ${audit.id} (score ${audit.score}): ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`,
      );
      // Some audits' details.items is not a list (an object per phase, e.g. the LCP breakdown).
      const raw: unknown = (audit.details as { items?: unknown } | undefined)?.items;
      const items = Array.isArray(raw)
        ? (raw as { node?: { selector?: string; snippet?: string }; url?: string }[])
        : [];
      for (const item of items.slice(0, 3)) {
        const where = item.node ? `${item.node.selector ?? ''} ${item.node.snippet ?? ''}` : item.url;
        if (where) lines.push(`        ${where.slice(0, 160)}`);
      }
    }
  }
  return lines;
}

const fmtMs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export type Viewer = 'demo' | 'visitor';

export interface LighthouseOptions {
  runs: number;
  /** Page names to measure (home, list, detail, search, cart, help); all when empty. */
  pages: string[];
  /** Who opens the pages: the signed-in demo buyer, a visitor, or both (the default). */
  viewers?: Viewer[];
  saveDir?: string;
}

/**
 * The yardstick of the "LCP ratio" budget: a static page on the same server with the home page's
 * hero picture and nothing else, measured in the same run.
 */
const STATIC_HERO_FILE = 'bench-static-hero.html';
const STATIC_HERO_HTML =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>hero</title><style>body{margin:0}img{display:block;width:100%;height:auto}</style></head>' +
  '<body><img src="/media/banner/index-1.svg" alt="" width="1200" height="400" fetchpriority="high"></body></html>';

export async function lighthouseBench(opts: LighthouseOptions): Promise<boolean> {
  console.log('== Lighthouse mobile (slow 4G, 4× CPU, simulated) ==');
  const exe = browserBenchPrerequisites();
  if (!exe) {
    console.log('skipped: needs a Chromium and dist/ (npm run build)');
    return true;
  }
  const server = await startBuiltServer({ tmpPrefix: 'bench-lighthouse-' });
  let chrome: Awaited<ReturnType<typeof launchDevtoolsChromium>> | null = null;
  let chromeFor: Viewer | null = null;
  try {
    const cookie = await signInDemo(server.url);
    const categoryId = await firstCategoryId(server.url);
    const cartLines = await fillCart(server.url, cookie, CART_LINES);
    writeFileSync(path.join(DIST_DIR, STATIC_HERO_FILE), STATIC_HERO_HTML);
    const allPages: [string, string][] = [
      ['home', '/'],
      ['list', `/list?category_id=${categoryId}`],
      ['detail', '/list/info/1'],
      ['search', '/search?keywords=gml'],
      ['cart', '/cart'],
      ['help', '/help/xrzn/gwzn'],
    ];
    const viewers = opts.viewers ?? ['demo', 'visitor'];
    const wanted = allPages.filter(([name]) => opts.pages.length === 0 || opts.pages.includes(name));
    // The cart is members-only: a visitor is sent to the login page.
    const pages: [string, string, Viewer][] = viewers.flatMap((viewer) =>
      wanted
        .filter(([name]) => viewer === 'demo' || name !== 'cart')
        .map(([name, route]): [string, string, Viewer] => [name, route, viewer]),
    );
    if (opts.pages.length === 0 || opts.pages.includes('home'))
      pages.push(['static-hero', `/${STATIC_HERO_FILE}`, 'visitor']);
    console.log(
      `as ${viewers.join(' and ')} (demo's cart: ${cartLines} lines); ${opts.runs} runs per page, per-metric median`,
    );

    const rows: { name: string; med: Sample; failed: string[]; report: Result }[] = [];
    for (const [page, route, viewer] of pages) {
      const name = page === 'static-hero' ? page : `${page}/${viewer}`;
      const lhrs: Result[] = [];
      // A browser of its own per viewer: Lighthouse resets storage between runs but keeps cookies,
      // and a signed-in page's sliding session refresh (Set-Cookie) would sign the visitor in.
      if (chromeFor !== viewer || !chrome) {
        await chrome?.close();
        chrome = await launchDevtoolsChromium(exe);
        chromeFor = viewer;
      }
      for (let i = 0; i < opts.runs; i++) {
        const result = await lighthouse(`${server.url}${route}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: viewer === 'demo' ? { Cookie: cookie } : {},
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${route}`);
        if (result.lhr.runtimeError)
          throw new Error(`lighthouse on ${route}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        lhrs.push(result.lhr);
        const s = sampleOf(result.lhr);
        console.log(
          `  ${name} run ${i + 1}: perf ${s.performance}, a11y ${s.accessibility}, LCP ${fmtMs(s.lcpMs)}, CLS ${s.cls.toFixed(3)}, TBT ${s.tbtMs.toFixed(0)} ms, FCP ${fmtMs(s.fcpMs)}, ` +
            `${page === 'static-hero' ? '' : s.hydratedMs === null ? 'hydration NOT in the trace, ' : `hydrated ${fmtMs(s.hydratedMs)}, `}benchmarkIndex ${s.benchmarkIndex.toFixed(0)}`,
        );
      }
      const samples = lhrs.map(sampleOf);
      const med: Sample = {
        performance: median(samples.map((s) => s.performance)),
        accessibility: median(samples.map((s) => s.accessibility)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        cls: median(samples.map((s) => s.cls)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        fcpMs: median(samples.map((s) => s.fcpMs)),
        hydratedMs: samples.some((s) => s.hydratedMs === null) ? null : median(samples.map((s) => s.hydratedMs ?? 0)),
        benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
      };
      // The run whose performance score is the median stands for the page in the audit list.
      const byPerf = lhrs.map((lhr, i) => ({ lhr, p: samples[i].performance })).sort((a, b) => a.p - b.p);
      const report = byPerf[Math.floor(byPerf.length / 2)].lhr;
      // Issue 36: a TBT is only a figure of the hydration's cost when the hydration was traced.
      const untraced = samples.filter((x) => x.hydratedMs === null).length;
      const failed = page === 'static-hero' ? [] : failures(med);
      if (page !== 'static-hero' && untraced > 0)
        failed.push(`hydration outside the trace in ${untraced} of ${samples.length} runs`);
      rows.push({ name, med, failed, report });
      if (opts.saveDir) {
        mkdirSync(opts.saveDir, { recursive: true });
        writeFileSync(path.join(opts.saveDir, `${name.replace('/', '-')}.json`), JSON.stringify(report));
      }
    }

    console.log(
      `\npage     perf  a11y  LCP      CLS    TBT      FCP      hydrated  bIndex  budget (perf ≥ ${BUDGET.performance}, a11y ≥ ${BUDGET.accessibility}, ` +
        `LCP ≤ ${fmtMs(BUDGET.lcpMs)}, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms)`,
    );
    for (const { name, med, failed } of rows) {
      console.log(
        `${name.padEnd(8)} ${String(med.performance).padStart(4)}  ${String(med.accessibility).padStart(4)}  ${fmtMs(med.lcpMs).padEnd(7)}  ` +
          `${med.cls.toFixed(3)}  ${`${med.tbtMs.toFixed(0)} ms`.padEnd(7)}  ${fmtMs(med.fcpMs).padEnd(7)}  ` +
          `${(med.hydratedMs === null ? '—' : fmtMs(med.hydratedMs)).padEnd(8)}  ${med.benchmarkIndex.toFixed(0).padEnd(6)}  ` +
          `${failed.length ? `FAIL (${failed.join(', ')})` : 'PASS'}`,
      );
    }
    for (const { name, failed, report } of rows) {
      if (failed.length === 0) continue;
      console.log(`\n${name}: failing audits of the median run`);
      for (const line of failingAudits(report)) console.log(line);
    }
    const hero = rows.find((r) => r.name === 'static-hero');
    for (const home of rows.filter((r) => r.name.startsWith('home/'))) {
      if (!hero) break;
      const ratio = home.med.lcpMs / hero.med.lcpMs;
      console.log(
        `LCP ratio ${home.name} / static page with the same hero: ${ratio.toFixed(2)} (budget ≤ ${LCP_RATIO_BUDGET})`,
      );
      if (ratio > LCP_RATIO_BUDGET) home.failed.push('LCP ratio');
    }
    const pass = rows.every((r) => r.failed.length === 0);
    console.log(pass ? '# lighthouse: PASS' : '# lighthouse: FAIL');
    return pass;
  } finally {
    rmSync(path.join(DIST_DIR, STATIC_HERO_FILE), { force: true });
    await chrome?.close();
    await server.dispose();
  }
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** What `npm run bench` runs (bench/run.ts). */
export async function lighthouseBudget(): Promise<boolean> {
  return lighthouseBench({ runs: 3, pages: [] });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await lighthouseBench({
    runs: Number(arg('runs') ?? 3),
    pages: (arg('pages') ?? '').split(',').filter(Boolean),
    viewers: arg('as')
      ? (arg('as') ?? '').split(',').filter((v): v is Viewer => v === 'demo' || v === 'visitor')
      : undefined,
    saveDir: arg('save'),
  }))
    ? 0
    : 1;
}
