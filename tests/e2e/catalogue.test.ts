// The catalogue in a real Chromium against the real server and demo data: pinyin search → detail →
// add to cart → the badge counts it; list views keep their filters; favourites add and cancel.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, newPage, signInBuyer, startServer, type RunningServer } from './harness';

const cartCount = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/cart/total', { credentials: 'include' });
    return ((await res.json()) as { data: { count: number } }).data.count;
  });

describeBrowser('catalogue: search, detail, add to cart, views, favourites', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'catalogue' });
    await signInBuyer(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gml → search results → detail → add to cart → the badge increments', async () => {
    const before = await cartCount(page);
    const box = page.getByRole('combobox').first();
    await box.fill('gml');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('keywords') === 'gml');
    const first = page.locator('a[href^="/list/info/"]').filter({ hasText: '感冒灵' }).first();
    await first.waitFor({ timeout: 15_000 });
    await first.click();
    await page.waitForURL((u) => u.pathname.startsWith('/list/info/'));
    await page.getByRole('heading', { level: 1 }).filter({ hasText: '感冒灵' }).waitFor();
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBe(before + 1);
    const label = page.locator('a[href="/cart"][aria-label^="我的购物车"]').first();
    await expect
      .poll(() => label.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe(`我的购物车，${before + 1} 种商品`);
  });

  it('switching list views keeps the filters in the URL', async () => {
    await page.goto('/list?sort=price_asc&in_stock=1');
    await page.locator('a[href^="/list/info/"]').first().waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: '显示方式' }).getByRole('link', { name: '列表' }).click();
    await page.waitForURL((u) => u.pathname === '/list/table');
    const url = new URL(page.url());
    expect(url.searchParams.get('sort')).toBe('price_asc');
    expect(url.searchParams.get('in_stock')).toBe('1');
    await page.locator('table').first().waitFor();
    await page.getByRole('navigation', { name: '显示方式' }).getByRole('link', { name: '无图' }).click();
    await page.waitForURL((u) => u.pathname === '/list/no_image');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
  });

  it('a favourite is added with the 收藏成功 alert, listed on /star, and cancelled', async () => {
    await page.goto('/list/info/2');
    const fav = page.getByRole('button', { name: '收藏', exact: true });
    await fav.waitFor({ timeout: 15_000 });
    await fav.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('收藏成功').waitFor();
    await dialog.getByRole('button', { name: '查看我的收藏' }).click();
    await page.waitForURL((u) => u.pathname === '/star');
    await page.locator('a[href="/list/info/2"]').first().waitFor({ timeout: 10_000 });
    await page.goto('/list/info/2');
    await page.getByRole('button', { name: '已收藏' }).click();
    await page.getByText('已取消').first().waitFor();
    const favs = await page.evaluate(async () => {
      const res = await fetch('/api/favorite?page=1', { credentials: 'include' });
      return ((await res.json()) as { data: { list: { id: number }[] } }).data.list.map((g) => g.id);
    });
    expect(favs).not.toContain(2);
  });
});
