// Main-thread work of the pages with many rows or tiles, from Chromium traces at 4× CPU (the
// Lighthouse mobile profile's CPU): the goods list and search results (20 tiles with their
// add-to-cart controls), one tile's add to cart, the list page traced on until the local store
// (Dexie, the sync engine) has started — when its chunks are requested, against first paint —
// and a 300-line cart (load, then scrolled to the bottom). Each case runs RUNS times; the table shows medians of scripting time (what DevTools'
// Performance panel calls Scripting: script evaluation, compilation, function calls, event,
// timer, animation-frame and microtask callbacks on the renderer's main thread, nested events
// counted once), the longest task and the blocking time (Σ task − 50 ms over tasks > 50 ms).
// Informational: no budget (the Lighthouse bench holds the TBT budget); see bench/README.md.
//
//   npm run build && npx tsx bench/main-thread.ts [--runs 3] [--cases list,search,add,store,cart,scroll] [--save /tmp/traces]
//
// The real built app and server (real-server.ts: fresh temp DATA_DIR, 600 seeded goods so the
// demo buyer's cart can hold 300 lines), the system Chromium through playwright-core, signed in
// as the demo buyer (the session cookie from POST /api/user/login). Figures on a shared 2-core
// machine vary by ±10 %: compare medians of the same run or of runs close in time.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { cookiesFor, fillCart, firstCategoryId, signInDemo } from './demo-shop';
import { browserBenchPrerequisites, CHROMIUM_ARGS, startBuiltServer } from './real-server';
import { median } from './stats';

const CART_LINES = 300;
const CPU_SLOWDOWN = 4;
/** A phone-sized window (Lighthouse's mobile preset is 412×823). */
const VIEWPORT = { width: 412, height: 823 };
/** Quiet time after the page's last request before the trace stops. */
const SETTLE_MS = 1_500;

/** Trace events DevTools counts as Scripting. */
const SCRIPTING_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'V8.Execute',
  'ParseHTML',
]);
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  '__metadata',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

export interface MainThreadSample {
  scriptingMs: number;
  longestTaskMs: number;
  blockingMs: number;
  /**
   * Scripting from the request of the local store's first chunk (Dexie: db-*.js, the engine:
   * store-*.js, local-wiring-*.js) to the end of the trace: the store's start, plus whatever else
   * ran then (an upper bound). 0 when the store did not load.
   */
  localStoreEvalMs: number;
}

/** The local store's chunks: Dexie and the sync engine arrive by dynamic import (src/local/index.ts). */
const LOCAL_STORE_CHUNK = /^\/assets\/(db|store|local-wiring)-[\w-]{8}\.js$/;

const pathOf = (url: string | undefined): string => {
  try {
    return url ? new URL(url).pathname : '';
  } catch {
    return '';
  }
};

/** Merged length (µs) of intervals, so a call nested in another counts once. */
function unionLength(intervals: [number, number][]): number {
  intervals.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  let start = 0;
  for (const [s, e] of intervals) {
    if (s > end) {
      if (end > -Infinity) total += end - start;
      start = s;
      end = e;
    } else if (e > end) end = e;
  }
  if (end > -Infinity) total += end - start;
  return total;
}

/** Scripting, longest task and blocking time on the renderers' main threads of one trace. */
export function summariseTrace(events: readonly TraceEvent[]): MainThreadSample {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  const script = new Map<string, [number, number][]>();
  let longest = 0;
  let blocking = 0;
  const storeRequests = events
    .filter((e) => e.name === 'ResourceSendRequest' && LOCAL_STORE_CHUNK.test(pathOf(e.args?.data?.url)))
    .map((e) => e.ts);
  const storeFrom = storeRequests.length > 0 ? Math.min(...storeRequests) : Infinity;
  const afterStore = new Map<string, [number, number][]>();
  for (const e of onMain) {
    const dur = e.dur ?? 0;
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      longest = Math.max(longest, dur);
      if (dur > 50_000) blocking += dur - 50_000;
    }
    if (SCRIPTING_EVENTS.has(e.name)) {
      const key = `${e.pid}:${e.tid}`;
      const list = script.get(key) ?? [];
      list.push([e.ts, e.ts + dur]);
      script.set(key, list);
      if (e.ts >= storeFrom) afterStore.set(key, [...(afterStore.get(key) ?? []), [e.ts, e.ts + dur]]);
    }
  }
  let scripting = 0;
  for (const list of script.values()) scripting += unionLength(list);
  let localStore = 0;
  for (const list of afterStore.values()) localStore += unionLength(list);
  return {
    scriptingMs: scripting / 1000,
    longestTaskMs: longest / 1000,
    blockingMs: blocking / 1000,
    localStoreEvalMs: localStore / 1000,
  };
}

