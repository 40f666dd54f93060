// Members, part E in a real Chromium against the real server and demo data: nocontract is sent to
// /dzht by the 459 at checkout, reads the contract to its end, signs and then places the order; the
// chain head office switches into its store chain-a (the top bar says so), fills the store's own
// cart, and comes back to its own — each company's offline cart draft stays in its own database —
// and reads the store's orders.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GoodsDetail } from '../../src/domain/catalog';
import type { StoresOverview } from '../../src/domain/stores';
import type { UserBase } from '../../src/domain/user';
import {
  allowConsoleErrors,
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  sharedServer,
  type RunningServer,
} from './harness';

/** A goods the signed-in buyer sees a price for and can add one of. */
async function buyableGoods(page: Page, skip: readonly number[] = []): Promise<number> {
  for (let id = 1; id <= 200; id += 1) {
    if (skip.includes(id)) continue;
    const g = await getJson<GoodsDetail | null>(page, `/api/goods/detail/${id}`);
    if (g && g.price !== null && !g.is_ephedrine && g.type === 0 && g.is_buy !== 0) return id;
  }
  throw new Error('no buyable goods');
}

async function addToCart(page: Page, goodsId: number): Promise<void> {
  await page.goto(`/list/info/${goodsId}`);
  await page.getByRole('button', { name: '加入购物车' }).first().click();
  await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
}

/** Goods ids in the cart draft of one local database, or null when the database does not exist. */
function draftGoods(page: Page, dbName: string): Promise<number[] | null> {
  return page.evaluate(async (name) => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === name)) return null;
    return new Promise<number[]>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('cartDrafts')) {
          db.close();
          resolve([]);
          return;
        }
        const all = db.transaction('cartDrafts', 'readonly').objectStore('cartDrafts').getAll();
        all.onerror = () => reject(all.error);
        all.onsuccess = () => {
          db.close();
          resolve((all.result as { goods: { id: number } }[]).map((r) => r.goods.id));
        };
      };
    });
  }, dbName);
}

describeBrowser('members: e-contract from the 459 redirect; a head office acting as its store', () => {
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

  it('nocontract is sent to /dzht, reads to the end, signs, and then places the order', async () => {
    const page = await newPage(browser, server.url, { name: 'members-contract' });
    // The refusal is an HTTP 459 answer, which Chromium logs as a failed resource.
    allowConsoleErrors(page, /status of 459/);
    await signInBuyer(page, 'nocontract');
    await addToCart(page, await buyableGoods(page));
    await page.goto('/cart');
    await page.getByRole('button', { name: '去结算' }).click();
    const notice = page.getByRole('alertdialog');
    await notice.getByText('请先签署电子合同').waitFor({ timeout: 15_000 });
    await notice.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((u) => u.pathname === '/dzht', { timeout: 15_000 });

    const text = page.getByTestId('contract-text');
    await text.waitFor({ timeout: 15_000 });
    await expect(text.textContent()).resolves.toContain(
      '乙方（采购方）：成都市青羊区惠民诊所，统一社会信用代码：52510105MJ0T6X2A9K',
    );
    const sign = page.getByRole('button', { name: '我已阅读并同意，签署合同' });
    expect(await sign.isDisabled()).toBe(true);
    await screenshot(page, 'e-dzht-unsigned');
    await text.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect.poll(() => sign.isEnabled(), { timeout: 10_000 }).toBe(true);
    await sign.click();
    await page.getByText(/已签署《药品购销框架合同》/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'e-dzht-signed');

    // The signed PDF downloads with the session.
    const pdf = await page.evaluate(async () => {
      const res = await fetch('/api/user/contract/pdf', { credentials: 'include' });
      const head = new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5));
      return { status: res.status, type: res.headers.get('content-type'), head };
    });
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    await page.getByRole('link', { name: '返回购物车继续结算' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('button', { name: '去结算' }).click();
    await page.waitForURL((u) => u.pathname === '/cart/step2', { timeout: 15_000 });
    const submit = page.getByRole('button', { name: '提交订单' });
    await submit.waitFor({ timeout: 15_000 });
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
    await submit.click();
    await page.waitForURL((u) => /^\/cart(_|\/)step3\/\d+$/.test(u.pathname), { timeout: 15_000 });
  });

  it('chain switches into its store chain-a, fills the store’s own cart, and comes back', async () => {
    const page = await newPage(browser, server.url, { name: 'members-stores' });
    await signInBuyer(page, 'chain');
    const home = await getJson<UserBase>(page, '/api/user/base');
    const headOfficeCart = await getJson<{ data: { goods: { id: number } }[] }>(page, '/api/cart/list');

    await page.goto('/ddgl');
    const overview = await getJson<StoresOverview>(page, '/api/user/stores/manage');
    const hankou = overview.stores.find((s) => s.username === 'chain-a')!;
    await page.getByTestId(`store-${hankou.company_id}`).waitFor({ timeout: 15_000 });
    await screenshot(page, 'e-ddgl');
    await page.getByRole('button', { name: `切换到${hankou.company}` }).click();
    await page.waitForURL((u) => u.pathname === '/cart', { timeout: 15_000 });

    const mark = page.getByTestId('acting-store');
    await mark.waitFor({ timeout: 15_000 });
    await expect(mark.textContent()).resolves.toContain(hankou.company);
    const acting = await getJson<UserBase>(page, '/api/user/base');
    expect(acting.customer.id).toBe(hankou.company_id);
    expect(acting.acting_as?.head_office).toBe(home.company);

    const goodsId = await buyableGoods(
      page,
      headOfficeCart.data.map((l) => l.goods.id),
    );
    await addToCart(page, goodsId);
    await page.goto('/cart');
    await screenshot(page, 'e-acting-cart');
    const storeCart = await getJson<{ data: { goods: { id: number } }[] }>(page, '/api/cart/list');
    expect(storeCart.data.map((l) => l.goods.id)).toContain(goodsId);
    // The store's draft lives in the store's own local database (username + company id).
    const storeDb = `yaodian-local:chain:${hankou.company_id}`;
    await expect.poll(() => draftGoods(page, storeDb), { timeout: 20_000 }).toContain(goodsId);

    await mark.getByRole('button', { name: '返回总部' }).click();
    await page.waitForURL((u) => u.pathname === '/ddgl', { timeout: 15_000 });
    await expect.poll(async () => (await getJson<UserBase>(page, '/api/user/base')).customer.id).toBe(home.customer.id);
    expect(await page.getByTestId('acting-store').count()).toBe(0);
    // The head office sees each store's orders (the seed gives chain-a two).
    await page.getByTestId(`store-${hankou.company_id}`).getByRole('link', { name: '查看订单' }).click();
    const orders = page.getByRole('region', { name: `${hankou.company} 的订单` });
    await orders.getByRole('row').nth(1).waitFor({ timeout: 15_000 });
    expect(await orders.getByRole('row').count()).toBe(1 + hankou.order_count);
    await screenshot(page, 'e-ddgl-orders');
    const backCart = await getJson<{ data: { goods: { id: number } }[] }>(page, '/api/cart/list');
    expect(backCart.data.map((l) => l.goods.id)).not.toContain(goodsId);
    await page.goto('/cart');
    const headDb = `yaodian-local:chain:${home.customer.id}`;
    await expect.poll(() => draftGoods(page, headDb), { timeout: 20_000 }).not.toBeNull();
    expect(await draftGoods(page, headDb)).not.toContain(goodsId);
    expect(await draftGoods(page, storeDb)).toContain(goodsId);
  });
});
