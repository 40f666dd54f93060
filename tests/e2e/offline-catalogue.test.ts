// Offline catalogue in a real Chromium against the real server (issue 5): after one online visit
// as a visitor and as `demo`, the server process is stopped and home, a category list, a goods
// detail and a help article open from the service worker's caches with the offline banner; once the server is back
// the banner goes. The catalogue cache is keyed per account and dropped on logout.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  startServer,
  type RunningServer,
} from './harness';

/** Registration waits for load + idle, then install fetches the precache: generous on 2 cores. */
const SW_CONTROL_TIMEOUT_MS = 30_000;
const RENDER_TIMEOUT_MS = 15_000;
/** The page probes the server every 15 s while the worker reports it unreachable. */
const BANNER_GONE_WITHOUT_RELOAD_MS = 25_000;
const CATALOGUE_CACHE = 'catalogue-v1';
const HELP_CACHE = 'help-v1';
/** A help article (SPEC §2 /help/xrzn/gwzn, 购物指南). */
const HELP_PATH = '/help/xrzn/gwzn';
const HELP_CODE = 'gwzn';
const GOODS_ID = 1;
/** What the server being gone looks like in the page console. */
const OFFLINE_CONSOLE_ERRORS = [/ERR_CONNECTION_REFUSED/, /Failed to load resource/, /Failed to fetch/, /FetchEvent/];
const BANNER_TEXT = /当前处于离线状态，数据更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/;
const PER_USER_API = /\/api\/(?:cart|user|order|favorite|address|invoice)/;
const KEPT_PAPERS = /^\/api\/(?:user\/papers|user\/contract(?:\/pdf)?|order\/\d+\/delivery-note)$/;

interface Envelope<T> {
  code: number;
  data: T;
}
interface Named {
  id: number;
  name: string;
}

/** Expected content, read from the API while the server is up (not through the worker). */
interface Expected {
  categoryId: number;
  listNames: string[];
  recommendNames: string[];
  detailName: string;
  helpTitle: string;
  helpFirstWords: string;
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

async function readExpected(page: Page): Promise<Expected> {
  const common = await apiData<{ category: Named[] }>(page, '/api/focus/common');
  const categoryId = common.category[0]?.id;
  expect(categoryId, 'a seeded level-1 category').toBeTypeOf('number');
  const list = await apiData<{ list: Named[] }>(page, `/api/goods/list?category_id=${categoryId}`);
  const recommend = await apiData<Named[]>(page, '/api/index_wntj/1');
  const detail = await apiData<Named>(page, `/api/goods/detail/${GOODS_ID}`);
  expect(list.list.length).toBeGreaterThan(0);
  expect(recommend.length).toBeGreaterThan(0);
  const helpList = await apiData<{ list: { id: number }[] }>(page, `/api/article/list?code=${HELP_CODE}`);
  const help = await apiData<{ title: string; body: string }>(page, `/api/article/${helpList.list[0]?.id}`);
  return {
    helpTitle: help.title,
    // The body is HTML (docs/decisions/console-content.md): the first words of its text.
    helpFirstWords: help.body.replace(/<[^>]*>/g, '').slice(0, 12),
    categoryId: categoryId as number,
    listNames: list.list.slice(0, 3).map((g) => g.name),
    recommendNames: recommend.slice(0, 3).map((g) => g.name),
    detailName: detail.name,
  };
}

/** index.html's static skeleton (.boot-bar) is replaced by React's first render. */
async function shellRendered(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return root !== null && root.children.length > 0 && root.querySelector('.boot-bar') === null;
    },
    undefined,
    { timeout: RENDER_TIMEOUT_MS },
  );
}

async function waitForWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: SW_CONTROL_TIMEOUT_MS,
  });
}

async function seeText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
}

/** URLs stored in a cache (empty when the cache does not exist). */
function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => request.url);
  }, cacheName);
}

/** Every runtime answer the worker holds, across its caches (not the precache). */
function allRuntimeUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** Storing happens after the answer reached the page: wait until the worker has written it. */
async function waitUntilCached(page: Page, fragment: string, scope: string): Promise<void> {
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  const scopeParam = `__scope=${encodeURIComponent(scope)}`;
  for (;;) {
    const urls = await cachedUrls(page, CATALOGUE_CACHE);
    if (urls.some((url) => url.includes(fragment) && url.includes(scopeParam))) return;
    if (Date.now() > deadline) throw new Error(`${fragment} not cached for ${scope}; cached: ${urls.join('\n')}`);
    await page.waitForTimeout(200);
  }
}

