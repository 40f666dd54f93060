// Server rendering in a real Chromium (issue 21 §1): the first screen is in the HTML (it shows with
// JavaScript off), the page then hydrates the server's DOM instead of drawing it again (nodes the
// server sent survive, no hydration error — the harness fails on any console error), and a
// signed-in buyer's page is drawn with their prices. How much it shifts and how soon a tap asks for
// the script are figures, measured by bench/hydration.ts (no timed assertion here).
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  sharedServer,
  untilPageHydrated,
  type RunningServer,
} from './harness';

describeBrowser('server rendering: first screens drawn on the server, hydrated in the page', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await sharedServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function noScriptPage(signedIn: boolean): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', javaScriptEnabled: false });
    if (signedIn) {
      const login = await context.request.post('/api/user/login', { form: { username: 'demo', password: 'demo1234' } });
      expect(login.ok()).toBe(true);
    }
    return context.newPage();
  }

  it('shows a visitor the goods of a list, a detail and search results without JavaScript', async () => {
    const page = await noScriptPage(false);
    await page.goto('/list?category_id=1');
    expect(await page.title()).toBe('商品列表 - 康源医药网');
    const names = page.locator('main article h3');
    expect(await names.count()).toBeGreaterThanOrEqual(10);
    expect((await names.first().innerText()).trim()).not.toBe('');
    // The header's search box works before (and without) the script: a plain GET form.
    await page.getByRole('combobox').first().fill('gml');
    await page.getByRole('combobox').first().press('Enter');
    await page.waitForURL(
      (u) => u.pathname === '/search' && u.searchParams.get('keywords') === 'gml' && u.searchParams.get('type') === '1',
    );
    await page.locator('main article h3').filter({ hasText: '感冒灵' }).first().waitFor();
    await page.goto('/list/info/5');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Prices are for members: the visitor's page says how to see them.
    expect(await page.locator('main').innerText()).toMatch(/登录/);
    await page.context().close();
  });

  it('draws a signed-in buyer their own price on the server', async () => {
    const page = await noScriptPage(true);
    const detail = await page.request.get('/api/goods/detail/5');
    const price = ((await detail.json()) as { data: { price: number } }).data.price;
    await page.goto('/list/info/5');
    const yuan = (Math.floor(price) / 100).toFixed(2);
    expect(await page.locator('main').innerText()).toContain(yuan);
    await page.context().close();
  });

  it('hydrates the DOM the server sent: the same nodes, and the page works', async () => {
    const page = await newPage(browser, server.url, { name: 'server-render' });
    let release: () => void = () => undefined;
    const scriptsMayRun = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await scriptsMayRun;
      await route.continue();
    };
    await page.route(/\/assets\/index-[\w-]+\.js$/, hold);
    // 'commit': DOMContentLoaded waits for the (held) module script.
    await page.goto('/list?category_id=1', { waitUntil: 'commit' });
    // Before any JavaScript: the goods are on screen.
    const firstTile = page.locator('main article').first();
    await firstTile.waitFor();
    await page.evaluate(() => document.querySelector('main article')?.setAttribute('data-from-server', '1'));
    release();
    // Hydrated once a React handler answers: the page-size select navigates in the app.
    await page.getByRole('navigation', { name: '显示方式' }).getByRole('link', { name: '列表' }).waitFor();
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
    await page.waitForLoadState('networkidle');
    expect(await page.locator('main article[data-from-server="1"]').count()).toBe(1);
    await page.getByRole('navigation', { name: '显示方式' }).getByRole('link', { name: '列表' }).click();
    await page.waitForURL((u) => u.pathname === '/list/table' && u.searchParams.get('category_id') === '1');
    await page.locator('main table').first().waitFor();
  });
  it('hydrates the drawn home page as drawn for a buyer who asked the system for less motion', async () => {
    // The server cannot know the preference: the carousel is drawn rotating (❚❚) and pauses (▶)
    // only after hydration. Read during hydration it was a text mismatch, React error #418 — the
    // harness fails the test on that page error.
    const page = await newPage(browser, server.url, { name: 'server-render-less-motion' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('button', { name: '开始自动播放' }).waitFor();
  });
  /** When the page asked for its entry script, and when its load event came (ms from navigation start). */
  async function entryTiming(page: Page): Promise<{ entryStart: number | null; loadStart: number }> {
    return page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name));
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { entryStart: entry ? entry.startTime : null, loadStart: nav.loadEventStart };
    });
  }

  it('asks for the script once the drawn page has loaded, or at once when the buyer touches it first', async () => {
    const page = await newPage(browser, server.url, { name: 'server-render-entry' });
    await page.goto('/list?category_id=1');
    const loaded = await entryTiming(page);
    expect(loaded.loadStart).toBeGreaterThan(0);
    expect(loaded.entryStart).not.toBeNull();
    expect(loaded.entryStart ?? 0).toBeGreaterThanOrEqual(loaded.loadStart);
    // The manifest is linked once the entry has run (its install-prompt listener first).
    await page.locator('head link[rel="manifest"]').waitFor({ state: 'attached' });

    // A picture that never arrives holds the load event back; a tap must not wait for it.
    const held: Route[] = [];
    await page.route(/\/media\//, (route) => void held.push(route));
    await page.goto('/list?category_id=2', { waitUntil: 'commit' });
    await page.locator('main article').first().waitFor();
    expect(held.length).toBeGreaterThan(0);
    expect((await entryTiming(page)).entryStart).toBeNull();
    await page.mouse.click(2, 300);
    await untilPageHydrated(page);
    const tapped = await entryTiming(page);
    // Hydrated by the tap while the load event is still held back (how soon: bench/hydration.ts).
    expect(tapped.loadStart).toBe(0);
    expect(tapped.entryStart).not.toBeNull();
    for (const route of held) await route.continue();
    await page.unroute(/\/media\//);
  });

  it('hydrates a drawn page whose pictures never arrive, after a wait, without a touch', async () => {
    const page = await newPage(browser, server.url, { name: 'server-render-stalled' });
    const held: Route[] = [];
    await page.route(/\/media\//, (route) => void held.push(route));
    await page.goto('/list?category_id=1', { waitUntil: 'commit' });
    await untilPageHydrated(page);
    expect((await entryTiming(page)).loadStart).toBe(0);
    for (const route of held) await route.continue();
    await page.unroute(/\/media\//);
  });
});
