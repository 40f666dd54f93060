// Screenshots of the main pages, for comparing the look before and after a style change
// (docs/decisions/style-system.md). Not a test: run it against a running server, e.g.
//   PORT=3101 DATA_DIR=/tmp/style-data npx tsx server/start.ts
//   npx tsx tests/e2e/screenshots.ts before http://localhost:3101
// and compare two labels with `npx tsx tests/e2e/screenshots.ts compare before after` (a pixel
// diff; *.diff.png marks the differing pixels in red).
// Files go to tests/e2e/artifacts/screens/<label>/ (git-ignored).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

// Not imported from ./harness: that module registers vitest hooks and only loads inside vitest.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SCREENS_DIR = path.join(REPO_ROOT, 'tests/e2e/artifacts/screens');
const VIEWPORT = { width: 1280, height: 900 };
/** Goods added to the cart before its shot; the same ids every run so two runs compare. */
const CART_GOODS_IDS = [1, 2, 3, 4, 5, 6];
const SETTLE_MS = 1_500;

const PAGES: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'list', path: '/list_index' },
  { name: 'detail', path: '/list_info/1' },
  { name: 'help', path: '/help/xrzn/gwzn' },
  { name: 'cart', path: '/cart' },
  { name: 'orders', path: '/order' },
  { name: 'invoices', path: '/dzfp' },
  { name: 'invoices-mine', path: '/dzfp?tab=mine' },
  { name: 'favourites', path: '/star' },
];

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.fill('input[name="username"]', 'demo');
  await page.fill('input[name="password"]', 'demo1234');
  await page.click('button[type="submit"]');
  await page.waitForURL((u) => u.pathname === '/');
}

/** Adds each goods once (run against a fresh data dir, or the cart grows every run). */
async function fillCart(page: Page): Promise<void> {
  for (const id of CART_GOODS_IDS) {
    await page.goto(`/list_info/${id}`);
    const button = page.getByRole('button', { name: '加入购物车' }).first();
    const found = await button.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!found) continue;
    await button.click();
    await page
      .getByText('加入购物车成功')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
  }
}

async function shoot(label: string, baseUrl: string): Promise<void> {
  const dir = path.join(SCREENS_DIR, label);
  mkdirSync(dir, { recursive: true });
  const browser = await launch();
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: VIEWPORT,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    await signIn(page);
    await fillCart(page);
    for (const { name, path: url } of PAGES) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(SETTLE_MS);
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
      console.log(`${label}/${name}.png`);
    }
  } finally {
    await browser.close();
  }
}

function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
}

/**
 * Pixel diff of two labels, decoded by Chromium itself (no PNG decoder in node_modules): prints
 * the share of differing pixels per page and writes <b>/<page>.diff.png with them in red.
 */
async function compare(a: string, b: string): Promise<void> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    // tsx (esbuild keepNames) wraps named functions in __name(); the page has no such helper.
    await page.evaluate('globalThis.__name = (fn) => fn');
    for (const file of readdirSync(path.join(SCREENS_DIR, a)).filter((f) => !f.endsWith('.diff.png'))) {
      const right = path.join(SCREENS_DIR, b, file);
      let rightPng: string;
      try {
        rightPng = readFileSync(right).toString('base64');
      } catch {
        console.log(`${file}: missing in ${b}`);
        continue;
      }
      const leftPng = readFileSync(path.join(SCREENS_DIR, a, file)).toString('base64');
      const result = await page.evaluate(diffInPage, { leftPng, rightPng });
      writeFileSync(right.replace(/\.png$/, '.diff.png'), Buffer.from(result.diffPng, 'base64'));
      const share = ((100 * result.differing) / result.total).toFixed(3);
      console.log(`${file}: ${result.size} ${result.differing} px differ (${share} %)`);
    }
  } finally {
    await browser.close();
  }
}

/** Runs in the page: both PNGs onto canvases, compared pixel by pixel. */
async function diffInPage({ leftPng, rightPng }: { leftPng: string; rightPng: string }) {
  const load = async (b64: string) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(img, 0, 0);
    return { canvas, ctx, data: ctx.getImageData(0, 0, img.width, img.height) };
  };
  const left = await load(leftPng);
  const right = await load(rightPng);
  const width = Math.max(left.canvas.width, right.canvas.width);
  const height = Math.max(left.canvas.height, right.canvas.height);
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const outCtx = out.getContext('2d');
  if (!outCtx) throw new Error('no 2d context');
  outCtx.globalAlpha = 0.25;
  outCtx.drawImage(right.canvas, 0, 0);
  outCtx.globalAlpha = 1;
  outCtx.fillStyle = 'red';
  let differing = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside =
        x < left.canvas.width && y < left.canvas.height && x < right.canvas.width && y < right.canvas.height;
      let same = inside;
      if (inside) {
        const li = (y * left.canvas.width + x) * 4;
        const ri = (y * right.canvas.width + x) * 4;
        for (let k = 0; k < 4 && same; k += 1) same = left.data.data[li + k] === right.data.data[ri + k];
      }
      if (!same) {
        differing += 1;
        outCtx.fillRect(x, y, 1, 1);
      }
    }
  }
  const size = `${left.canvas.width}x${left.canvas.height} vs ${right.canvas.width}x${right.canvas.height}`;
  return { differing, total: width * height, size, diffPng: out.toDataURL('image/png').split(',')[1] ?? '' };
}

const [command, first, second] = process.argv.slice(2);
if (command === 'compare' && first && second) await compare(first, second);
else if (command && first) await shoot(command, first);
else {
  console.error('usage: screenshots.ts <label> <base-url> | compare <label-a> <label-b>');
  process.exit(1);
}
