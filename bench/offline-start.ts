// Offline start (DESIGN.md budget: FCP ≤ 1.0 s after one online visit, server stopped): the real
// built app and server, one online visit until the service worker controls the page, then the
// server is stopped and the page reloaded RUNS times; prints first-contentful-paint p50/p95.
// Needs dist/ (npm run build) and a Chromium (CHROME_PATH or /usr/bin/chromium).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { browserBenchPrerequisites, CHROMIUM_ARGS, startBuiltServer } from './real-server';
import { percentile } from './stats';

const BUDGET_MS = 1_000;
const RUNS = 15;

export async function offlineStartBudget(): Promise<boolean> {
  console.log('== Offline start (service worker, server stopped) ==');
  const exe = browserBenchPrerequisites();
  if (!exe) {
    console.log('skipped: needs a Chromium and dist/ (npm run build)');
    return true;
  }
  const server = await startBuiltServer({ tmpPrefix: 'bench-offline-' });
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 60_000 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await server.stop();
    // A mid-range phone: 4× slower CPU, as the Lighthouse mobile profile assumes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const fcps: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.reload({ waitUntil: 'load' });
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const seen = performance.getEntriesByName('first-contentful-paint')[0];
            if (seen) return resolve(seen.startTime);
            new PerformanceObserver((list) => {
              const e = list.getEntriesByName('first-contentful-paint')[0];
              if (e) resolve(e.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      );
      fcps.push(fcp);
    }
    fcps.sort((a, b) => a - b);
    const p50 = percentile(fcps, 50);
    const p95 = percentile(fcps, 95);
    const pass = p95 <= BUDGET_MS;
    console.log(`FCP offline (phone viewport, 4× CPU) p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms — budget ${BUDGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await browser.close();
    await server.dispose();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await offlineStartBudget()) ? 0 : 1;
}
