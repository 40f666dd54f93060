// The shop through nginx next to the shop direct (issue 33 §3): the same built app, once at
// http://localhost:<port> (HTTP/1.1, at most six connections per origin) and behind
// deploy/nginx/kangyuan.conf at https://localhost:<port> (TLS, HTTP/2: the page's chunks share one
// connection; hashed assets from nginx's disk), and that front again with the browser's HTTP/2 off
// (TLS, HTTP/1.1). Two measures, each as a visitor on a first visit:
// - Lighthouse mobile (slow 4G, 4× CPU, simulated: Lantern models per-origin connections and
//   HTTP/2 multiplexing from the observed trace) on home, list and detail: performance, LCP, TBT.
// - The first visit's hydration on a throttled real network (DevTools: 150 ms latency, 1.6 Mbit/s
//   down, 4× CPU): ms from navigation to the root's data-hydrated mark, on the drawn goods list.
// No budget: a comparison. Chromium trusts nginx's self-signed certificate by its key's hash
// (--ignore-certificate-errors-spki-list), so the page is a secure context as in production.
//
//   npx tsx bench/nginx.ts [--runs 3] [--skip lighthouse|hydration]
//
// Needs dist/ (npm run build), a Chromium (CHROME_PATH or /usr/bin/chromium), nginx (NGINX_PATH or
// Debian's nginx-light) and openssl. Figures depend on the machine's load: say so with them.
import { createHash, X509Certificate } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { nginxPath, startNginxFront } from '../tests/helpers/nginx-front.ts';
import { firstCategoryId } from './demo-shop';
import { browserBenchPrerequisites, CHROMIUM_ARGS, ROOT, startBuiltServer } from './real-server';
import { arg } from './cli';
import { launchDevtoolsChromium } from './devtools-chromium';
import { percentile } from './stats';

const THROTTLE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuRate: 4,
};

/** base64 SHA-256 of the certificate's public key, the form Chromium's SPKI allow-list takes. */
function spkiHash(certPem: string): string {
  const der = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

interface Sample {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function lighthouseSamples(
  devtoolsPort: number,
  url: string,
  runs: number,
): Promise<Sample & { protocol: string }> {
  const samples: Sample[] = [];
  let protocol = '';
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(url, {
      port: devtoolsPort,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr: Result = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    samples.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      fcpMs: num('first-contentful-paint'),
    });
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string; protocol?: string }[] } | undefined)
        ?.items ?? [];
    protocol = requests.find((r) => r.url.includes('/assets/'))?.protocol ?? '?';
  }
  return {
    performance: median(samples.map((s) => s.performance)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    fcpMs: median(samples.map((s) => s.fcpMs)),
    protocol,
  };
}

/** ms from navigation start to the root's data-hydrated mark, a cold first visit, throttled. */
async function hydrationMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.getElementById('root')?.hasAttribute('data-hydrated')) {
          (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.latency,
      downloadThroughput: THROTTLE.downloadThroughput,
      uploadThroughput: THROTTLE.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { hydratedAt?: number }).hydratedAt !== undefined,
      undefined,
      { timeout: 120_000 },
    );
    return page.evaluate(() => (window as unknown as { hydratedAt: number }).hydratedAt);
  } finally {
    await context.close();
  }
}

export async function nginxBench(opts: { runs: number; skip: string[] }): Promise<boolean> {
  console.log('== Through nginx (HTTP/2, TLS) next to direct (HTTP/1.1) ==');
  const exe = browserBenchPrerequisites();
  const nginx = nginxPath();
  if (!exe || !nginx) {
    console.log('skipped: needs a Chromium, dist/ (npm run build) and nginx (apt-get install nginx-light)');
    return true;
  }
  const server = await startBuiltServer({ tmpPrefix: 'bench-nginx-', env: { TRUST_PROXY: '1' } });
  const front = await startNginxFront({ nginx, appPort: server.port, distDir: path.join(ROOT, 'dist') });
  const args = [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${spkiHash(front.ca)}`];
  try {
    const categoryId = await firstCategoryId(server.url);
    const pages: [string, string][] = [
      ['home', '/'],
      ['list', `/list?category_id=${categoryId}`],
      ['detail', '/list/info/1'],
    ];
    // `nginx-h1`: the same front with HTTP/2 switched off in the browser, so TLS's cost and
    // HTTP/2's gain can be told apart (direct is plain http and pays no handshake).
    const ways: [string, string, string[]][] = [
      ['direct', server.url, args],
      ['nginx-h1', front.origin, [...args, '--disable-http2']],
      ['nginx', front.origin, args],
    ];
    console.log(`runs: ${opts.runs} per page and way, medians; the machine's load counts (say it with the figures)`);
    if (!opts.skip.includes('lighthouse')) {
      const rows = new Map<string, string[]>(pages.map(([name]) => [name, []]));
      for (const [way, origin, wayArgs] of ways) {
        const chrome = await launchDevtoolsChromium(exe, wayArgs);
        try {
          for (const [name, route] of pages) {
            const s = await lighthouseSamples(chrome.port, `${origin}${route}`, opts.runs);
            rows
              .get(name)!
              .push(
                `  ${`${name} ${way}`.padEnd(27)} ${String(s.performance).padStart(4)}  ${`${(s.lcpMs / 1000).toFixed(2)} s`.padEnd(7)}  ` +
                  `${`${s.tbtMs.toFixed(0)} ms`.padEnd(7)}  ${`${(s.fcpMs / 1000).toFixed(2)} s`.padEnd(7)}  ${s.protocol}`,
              );
          }
        } finally {
          await chrome.close();
        }
      }
      console.log('\nLighthouse mobile, visitor   perf  LCP      TBT      FCP      assets over');
      for (const lines of rows.values()) for (const line of lines) console.log(line);
    }
    if (!opts.skip.includes('hydration')) {
      console.log(
        `\nFirst visit to the drawn list, hydrated after (latency ${THROTTLE.latency} ms, 1.6 Mbit/s, CPU ×${THROTTLE.cpuRate})`,
      );
      for (const [way, origin, wayArgs] of ways) {
        const browser = await chromium.launch({ executablePath: exe, args: wayArgs });
        try {
          const times: number[] = [];
          for (let i = 0; i < opts.runs; i++)
            times.push(await hydrationMs(browser, `${origin}/list?category_id=${categoryId}`));
          times.sort((a, b) => a - b);
          console.log(
            `  ${way.padEnd(8)} p50 ${percentile(times, 50).toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
          );
        } finally {
          await browser.close();
        }
      }
    }
    return true;
  } finally {
    await front.stop();
    await server.dispose();
  }
}

/** What `npm run bench -- --only nginx` runs (bench/run.ts). */
export async function nginxComparison(): Promise<boolean> {
  return nginxBench({ runs: 3, skip: [] });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await nginxBench({
    runs: Number(arg('runs', '3')),
    skip: arg('skip', '').split(',').filter(Boolean),
  }))
    ? 0
    : 1;
}