/** Home, a category list, a help article and a goods detail, online, each rendered and stored. */
async function browseOnline(page: Page, expected: Expected, scope: string): Promise<void> {
  await page.goto('/');
  await shellRendered(page);
  await seeText(page, expected.recommendNames[0]);
  await waitUntilCached(page, '/api/index_wntj/1', scope);

  await page.goto(`/list?category_id=${expected.categoryId}`);
  await seeText(page, expected.listNames[0]);
  await waitUntilCached(page, `category_id=${expected.categoryId}`, scope);

  await page.goto(HELP_PATH);
  await page.locator('h1').filter({ hasText: expected.helpTitle }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
  await waitUntilHelpCached(page);

  await page.goto(`/list/info/${GOODS_ID}`);
  await page.locator('h1').filter({ hasText: expected.detailName }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
  await waitUntilCached(page, `/api/goods/detail/${GOODS_ID}`, scope);
}

/** The help tree, the leaf's list and the article itself are in help-v1 (public: no scope). */
async function waitUntilHelpCached(page: Page): Promise<void> {
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  for (;;) {
    const urls = await cachedUrls(page, HELP_CACHE);
    const has = (re: RegExp) => urls.some((u) => re.test(new URL(u).pathname));
    if (has(/^\/api\/article\/category$/) && has(/^\/api\/article\/list$/) && has(/^\/api\/article\/\d+$/)) return;
    if (Date.now() > deadline) throw new Error(`help article not cached; cached: ${urls.join('\n')}`);
    await page.waitForTimeout(200);
  }
}

const banner = (page: Page) => page.getByTestId('offline-banner');

/** With the server stopped: the same four pages from the caches, and the banner with its time. */
async function browseOffline(page: Page, expected: Expected, label: string): Promise<void> {
  const home = await page.goto('/');
  expect(home?.fromServiceWorker(), 'the shell comes from the precache').toBe(true);
  await shellRendered(page);
  for (const name of expected.recommendNames) await seeText(page, name);
  await banner(page).waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
  // The as-of time appears once the worker reports the first cached answer it served.
  await expect.poll(() => banner(page).textContent(), { timeout: RENDER_TIMEOUT_MS }).toMatch(BANNER_TEXT);

  await page.goto(`/list?category_id=${expected.categoryId}`);
  for (const name of expected.listNames) await seeText(page, name);
  await banner(page).waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });

  // A help article read before: menu, title and text from help-v1.
  await page.goto(HELP_PATH);
  await page.locator('h1').filter({ hasText: expected.helpTitle }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
  await seeText(page, expected.helpFirstWords);
  await page.getByRole('link', { name: '用户协议' }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
  await banner(page).waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });

  await page.goto(`/list/info/${GOODS_ID}`);
  await page.locator('h1').filter({ hasText: expected.detailName }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
  await banner(page).waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
  // The as-of time appears once the worker reports the first cached answer it served.
  await expect.poll(() => banner(page).textContent(), { timeout: RENDER_TIMEOUT_MS }).toMatch(BANNER_TEXT);
  await screenshot(page, `offline-catalogue-${label}`);
}

describeBrowser('offline catalogue: cached browsing with the server stopped', () => {
  let server: RunningServer;
  let browser: Browser;
  let visitor: Page;
  let member: Page;
  let expectedVisitor: Expected;
  let expectedMember: Expected;

  let serverUp = false;

  /** Same port and data dir: the browser's origin, worker and caches stay the same. */
  async function restartServer(): Promise<void> {
    server = await startServer({ port: server.port, dataDir: server.dataDir });
    serverUp = true;
  }

  async function stopServer(): Promise<void> {
    serverUp = false;
    await server.stop();
  }

  beforeAll(async () => {
    server = await startServer();
    serverUp = true;
    browser = await launchBrowser();
    visitor = await newPage(browser, server.url, { name: 'visitor' });
    member = await newPage(browser, server.url, { name: 'member' });
  });

  // A test that failed while the server was stopped must not take the next one down with it.
  beforeEach(async () => {
    if (!serverUp) await restartServer();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a visitor browses home, a list, a detail and a help article offline after one online visit', async () => {
    await visitor.goto('/');
    await shellRendered(visitor);
    await waitForWorkerControl(visitor);
    expectedVisitor = await readExpected(visitor);
    await browseOnline(visitor, expectedVisitor, 'visitor');
    // Online, no banner.
    expect(await banner(visitor).count()).toBe(0);

    // Allowed before stopping: a late request of the page (the footer's links) may fail while
    // the server shuts down.
    allowConsoleErrors(visitor, ...OFFLINE_CONSOLE_ERRORS);
    allowConsoleErrors(member, ...OFFLINE_CONSOLE_ERRORS);
    await stopServer();
    await browseOffline(visitor, expectedVisitor, 'visitor');
    // Visitors never see prices, offline either.
    await seeText(visitor, '登录后可见');

    // What the worker served, as the page's own fetch sees it.
    const served = await visitor.evaluate(async (id) => {
      const response = await fetch(`/api/goods/detail/${id}`);
      return { fromCache: response.headers.get('x-from-cache'), cachedAt: Number(response.headers.get('x-cached-at')) };
    }, GOODS_ID);
    expect(served.fromCache).toBe('1');
    expect(served.cachedAt).toBeGreaterThan(Date.now() - 10 * 60_000);

    await restartServer();
    await visitor.reload();
    await shellRendered(visitor);
    await visitor.locator('h1').filter({ hasText: expectedVisitor.detailName }).first().waitFor();
    await banner(visitor).waitFor({ state: 'detached', timeout: RENDER_TIMEOUT_MS });
  });

  it('demo signs in, browses online, and sees the same goods with prices offline', async () => {
    await member.goto('/login?redirect=%2F');
    await shellRendered(member);
    await waitForWorkerControl(member);
    await member.fill('input[name="username"]', 'demo');
    await member.fill('input[name="password"]', 'demo1234');
    await member.click('button[type="submit"]');
    await member.waitForURL((u) => u.pathname === '/');
    await member.getByRole('button', { name: '退出' }).waitFor({ timeout: RENDER_TIMEOUT_MS });

    expectedMember = await readExpected(member);
    await browseOnline(member, expectedMember, 'u:demo');
    const detailPrice = await apiData<{ price: number | null }>(member, `/api/goods/detail/${GOODS_ID}`);
    expect(detailPrice.price, 'demo is approved: prices are visible').not.toBeNull();

    // Keyed per account; nothing per-user mutable is in the worker's caches.
    const stored = await cachedUrls(member, CATALOGUE_CACHE);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((url) => url.includes('__scope=u%3Ademo'))).toBe(true);
    // The one exception: the papers an inspector asks for (e-contract, the list of papers), kept on
    // purpose and, like the catalogue, per account (docs/decisions/papers-offline.md).
    const perUser = (await allRuntimeUrls(member)).filter((url) => PER_USER_API.test(new URL(url).pathname));
    expect(perUser.filter((url) => !KEPT_PAPERS.test(new URL(url).pathname))).toEqual([]);
    expect(perUser.every((url) => url.includes('__scope=u%3Ademo'))).toBe(true);

    await stopServer();
    await browseOffline(member, expectedMember, 'demo');
    // The cached answer is demo's: prices shown, not the visitor's '登录后可见'.
    await seeText(member, '¥');
    expect(await member.getByText('登录后可见').count()).toBe(0);

    // Server back, no reload: the page's reachability probe clears the banner.
    await restartServer();
    await banner(member).waitFor({ state: 'detached', timeout: BANNER_GONE_WITHOUT_RELOAD_MS });
    await member.reload();
    await shellRendered(member);
    await member.locator('h1').filter({ hasText: expectedMember.detailName }).first().waitFor();
    expect(await banner(member).count()).toBe(0);
  });

  it("the browser's own offline mode shows the same cached pages and banner", async () => {
    const context = visitor.context();
    await visitor.goto('/');
    await shellRendered(visitor);
    await context.setOffline(true);
    try {
      await browseOffline(visitor, expectedVisitor, 'browser-offline');
    } finally {
      await context.setOffline(false);
    }
    // The browser's `online` event: the page asks the server and the banner goes.
    await banner(visitor).waitFor({ state: 'detached', timeout: RENDER_TIMEOUT_MS });
  });

  it("signing out drops the old account's catalogue cache", async () => {
    await member.goto('/');
    await shellRendered(member);
    await waitUntilCached(member, '/api/index_wntj/1', 'u:demo');

    await member.getByRole('button', { name: '退出' }).click();
    await member.getByRole('link', { name: '登录', exact: true }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });

    const urls = await cachedUrls(member, CATALOGUE_CACHE);
    expect(urls.filter((url) => url.includes('u%3Ademo'))).toEqual([]);
    const scope = await member.evaluate(async () => {
      const entry = await caches.match('/__scope__', { cacheName: 'sw-meta-v1' });
      return entry ? entry.text() : null;
    });
    expect(scope === null || scope === 'visitor', `scope after logout: ${scope}`).toBe(true);

    // Browsing on as a visitor stores visitor answers only.
    await member.goto(`/list/info/${GOODS_ID}`);
    await waitUntilCached(member, `/api/goods/detail/${GOODS_ID}`, 'visitor');
    expect((await cachedUrls(member, CATALOGUE_CACHE)).every((url) => url.includes('__scope=visitor'))).toBe(true);
  });
});
