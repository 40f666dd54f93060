// Phones (issue 21 §5): every route of the manifest at a 412 px phone (Lighthouse's profile) must
// fit its width — no page may scroll sideways — and every tap target on it must be at least 44 px
// (tests/e2e/tap-targets.ts; the exemptions are in docs/decisions/phones.md). Visited signed in as
// demo, and the public routes also as a visitor (their header, prices and empty states differ). A
// failure lists every route that scrolls with the element that sticks out furthest, and every
// small target by route, so one run shows all the work.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routes } from '../../src/routes/manifest';
import type { RouteDef } from '../../src/routes/types';
import { describeBrowser, launchBrowser, newPage, signInBuyer, startServer, type RunningServer } from './harness';
import { MIN_TAP_PX, smallTapTargets } from './tap-targets';

const PHONE = { width: 412, height: 823 };
/** Upper bound of one page's settling; not an assertion — the width is measured either way. */
const SETTLE_TIMEOUT_MS = 6_000;

/** Path params filled from the seed (read from the API once signed in). */
type Ids = Record<'goods' | 'groupGoods' | 'category' | 'brand' | 'order' | 'afterSale' | 'news', number> & {
  /** Demo's cart lines (a few goods are put in the cart, and the favourites, first): the cart, 核对订单 and 我的收藏 show real rows. */
  cartLines: number[];
};

/**
 * Rows not visited, with why. Pathless `layout` rows are served by their default child (listed as
 * its alias), visited there; `redirect` rows only send the browser elsewhere, visited there too.
 */
function skipReason(route: RouteDef): string | null {
  if (route.layout) return 'layout row: its URL is served by its default child';
  if (route.redirect) return 'redirects by design: the target route is visited itself';
  return null;
}

/** Which seeded id a route's `$id` is. */
function idFor(route: RouteDef, ids: Ids): number {
  switch (route.name) {
    case 'list_other':
      return ids.category;
    case 'list_info':
      return ids.goods;
    case 'list_info_pt':
      return ids.groupGoods;
    case 'ppzq_info':
      return ids.brand;
    case 'news_info':
      return ids.news;
    case 'order_return_info':
    case 'order_after_sales_info':
      return ids.afterSale;
    default:
      return ids.order;
  }
}

/** Query strings a page needs to show its content: 核对订单 checks out the demo's cart lines. */
function searchFor(route: RouteDef, ids: Ids): string {
  return route.name === 'step2' ? `?ids=${ids.cartLines.join(',')}` : '';
}

function fill(route: RouteDef, ids: Ids): string {
  const value: Record<string, string> = {
    id: String(idFor(route, ids)),
    url: String(ids.category),
    ids: '1',
    type: 'hy',
    // A sandbox payment exists only once 支付订单 started one: the page's "not found" state is measured.
    paymentId: '1',
  };
  const path = route.path.replace(/\/\{-\$[a-zA-Z]+\}/g, '').replace(/\$([a-zA-Z]+)/g, (_, name: string) => {
    const filled = value[name];
    if (!filled) throw new Error(`phone-width: no value for $${name} in ${route.path}`);
    return filled;
  });
  return path + searchFor(route, ids);
}

/** Puts the first buyable goods of the list in demo's cart (once each) and returns the cart's line ids. */
async function fillCart(page: Page, goodsIds: number[]): Promise<number[]> {
  for (const id of goodsIds) {
    await page.evaluate(async (goodsId) => {
      // A goods the rules refuse (控销, no stock) just stays out: the cart needs a few lines, not these.
      await fetch(`/api/cart/quick_add/${goodsId}`, { method: 'POST', credentials: 'include' });
    }, id);
  }
  const cart = await apiData<{ data: { id: number }[] }>(page, '/api/cart/list');
  if (cart.data.length === 0) throw new Error('phone-width: no goods could be put in the demo cart');
  return cart.data.map((line) => line.id);
}

async function apiData<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const response = await fetch(u, { credentials: 'include' });
    const body = (await response.json()) as { code: number; msg: string; data: unknown };
    if (!response.ok) throw new Error(`${u}: ${body.code} ${body.msg}`);
    return body.data;
  }, url) as Promise<T>;
}

/** The same goods as demo's favourites: 我的收藏 shows its rows (checkboxes, 取消收藏). */
async function addFavourites(page: Page, goodsIds: number[]): Promise<void> {
  const status = await page.evaluate(async (ids) => {
    const body = new URLSearchParams(ids.map((id) => ['goods_ids[]', String(id)]));
    return (await fetch('/api/favorite', { method: 'POST', credentials: 'include', body })).status;
  }, goodsIds);
  if (status !== 200) throw new Error(`phone-width: adding demo's favourites answered ${status}`);
}