/** Resolves once no request has been in flight for SETTLE_MS. */
function settled(page: Page): Promise<void> {
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  return new Promise((resolve) => {
    const arm = () => {
      if (timer) clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, SETTLE_MS);
    };
    const up = () => {
      inFlight += 1;
      if (timer) clearTimeout(timer);
    };
    const down = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const done = () => {
      page.off('request', up);
      page.off('requestfinished', down);
      page.off('requestfailed', down);
      resolve();
    };
    page.on('request', up);
    page.on('requestfinished', down);
    page.on('requestfailed', down);
    arm();
  });
}

async function traced(
  browser: Browser,
  page: Page,
  save: string | null,
  name: string,
  action: () => Promise<void>,
): Promise<MainThreadSample> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await action();
  const buffer = await browser.stopTracing();
  if (save) writeFileSync(path.join(save, `${name}.json`), buffer);
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return summariseTrace(parsed.traceEvents);
}

/** A fresh page at 4× CPU in the signed-in context. */
async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** Loads `url` cold in the page and waits for `ready` and the network to settle. */
async function load(page: Page, url: string, ready: string): Promise<void> {
  const quiet = settled(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await quiet;
}

interface LocalStoreTiming {
  fcp: number | null;
  load: number | null;
  store: number | null;
}
const localStoreTimings: LocalStoreTiming[] = [];

type CaseName = 'list' | 'search' | 'add' | 'store' | 'cart' | 'scroll';
const CASES: CaseName[] = ['list', 'search', 'add', 'store', 'cart', 'scroll'];
const CASE_TEXT: Record<CaseName, string> = {
  list: 'goods list, first load (20 tiles)',
  search: 'search results, first load',
  add: 'list: one tile 加入购物车',
  store: 'list, until the local store has started',
  cart: `cart (${CART_LINES} lines), first load`,
  scroll: `cart (${CART_LINES} lines), scrolled to the bottom`,
};

const TILE = 'article[aria-labelledby^="goods-tile-"]';
const CART_ROW = '[role="table"][aria-label="购物车商品"] [role="row"][aria-rowindex="3"]';

async function runCase(
  name: CaseName,
  browser: Browser,
  context: BrowserContext,
  base: string,
  listUrl: string,
  save: string | null,
  run: number,
): Promise<MainThreadSample> {
  const page = await throttledPage(context);
  const tag = `${name}-${run}`;
  try {
    switch (name) {
      case 'list':
        return await traced(browser, page, save, tag, () => load(page, listUrl, TILE));
      case 'store': {
        // The list page again, traced until the local store's chunks have loaded and run.
        const storeLoaded = page
          .waitForResponse((r) => LOCAL_STORE_CHUNK.test(new URL(r.url()).pathname), { timeout: 15_000 })
          .catch(() => null);
        const sample = await traced(browser, page, save, tag, async () => {
          await load(page, listUrl, TILE);
          await storeLoaded;
          await settled(page);
        });
        // When the local store's chunks were asked for, against first paint and the load event.
        const timing = (await page.evaluate(`(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const nav = performance.getEntriesByType('navigation')[0];
          const store = performance.getEntriesByType('resource').filter((r) => ${LOCAL_STORE_CHUNK}.test(new URL(r.name).pathname));
          return { fcp: fcp ? fcp.startTime : null, load: nav ? nav.loadEventEnd : null, store: store.length ? Math.min(...store.map((r) => r.startTime)) : null };
        })()`)) as LocalStoreTiming;
        localStoreTimings.push(timing);
        return sample;
      }
      case 'search':
        return await traced(browser, page, save, tag, () => load(page, `${base}/search?keywords=gml`, TILE));
      case 'add': {
        await load(page, listUrl, TILE);
        const button = page.locator(`${TILE} button:has-text("加入购物车"):not([disabled])`).first();
        return await traced(browser, page, save, tag, async () => {
          const answered = page.waitForResponse(
            (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart',
            { timeout: 30_000 },
          );
          await button.click();
          await answered;
          await settled(page);
        });
      }
      case 'cart':
        return await traced(browser, page, save, tag, () => load(page, `${base}/cart`, CART_ROW));
      case 'scroll': {
        await load(page, `${base}/cart`, CART_ROW);
        return await traced(browser, page, save, tag, async () => {
          // Steps of about one screen, each after the last one's frame: a buyer flicking down.
          // A string, not a function: tsx would wrap named closures in a helper the page lacks.
          await page.evaluate(`(async () => {
            const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
            for (let i = 0; i < 200; i++) {
              const before = window.scrollY;
              window.scrollBy(0, Math.round(window.innerHeight * 0.9));
              await frame();
              if (window.scrollY === before) break;
            }
          })()`);
          await page.waitForTimeout(500);
        });
      }
    }
  } finally {
    await page.close();
  }
}

export interface MainThreadOptions {
  runs?: number;
  cases?: CaseName[];
  save?: string | null;
}

/** Prints the table; returns true (informational, no budget) or true when skipped. */
export async function mainThreadReport(opts: MainThreadOptions = {}): Promise<boolean> {
  console.log('== Main-thread work (Chromium traces, 4× CPU) ==');
  const exe = browserBenchPrerequisites();
  if (!exe) {
    console.log('skipped: needs a Chromium and dist/ (npm run build)');
    return true;
  }
  const runs = opts.runs ?? 3;
  const cases = opts.cases ?? CASES;
  const save = opts.save ?? null;
  if (save) mkdirSync(save, { recursive: true });
  const server = await startBuiltServer({ seedGoods: 600, tmpPrefix: 'bench-main-thread-' });
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  try {
    const cookie = await signInDemo(server.url);
    const lines = cases.some((c) => c === 'cart' || c === 'scroll')
      ? await fillCart(server.url, cookie, CART_LINES)
      : 0;
    const listUrl = `${server.url}/list?category_id=${await firstCategoryId(server.url)}`;
    const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
    await context.addCookies(cookiesFor(cookie, server.url));
    if (lines > 0) console.log(`demo cart: ${lines} lines`);
    const listStoreEval: number[] = [];
    console.log(
      `${runs} runs per case, medians; viewport ${VIEWPORT.width}×${VIEWPORT.height}, CPU ${CPU_SLOWDOWN}× slower`,
    );
    console.log('case                                        scripting   longest task   blocking (Σ>50 ms)');
    for (const name of cases) {
      const samples: MainThreadSample[] = [];
      for (let run = 0; run < runs; run++)
        samples.push(await runCase(name, browser, context, server.url, listUrl, save, run));
      if (name === 'store') listStoreEval.push(...samples.map((s) => s.localStoreEvalMs));
      const m = (pick: (s: MainThreadSample) => number) => `${median(samples.map(pick)).toFixed(0)} ms`;
      console.log(
        `${CASE_TEXT[name].padEnd(42)}  ${m((s) => s.scriptingMs).padStart(9)}   ${m((s) => s.longestTaskMs).padStart(12)}   ${m((s) => s.blockingMs).padStart(9)}` +
          `   (scripting per run: ${samples.map((s) => s.scriptingMs.toFixed(0)).join(', ')})`,
      );
    }
    if (localStoreTimings.length > 0) {
      const ms = (pick: (t: LocalStoreTiming) => number | null) => {
        const xs = localStoreTimings.map(pick).filter((x): x is number => x !== null);
        return xs.length ? `${median(xs).toFixed(0)} ms` : 'not loaded';
      };
      console.log(
        `local store (Dexie + sync engine) on the list page: chunks requested at ${ms((t) => t.store)} after navigation ` +
          `(first paint ${ms((t) => t.fcp)}, load event ${ms((t) => t.load)}); scripting from then on ${median(listStoreEval).toFixed(0)} ms (the store's start and anything else late)`,
      );
    }
    await context.close();
    return true;
  } finally {
    await browser.close();
    await server.dispose();
  }
}

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const picked = arg('cases')?.split(',').filter(Boolean) as CaseName[] | undefined;
  const unknown = (picked ?? []).filter((c) => !CASES.includes(c));
  if (unknown.length > 0) throw new Error(`unknown case ${unknown.join(', ')}; known: ${CASES.join(', ')}`);
  await mainThreadReport({ runs: Number(arg('runs') ?? 3), cases: picked, save: arg('save') ?? null });
}
