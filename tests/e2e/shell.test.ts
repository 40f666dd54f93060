// The shell in a real Chromium against the real server: visitor header, sign-in through the login
// page, the company in the header, pinyin-initial suggestions, sign-out, unknown paths. Each test
// has a page of its own (its own cookies), so none depends on what an earlier one signed in or out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  sharedServer,
  signInBuyer,
  type RunningServer,
} from './harness';

const COMPANY = '广州市康宁大药房有限公司';

describeBrowser('shell: header states, sign-in and sign-out, search suggestions', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await sharedServer();
    browser = await launchBrowser();
  });

  /** A new visitor's page for this test (its own browser context). */
  const visit = async (name: string) => {
    page = await newPage(browser, server.url, { name: `shell-${name}` });
  };
  afterEach(async () => {
    await page?.context().close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const topBar = (p: Page) => p.locator('header, [class*="topBar"]').first();

  it('a visitor sees the shop with 登录 and 注册', async () => {
    await visit('visitor');
    await page.goto('/');
    await page.waitForFunction(() => document.title === '首页 - 康源医药网');
    await page.getByRole('link', { name: '登录', exact: true }).first().waitFor();
    await expect(page.getByRole('link', { name: '注册', exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText(COMPANY).count()).resolves.toBe(0);
  });

  it('a wrong password is refused in Chinese and nothing is signed in', async () => {
    await visit('wrong-password');
    // The refused login is a 400 answer, which Chromium logs as a failed resource.
    allowConsoleErrors(page, /status of 400/);
    await page.goto('/login');
    await page.fill('input[name="username"]', 'demo');
    await page.fill('input[name="password"]', 'wrong-pass1');
    await page.click('button[type="submit"]');
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
  });

  it('demo signs in and sees the company name and 退出 in the header', async () => {
    await visit('sign-in');
    await page.goto('/login?redirect=%2Fsearch%3Fkeywords%3Dgml');
    await page.fill('input[name="username"]', 'demo');
    await page.fill('input[name="password"]', 'demo1234');
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/search');
    await page.getByText(COMPANY).first().waitFor();
    await expect(page.getByRole('button', { name: '退出' }).isVisible()).resolves.toBe(true);
    await expect(topBar(page).isVisible()).resolves.toBe(true);
  });

  it('typing pinyin initials shows suggestions for 感冒灵', async () => {
    await visit('suggestions');
    await signInBuyer(page);
    await page.goto('/');
    const box = page.getByRole('combobox').first();
    await box.fill('gml');
    const options = page.getByRole('option');
    await options.first().waitFor({ timeout: 10_000 });
    const texts = await options.allTextContents();
    expect(texts.some((t) => t.includes('感冒灵'))).toBe(true);
    await box.press('Escape');
    await expect(page.getByRole('option').count()).resolves.toBe(0);
  });

  it('Enter submits the trimmed keyword to the search page', async () => {
    await visit('enter');
    await page.goto('/');
    const box = page.getByRole('combobox').first();
    await box.fill('  阿莫西林  ');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('keywords')).toBe('阿莫西林');
  });

  it('signing out returns the header to 登录 / 注册', async () => {
    await visit('sign-out');
    await signInBuyer(page);
    await page.goto('/');
    await page.getByRole('button', { name: '退出' }).click();
    await page.getByRole('link', { name: '登录', exact: true }).first().waitFor();
    await expect(page.getByText(COMPANY).count()).resolves.toBe(0);
    const base = await page.evaluate(async () => (await fetch('/api/user/base')).status);
    expect(base).toBe(401);
  });

  it('a member-only page sends a visitor to login, an unknown path to 404', async () => {
    await visit('member-only');
    await page.goto('/order');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/order');
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/404');
    await page.waitForFunction(() => document.title === '页面不存在 - 康源医药网');
  });
});
