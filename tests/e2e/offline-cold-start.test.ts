// The installed app opened (a full load) while the shop's server is down but the browser is online
// (issue 16: the Wi-Fi is up, the uplink or the server is not — no setOffline anywhere here). demo
// browses online, the server process is stopped, and every page is then loaded afresh from the
// service worker: a line added from a goods detail and one from the list, a favourite, the cart
// draft opened and a quantity edited. None of it may send the buyer to the login page; once the
// server is back (same port and data) each change reaches it exactly once.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  startServer,
  untilApiWritesAnswered,
  type RunningServer,
  whileServerStopped,
} from './harness';
import {
  apiData,
  backToList,
  buyableTiles,
  clearServerCart,
  DRAFT_NOTE,
  OFFLINE_CONSOLE_ERRORS,
  openDetail,
  outboxCount,
  RENDER_TIMEOUT_MS,
  savedLocally,
  signIn,
  tileOf,
  waitForLocalStore,
  waitForServerCart,
  waitUntilCached,
  type CartLine,
} from './offline-buyer';

/** The top bar of an app started without the server, for the last signed-in account. */
const OFFLINE_GREETING = /您好，\s*demo\s*（离线）/;

/** Every URL the page was at, in-page navigations included, so a passing visit to /login shows. */
function recordUrls(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

/** A full load (not an in-page navigation) answered by the service worker, the browser online. */
async function coldStart(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.fromServiceWorker(), `${path} from the service worker`).toBe(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await page.getByText(OFFLINE_GREETING).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
}

describeBrowser('offline cold start: the server unreachable, the browser online', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'buyer' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds from detail and list, a favourite and a quantity edit stay with the buyer and reach the server once each', async () => {
    await signIn(page);
    await clearServerCart(page);

    // Online: the (empty) cart is kept, the list and three details are cached for demo.
    await page.goto('/cart');
    await page.getByText('购物车空空如也').waitFor({ timeout: RENDER_TIMEOUT_MS });
    await waitForLocalStore(page);
    await page.getByRole('link', { name: '去逛逛' }).click();
    const [fromDetail, fromList, fav] = await buyableTiles(page, 3);
    const listPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const favoritesBefore = await apiData<{ list: { id: number }[] }>(page, '/api/favorite?page=1');
    expect(favoritesBefore.list.map((g) => g.id)).not.toContain(fav.id);
    for (const pick of [fromDetail, fav]) {
      await openDetail(page, pick);
      await waitUntilCached(page, `/api/goods/detail/${pick.id}`);
      await backToList(page, fromDetail);
    }
    const ordersBefore = (await apiData<{ total: number }>(page, '/api/order?page=1')).total;

    allowConsoleErrors(page, ...OFFLINE_CONSOLE_ERRORS);
    const { urls, edited } = await whileServerStopped(
      server,
      async () => {
        const urls = recordUrls(page);

        // A goods detail, loaded afresh: add to cart, then favourite another goods.
        await coldStart(page, `/list/info/${fromDetail.id}`);
        await page.locator('h1').filter({ hasText: fromDetail.name }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
        await page.getByRole('button', { name: '加入购物车' }).first().click();
        await savedLocally(page);
        await coldStart(page, `/list/info/${fav.id}`);
        await page.locator('h1').filter({ hasText: fav.name }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
        await page.getByRole('button', { name: '收藏', exact: true }).click();
        await page.getByRole('button', { name: '已收藏' }).waitFor({ timeout: RENDER_TIMEOUT_MS });
        await expect.poll(() => outboxCount(page), { timeout: RENDER_TIMEOUT_MS }).toBe(2);

        // The list, loaded afresh: add from its tile.
        await coldStart(page, listPath);
        await tileOf(page, fromList).getByRole('button', { name: '加入购物车' }).click();
        await expect.poll(() => outboxCount(page), { timeout: RENDER_TIMEOUT_MS }).toBe(3);

        // The cart, loaded afresh: the draft with both lines; one quantity goes up a step.
        await coldStart(page, '/cart');
        await page.getByText(DRAFT_NOTE).waitFor({ timeout: RENDER_TIMEOUT_MS });
        for (const pick of [fromDetail, fromList])
          await page
            .getByRole('link', { name: pick.name, exact: true })
            .first()
            .waitFor({ timeout: RENDER_TIMEOUT_MS });
        const quantity = page.getByRole('spinbutton', { name: `${fromDetail.name} 购买数量` });
        const row = page.locator('[role="row"]').filter({ has: quantity });
        await row.getByRole('button', { name: '增加数量' }).click();
        await expect
          .poll(async () => Number(await quantity.getAttribute('aria-valuenow')), { timeout: RENDER_TIMEOUT_MS })
          .toBeGreaterThan(fromDetail.quantity);
        const edited = Number(await quantity.getAttribute('aria-valuenow'));
        await expect.poll(() => outboxCount(page), { timeout: RENDER_TIMEOUT_MS }).toBe(4);
        await screenshot(page, 'offline-cold-start-cart');
        return { urls, edited };
      },
      (s) => (server = s),
    );

    // The server is back: the outbox drains on its own (no reload), each change once.
    server = await startServer({ port: server.port, dataDir: server.dataDir });
    const both = (lines: CartLine[]) =>
      lines.length === 2 && [fromDetail, fromList].every((p) => lines.filter((l) => l.goods.id === p.id).length === 1);
    await waitForServerCart(
      page,
      (lines) => both(lines) && lines.some((l) => l.goods.id === fromDetail.id && l.number === edited),
      'cold-start changes',
    );
    await expect.poll(() => outboxCount(page), { timeout: RENDER_TIMEOUT_MS * 4 }).toBe(0);
    // Settled: the outbox is empty and every write sent has its answer, so nothing can arrive late
    // and double a line.
    await untilApiWritesAnswered(page);
    const lines = await waitForServerCart(page, both, 'settled cart');
    expect(lines.find((l) => l.goods.id === fromDetail.id)?.number).toBe(edited);
    expect(lines.find((l) => l.goods.id === fromList.id)?.number).toBe(fromList.quantity);
    const favorites = await apiData<{ list: { id: number }[] }>(page, '/api/favorite?page=1');
    expect(favorites.list.filter((g) => g.id === fav.id)).toHaveLength(1);
    expect((await apiData<{ total: number }>(page, '/api/order?page=1')).total).toBe(ordersBefore);

    expect(urls.filter((u) => new URL(u).pathname === '/login')).toEqual([]);
  });
});
