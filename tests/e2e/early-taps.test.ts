// No tap is lost (issue 36, docs/decisions/early-taps.md): on a server-drawn goods list whose
// scripts are held back, what the buyer taps and types the moment the page paints is kept by the
// page's inline loader and replayed once, after hydration — the line reaches the server's cart
// exactly once, with the quantity the buyer chose.
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartState } from '../../src/domain/cart-types';
import {
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  startServer,
  untilApiWritesAnswered,
  untilPageHydrated,
  type RunningServer,
} from './harness';

const TILE = 'main article[aria-labelledby^="goods-tile-"]';
/** A tile whose 加入购物车 can be pressed (not 缺货, not 暂不可购买). */
const BUYABLE_TILE = `${TILE}:has(button:has-text("加入购物车"):not([disabled]))`;

describeBrowser('taps before hydration: kept by the page, replayed once after', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The demo buyer's page on a drawn list, every script held until `release`. */
  async function heldList(name: string): Promise<{ page: Page; release: () => void; adds: Request[] }> {
    const page = await newPage(browser, server.url, { name });
    const res = await page.request.post('/api/user/login', { form: { username: 'demo', password: 'demo1234' } });
    expect(res.ok()).toBe(true);
    let release: () => void = () => undefined;
    const scriptsMayRun = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await scriptsMayRun;
      await route.continue();
    };
    await page.route(/\/assets\/[\w.-]+\.js$/, hold);
    const adds: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/cart') adds.push(r);
    });
    // 'commit': the harness's goto would wait for the (held) hydration.
    await page.goto('/list?category_id=1', { waitUntil: 'commit' });
    await page.locator(BUYABLE_TILE).first().waitFor();
    return { page, release, adds };
  }

  async function tileGoods(page: Page): Promise<number> {
    const labelled = await page.locator(BUYABLE_TILE).first().getAttribute('aria-labelledby');
    return Number(labelled?.replace('goods-tile-', ''));
  }

  async function unitsInCart(page: Page, goodsId: number): Promise<{ lines: number; units: number }> {
    const cart = await getJson<CartState>(page, '/api/cart/list');
    const mine = cart.data.filter((l) => l.goods.id === goodsId && l.type === 0);
    return { lines: mine.length, units: mine.reduce((sum, l) => sum + l.number, 0) };
  }

  async function stepperValue(page: Page): Promise<number> {
    return Number(await page.locator(BUYABLE_TILE).first().getByRole('spinbutton').inputValue());
  }

  it('adds the line tapped before the scripts ran, exactly once, even when tapped twice', async () => {
    const { page, release, adds } = await heldList('early-add');
    const goodsId = await tileGoods(page);
    const before = await unitsInCart(page, goodsId);
    const quantity = await stepperValue(page);
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-hydrated'))).toBe(false);
    const add = page.locator(BUYABLE_TILE).first().getByRole('button', { name: '加入购物车' });
    await add.click();
    await add.click();
    // Nothing reached the server while the scripts were held.
    expect(adds).toHaveLength(0);
    expect(await unitsInCart(page, goodsId)).toEqual(before);
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart',
    );
    release();
    await untilPageHydrated(page);
    await answered;
    await untilApiWritesAnswered(page);
    expect(adds).toHaveLength(1);
    const after = await unitsInCart(page, goodsId);
    expect(after.lines).toBe(1);
    expect(after.units - before.units).toBe(quantity);
    await page.context().close();
  });

  it('replays the stepper and typing in order: the quantity chosen before the scripts ran is the one added', async () => {
    const { page, release, adds } = await heldList('early-stepper');
    const tile = page.locator(BUYABLE_TILE).first();
    const goodsId = await tileGoods(page);
    const before = await unitsInCart(page, goodsId);
    const min = await stepperValue(page);
    // Typed (min × 3), then + once (one step: the mid-pack step or 1), then 加入购物车.
    await tile.getByRole('spinbutton').fill(String(min * 3));
    const plus = tile.getByRole('button', { name: '增加数量' });
    await plus.click();
    await tile.getByRole('button', { name: '加入购物车' }).click();
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart',
    );
    release();
    await untilPageHydrated(page);
    await answered;
    await untilApiWritesAnswered(page);
    expect(adds).toHaveLength(1);
    const after = await unitsInCart(page, goodsId);
    const added = after.units - before.units;
    // The stepper shows what was added; more than the typed value, so the + was replayed after it.
    expect(await stepperValue(page)).toBe(added);
    expect(added).toBeGreaterThan(min * 3);
    await page.context().close();
  });

  it('leaves the header search box to the browser: a search typed before the scripts ran lands on its results', async () => {
    const { page, release } = await heldList('early-search');
    const box = page.getByRole('combobox').first();
    await box.fill('gml');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('keywords') === 'gml', {
      waitUntil: 'commit',
    });
    release();
    await untilPageHydrated(page);
    await page.locator('main article h3').filter({ hasText: '感冒灵' }).first().waitFor();
    await page.context().close();
  });
});