async function seededIds(page: Page): Promise<Ids> {
  type List<T> = { list: T[] };
  // The goods with the most price steps: its ladder table is the detail page's widest part.
  const goods = await apiData<List<{ id: number; ladder_price: unknown[] }>>(
    page,
    '/api/goods/list?page=1&page_size=50',
  );
  const cartLines = await fillCart(
    page,
    goods.list.slice(0, 4).map((g) => g.id),
  );
  await addFavourites(
    page,
    goods.list.slice(0, 4).map((g) => g.id),
  );
  goods.list.sort((a, b) => b.ladder_price.length - a.ladder_price.length);
  const detail = await apiData<{ category_path: { id: number }[] }>(page, `/api/goods/detail/${goods.list[0]!.id}`);
  const group = await apiData<List<{ id: number }>>(page, '/api/activity/group_buy');
  const brands = await apiData<List<{ id: number }>>(page, '/api/goods/brands?page=1&page_size=1');
  const orders = await apiData<List<{ id: number }>>(page, '/api/order?page=1&page_size=1');
  const afterSales = await apiData<List<{ id: number }>>(page, '/api/after_sale?page=1&page_size=1');
  const news = await apiData<List<{ id: number }>>(page, '/api/article/list?code=hy&page=1&limit=1');
  const first = (list: { id: number }[], what: string): number => {
    if (!list[0]) throw new Error(`phone-width: the seed has no ${what} for demo`);
    return list[0].id;
  };
  return {
    goods: first(goods.list, 'goods'),
    groupGoods: first(group.list, 'group-buy goods'),
    category: first(detail.category_path, 'category'),
    brand: first(brands.list, 'brand'),
    order: first(orders.list, 'order'),
    afterSale: first(afterSales.list, 'after-sale'),
    news: first(news.list, 'news article'),
    cartLines,
  };
}

/**
 * Opens a route and waits for its data — no busy region, no skeleton, no 「正在加载…」 status line
 * (the cart and 核对订单 say so in a role=status paragraph) — and a frame.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page
    .waitForFunction(
      () =>
        document.querySelector('main, [role="main"], h1') &&
        !document.querySelector('[aria-busy="true"]') &&
        ![...document.querySelectorAll('[role="status"]')].some((status) =>
          /^\s*正在|加载中/.test(status.textContent ?? ''),
        ),
      undefined,
      { timeout: SETTLE_TIMEOUT_MS },
    )
    .catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The open page's sideways overflow, or null when it fits. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= window.innerWidth) return null;
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (
        let node: Element | null = el;
        node && node !== document.body && parts.length < 3;
        node = node.parentElement
      ) {
        const classes = [...node.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${node.tagName.toLowerCase()}${classes}`);
      }
      return parts.join(' > ');
    };
    // The element whose right edge makes the page's scroll width (elements clipped by an
    // overflow ancestor may reach further without widening the page); among equals the deepest.
    let worst: Element | null = null;
    let worstRight = window.innerWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const right = el.getBoundingClientRect().right;
      if (right > root.scrollWidth + 1) continue;
      if (right > worstRight + 0.5 || (worst && right >= worstRight - 0.5 && worst.contains(el))) {
        worst = el;
        worstRight = Math.max(worstRight, right);
      }
    }
    return `scrollWidth ${root.scrollWidth} > ${window.innerWidth}; widest: ${worst ? describe(worst) : '?'} (right ${Math.round(worstRight)})`;
  });
}

describeBrowser('phones: no route scrolls sideways at 412 px and every tap target is 44 px', () => {
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

  it('every route of the manifest fits a 412 px phone with 44 px tap targets, signed in and as a visitor', async () => {
    const member = await newPage(browser, server.url, {
      name: 'phone-demo',
      viewport: PHONE,
      allowConsoleErrors: [/status of 40[34]/],
    });
    await signInBuyer(member);
    const ids = await seededIds(member);
    const visitor = await newPage(browser, server.url, {
      name: 'phone-visitor',
      viewport: PHONE,
      allowConsoleErrors: [/status of 40[34]/],
    });

    const visited = routes.filter((r) => skipReason(r) === null);
    expect(visited.length).toBeGreaterThan(60);
    type Who = 'demo' | 'visitor';
    /** Per route and visitor kind: the findings, reported in the manifest's order, demo's first. */
    const found = visited.map(() => ({ demo: { wide: '', small: '' }, visitor: { wide: '', small: '' } }));
    const measure = async (page: Page, index: number, who: Who) => {
      const route = visited[index]!;
      const path = fill(route, ids);
      await open(page, path);
      const sideways = await overflow(page);
      if (sideways) found[index]![who].wide = `${route.name} ${path} (${who}): ${sideways}`;
      const targets = await page.evaluate(smallTapTargets, MIN_TAP_PX);
      if (targets.length > 0) found[index]![who].small = `${route.name} ${path} (${who}):\n  ${targets.join('\n  ')}`;
    };
    const round = async (page: Page, who: Who, indexes: number[]) => {
      for (const index of indexes) await measure(page, index, who);
    };
    const all = visited.map((_, index) => index);
    // Demo's round and the visitor's run side by side (two pages in two contexts, nothing shared):
    // each page still loads, settles and is measured on its own; while one waits for the server or
    // its load event, the other's layout runs. In turn, this file was the suite's longest.
    // Both rounds end before the test does (a failed one does not leave the other navigating).
    const rounds = await Promise.allSettled([
      round(member, 'demo', all),
      round(
        visitor,
        'visitor',
        all.filter((index) => !visited[index]!.auth),
      ),
    ]);
    for (const result of rounds) if (result.status === 'rejected') throw result.reason;
    const lines = (pick: 'wide' | 'small') =>
      found.flatMap((f) => [f.demo[pick], f.visitor[pick]]).filter((line) => line !== '');
    const wide = lines('wide');
    const small = lines('small');
    expect.soft(wide, `routes that scroll sideways at ${PHONE.width} px:\n${wide.join('\n')}`).toEqual([]);
    expect
      .soft(small, `tap targets under ${MIN_TAP_PX}×${MIN_TAP_PX} px at ${PHONE.width} px:\n${small.join('\n')}`)
      .toEqual([]);
  }, 300_000);
});
