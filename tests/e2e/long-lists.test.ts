// Long lists and cheap tiles in a real Chromium against the real server (issue 21 §2): demo's cart
// holds 300 lines; the page mounts only the rows near the viewport, scrolling to the bottom shows
// the last line, and a quantity box that has the keyboard focus keeps it while its row is scrolled
// far out of view (the window keeps a focused row mounted). Then a goods list: 20 memoised tiles
// sharing one viewer observer still add to the cart from a tile. Viewport screenshots (E2E_SCREENSHOTS=1) go to the run's artifacts folder.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, newPage, screenshot, startServer, type RunningServer } from './harness';
import { apiData, RENDER_TIMEOUT_MS, serverCart, signIn } from './offline-buyer';

const LINES = 300;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ env: { SEED_GOODS: '600' } });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Quick-adds goods 1, 2, … until the cart has `lines` lines (some goods refuse: 控销, no stock), from Node. */
async function fillCart(page: Page, lines: number): Promise<number> {
  const cookie = (await page.context().cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; ');
  let count = 0;
  for (let id = 1; count < lines && id <= lines * 3; id++) {
    const res = await fetch(`${server.url}/api/cart/quick_add/${id}`, {
      method: 'POST',
      headers: { cookie, accept: 'application/json' },
    });
    const body = (await res.json()) as { code: number; data: { count: number } | null };
    if (body.code === 10000 && body.data) count = body.data.count;
  }
  return count;
}

/**
 * Two frames drawn, or half a second: a CI run (session 21) hung here for 3.5 minutes until the
 * test's own timeout, the page's script alive but no frame coming. The checks after the scrolling
 * wait for what the buyer would see, each with its own limit, so a stall now fails there by name.
 */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, 500);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );

describeBrowser('long lists', () => {
  it(
    'a 300-line cart mounts a window of rows, scrolls to its last line and keeps a focused row',
    { timeout: 240_000 },
    async () => {
      const page = await newPage(browser, server.url, { name: 'long-cart' });
      await signIn(page);
      expect(await fillCart(page, LINES)).toBe(LINES);
      expect(await serverCart(page)).toHaveLength(LINES);

      await page.goto('/cart');
      const table = page.getByRole('table', { name: '购物车商品' });
      const firstBox = table.getByRole('spinbutton').first();
      await firstBox.waitFor({ timeout: RENDER_TIMEOUT_MS });
      const firstLabel = (await firstBox.getAttribute('aria-label'))!;
      const mounted = await table.locator('[role="row"][data-index]').count();
      expect(mounted).toBeGreaterThan(5);
      expect(mounted).toBeLessThan(80);
      const rowCount = Number(await table.getAttribute('aria-rowcount'));
      expect(rowCount).toBeGreaterThan(LINES);
      await screenshot(page, 'long-lists-cart-top', { fullPage: false });

      // The buyer is typing in the first line's quantity, then scrolls to the end of the cart.
      const box = table.getByRole('spinbutton', { name: firstLabel });
      await box.focus();
      for (let i = 0; i < 200; i++) {
        const before = await page.evaluate(() => window.scrollY);
        await page.evaluate(() => window.scrollBy(0, window.innerHeight));
        await frames(page);
        if ((await page.evaluate(() => window.scrollY)) === before) break;
        if (i === 15) await screenshot(page, 'long-lists-cart-middle', { fullPage: false });
      }
      // The last row of the table (aria-rowindex = aria-rowcount) is mounted, the focus where it was.
      await table.locator(`[role="row"][aria-rowindex="${rowCount}"]`).waitFor({ timeout: RENDER_TIMEOUT_MS });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)).toBe(firstLabel);
      expect(await table.locator('[role="row"][data-index]').count()).toBeLessThan(80);
      await screenshot(page, 'long-lists-cart-bottom', { fullPage: false });

      // Focus leaves the list: the first row is an ordinary row again and goes when the window next moves.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (let k = 0; k < 2; k++) {
        await page.evaluate(() => window.scrollBy(0, -window.innerHeight));
        await frames(page);
      }
      await expect
        .poll(() => table.getByRole('spinbutton', { name: firstLabel }).count(), { timeout: RENDER_TIMEOUT_MS })
        .toBe(0);
      await page.close();
    },
  );

  it('a goods list of memoised tiles adds one goods to the cart from its tile', { timeout: 120_000 }, async () => {
    const page = await newPage(browser, server.url, { name: 'tiles' });
    await signIn(page);
    const before = (await serverCart(page)).length;
    const common = await apiData<{ category: { id: number }[] }>(page, '/api/focus/common');
    await page.goto(`/list?category_id=${common.category[0].id}`);
    const tiles = page.locator('article[aria-labelledby^="goods-tile-"]');
    await tiles.first().waitFor({ timeout: RENDER_TIMEOUT_MS });
    expect(await tiles.count()).toBeGreaterThanOrEqual(10);
    // A tile whose goods is not in the cart yet and can be bought.
    const inCart = new Set((await serverCart(page)).map((l) => l.goods.id));
    const ids = await tiles.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('aria-labelledby')!.replace('goods-tile-', ''))),
    );
    const buyable = await tiles.evaluateAll((els) =>
      els.map((el) =>
        [...el.querySelectorAll('button')].some((b) => b.textContent?.includes('加入购物车') && !b.disabled),
      ),
    );
    const index = ids.findIndex((id, i) => buyable[i] && !inCart.has(id));
    expect(index, 'a buyable tile not yet in the cart').toBeGreaterThanOrEqual(0);
    await tiles.nth(index).getByRole('button', { name: '加入购物车' }).click();
    await expect.poll(async () => (await serverCart(page)).length, { timeout: RENDER_TIMEOUT_MS }).toBe(before + 1);
    expect((await serverCart(page)).some((l) => l.goods.id === ids[index])).toBe(true);
    await page.close();
  });
});
