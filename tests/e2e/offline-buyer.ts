// What the offline browser tests share: demo's session and server cart read through the API from
// the page, the service worker's catalogue cache and demo's local store (IndexedDB) as the page
// sees them, and the list and detail steps a buyer takes.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Registration waits for load + idle, then install fetches the precache: generous on 2 cores. */
export const SW_CONTROL_TIMEOUT_MS = 30_000;
export const RENDER_TIMEOUT_MS = 15_000;
/**
 * The outbox drains when the page learns the server is back: its reachability probe runs every
 * 15 s, the engine's backoff timer at most minutes later; a PGlite restart on 2 cores adds more.
 */
export const DRAIN_TIMEOUT_MS = 90_000;
export const CATALOGUE_CACHE = 'catalogue-v1';
export const DEMO_SCOPE = '__scope=u%3Ademo';
/** What the server being gone looks like in the page console. */
export const OFFLINE_CONSOLE_ERRORS = [
  /ERR_CONNECTION_REFUSED/,
  /ERR_CONNECTION_RESET/,
  /ERR_EMPTY_RESPONSE/,
  /Failed to load resource/,
  /Failed to fetch/,
  /FetchEvent/,
];
/** Both provisional answers of src/local/writes.ts say this (offline, or the server unreachable). */
export const SAVED_LOCALLY = /已保存在本机/;
export const DRAFT_NOTE = '离线草稿，价格与库存以联网同步后为准';

export interface CartLine {
  id: number;
  number: number;
  goods: { id: number; name: string };
}

export interface Pick {
  id: number;
  name: string;
  /** The quantity the tile's stepper starts at (what an add sends). */
  quantity: number;
}

export async function apiData<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { credentials: 'include', cache: 'no-store' });
    const body = (await res.json()) as { code: number; data: unknown };
    if (body.code !== 10000) throw new Error(`${p}: code ${body.code}`);
    return body.data;
  }, path) as Promise<T>;
}

export async function serverCart(page: Page): Promise<CartLine[]> {
  return (await apiData<{ data: CartLine[] }>(page, '/api/cart/list?filters=99999')).data;
}

/** Empties demo's cart on the server (form body as the app sends it: ids[]). */
export async function clearServerCart(page: Page): Promise<void> {
  const ids = (await serverCart(page)).map((l) => l.id);
  if (ids.length === 0) return;
  await page.evaluate(async (lineIds) => {
    const body = new URLSearchParams();
    for (const id of lineIds) body.append('ids[]', String(id));
    const res = await fetch('/api/cart/batch_delete', { method: 'POST', credentials: 'include', body });
    if (!res.ok) throw new Error(`batch_delete: ${res.status}`);
  }, ids);
  expect(await serverCart(page)).toEqual([]);
}

export async function signIn(page: Page): Promise<void> {
  await page.goto('/login?redirect=%2F');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: SW_CONTROL_TIMEOUT_MS,
  });
  await page.fill('input[name="username"]', 'demo');
  await page.fill('input[name="password"]', 'demo1234');
  await page.click('button[type="submit"]');
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('button', { name: '退出' }).waitFor({ timeout: RENDER_TIMEOUT_MS });
}

/** The buyer's local store is open: its IndexedDB database exists (src/local/account.ts names it). */
export async function waitForLocalStore(page: Page, username = 'demo'): Promise<void> {
  await page.waitForFunction(
    async (prefix) => (await indexedDB.databases()).some((d) => d.name?.startsWith(prefix)),
    `yaodian-local:${username}:`,
    { timeout: RENDER_TIMEOUT_MS, polling: 200 },
  );
  // The runtime is registered right after the database opened.
  await page.waitForTimeout(300);
}

/** Entries in the buyer's outbox, read straight from IndexedDB. */
export function outboxCount(page: Page, username = 'demo'): Promise<number> {
  return page.evaluate(async (prefix) => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith(prefix))?.name;
    if (!name) return -1;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const req = db.transaction('outbox').objectStore('outbox').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }, `yaodian-local:${username}:`);
}

export async function waitUntilCached(page: Page, fragment: string): Promise<void> {
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  for (;;) {
    const urls = await page.evaluate(async (name) => {
      if (!(await caches.has(name))) return [];
      return (await (await caches.open(name)).keys()).map((r) => r.url);
    }, CATALOGUE_CACHE);
    if (urls.some((u) => u.includes(fragment) && u.includes(DEMO_SCOPE))) return;
    if (Date.now() > deadline) throw new Error(`${fragment} not cached for demo`);
    await page.waitForTimeout(200);
  }
}

export const results = (page: Page) => page.getByRole('region', { name: '商品列表' });

/** Goods tiles on the list whose 加入购物车 is enabled (buyable, in stock, prices visible). */
export async function buyableTiles(page: Page, count: number): Promise<Pick[]> {
  const tiles = results(page)
    .locator('li')
    .filter({ has: page.getByRole('button', { name: '加入购物车', disabled: false }) });
  await tiles.first().waitFor({ timeout: RENDER_TIMEOUT_MS });
  const picks: Pick[] = [];
  for (const tile of await tiles.all()) {
    const link = tile.locator('a[href^="/list/info/"][title]').first();
    const href = (await link.getAttribute('href')) ?? '';
    const id = Number(href.split('/').pop());
    const quantity = Number(await tile.getByRole('spinbutton').inputValue());
    if (!Number.isInteger(id) || picks.some((p) => p.id === id) || !(quantity > 0)) continue;
    picks.push({ id, name: (await link.getAttribute('title')) ?? '', quantity });
    if (picks.length === count) break;
  }
  expect(picks, 'enough buyable goods on the first list page').toHaveLength(count);
  return picks;
}

export function tileOf(page: Page, pick: Pick): Locator {
  return results(page)
    .locator('li')
    .filter({ has: page.locator(`a[href="/list/info/${pick.id}"][title]`) });
}

/** From the list, in the page (no reload): open a goods detail. */
export async function openDetail(page: Page, pick: Pick): Promise<void> {
  await tileOf(page, pick).locator(`a[href="/list/info/${pick.id}"][title]`).click();
  await page.locator('h1').filter({ hasText: pick.name }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
}

export async function backToList(page: Page, first: Pick): Promise<void> {
  await page.goBack();
  await tileOf(page, first).waitFor({ timeout: RENDER_TIMEOUT_MS });
}

/** Waits for a toast saying the change was kept on the device, then lets it go. */
export async function savedLocally(page: Page): Promise<void> {
  await page.getByText(SAVED_LOCALLY).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
}

/** Polls the server cart (from the page, with demo's session) until `done` holds. */
export async function waitForServerCart(
  page: Page,
  done: (lines: CartLine[]) => boolean,
  what: string,
): Promise<CartLine[]> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let last: CartLine[] = [];
  for (;;) {
    try {
      last = await serverCart(page);
      if (done(last)) return last;
    } catch {
      // The server is still starting.
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: server cart is ${JSON.stringify(last.map((l) => [l.goods.id, l.number]))}, outbox ${await outboxCount(page)}`,
      );
    }
    await page.waitForTimeout(500);
  }
}

export const sameGoodsOnce = (picks: readonly Pick[]) => (lines: CartLine[]) =>
  lines.length === picks.length && picks.every((p) => lines.filter((l) => l.goods.id === p.id).length === 1);
