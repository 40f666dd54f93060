// What a first visit's service-worker install costs (information, no budget; issue 30's browser
// layer, and a buyer's first visit): the real built app and server, a fresh browser context per run
// opening the home page — with the service worker, waited until it is active and its precache filled,
// and with service workers blocked — then the CPU time of Chromium's processes and of the server
// process over the same 3 s after the load, read from /proc (Linux only). The difference is the
// install: one fetch and one Cache Storage put per precached file (docs/decisions/test-layers.md,
// session 26).
//   npm run build && npx tsx bench/sw-install.ts [--runs 6]
// Needs dist/ (npm run build) and a Chromium (CHROME_PATH or /usr/bin/chromium).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { precacheUrls } from '../scripts/precache-pack';
import { arg } from './cli';
import { browserBenchPrerequisites, CHROMIUM_ARGS, ROOT, startBuiltServer } from './real-server';
import { percentile } from './stats';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ; 100 on Linux). */
const TICKS_PER_S = 100;
const SETTLE_MS = 3_000;

interface ProcessCpu {
  chromium: number;
  server: number;
}

/** CPU ms of this process's descendants: Chromium's processes and the rest (the server). */
function descendantsCpu(root: number): ProcessCpu {
  const parent = new Map<number, number>();
  const cpu = new Map<number, { ms: number; chromium: boolean }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may hold spaces: state, ppid, … utime (14th), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      parent.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), {
        ms: ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_S) * 1000,
        chromium: /chrom|headless/i.test(comm),
      });
    } catch {
      // The process ended while being read.
    }
  }
  const sum: ProcessCpu = { chromium: 0, server: 0 };
  for (const [pid, { ms, chromium: isChromium }] of cpu) {
    let up = parent.get(pid);
    while (up !== undefined && up !== root && up > 1) up = parent.get(up);
    if (up === root) sum[isChromium ? 'chromium' : 'server'] += ms;
  }
  return sum;
}

async function firstVisits(
  browser: import('playwright-core').Browser,
  url: string,
  serviceWorkers: 'allow' | 'block',
  runs: number,
): Promise<ProcessCpu[]> {
  const out: ProcessCpu[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ serviceWorkers });
    const page = await context.newPage();
    const before = descendantsCpu(process.pid);
    await page.goto(url);
    if (serviceWorkers === 'allow') {
      // Workbox's install event ends when every precache entry is stored; `ready` waits for it.
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active));
    }
    await page.waitForTimeout(SETTLE_MS);
    const after = descendantsCpu(process.pid);
    out.push({ chromium: after.chromium - before.chromium, server: after.server - before.server });
    await context.close();
  }
  return out;
}

function summary(label: string, rows: ProcessCpu[]): string {
  const med = (pick: (r: ProcessCpu) => number) =>
    percentile(
      rows.map(pick).sort((a, b) => a - b),
      50,
    ).toFixed(0);
  const each = rows.map((r) => `${r.chromium.toFixed(0)}+${r.server.toFixed(0)}`).join(', ');
  return `${label}: Chromium ${med((r) => r.chromium)} ms, server ${med((r) => r.server)} ms CPU (medians; per run Chromium+server: ${each})`;
}

export async function swInstallReport(runs = 6): Promise<boolean> {
  console.log('== Service-worker install on a first visit (CPU) ==');
  const exe = browserBenchPrerequisites();
  if (!exe || !existsSync('/proc/self/stat')) {
    console.log('skipped: needs a Chromium, dist/ (npm run build) and /proc');
    return true;
  }
  const precached = precacheUrls(readFileSync(path.join(ROOT, 'dist', 'sw.js'), 'utf8')).length;
  const server = await startBuiltServer({ tmpPrefix: 'bench-sw-install-' });
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  try {
    // The server's first answers (its caches, the drawn page's template) are not the install's.
    await firstVisits(browser, `${server.url}/`, 'block', 1);
    const blocked = await firstVisits(browser, `${server.url}/`, 'block', runs);
    const installed = await firstVisits(browser, `${server.url}/`, 'allow', runs);
    console.log(`precache entries listed in dist/sw.js: ${precached}; Chromium: ${exe}`);
    console.log(summary('home, service workers blocked', blocked));
    console.log(summary('home, the service worker installed', installed));
    return true;
  } finally {
    await browser.close();
    await server.dispose();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await swInstallReport(Number(arg('runs', '6')));
}
