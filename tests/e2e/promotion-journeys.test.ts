// The promotion journeys issue 20 lists that no other browser file covers, in a real Chromium
// against the real server and demo data (the others: promotion-offers — claim in /lqzx, specials;
// promotions-group-flash — join a group, a flash line from the home strip; promotion-sets —
// exchange points and find the order in /jfdd; promotions-draw-activity — a draw to its prize):
// - demo claims a coupon in /lqzx, picks it at checkout, sees it taken off and the order keeps it;
// - demo closes the draw popup while the draw runs: the SPEC §8 confirmation, 继续抽奖 keeps the
//   draw going to its result, and a close after it needs no confirmation.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatPrice } from '../../src/domain/money';
import type { DrawRecordView } from '../../src/domain/lucky-draw';
import type { CartState } from '../../src/domain/cart-types';
import type { GoodsListItem } from '../../src/domain/catalog';
import type { Page as ListPage } from '../../src/domain/envelope';
import type { OrderDetail } from '../../src/domain/orders';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';

const COUPON = '领券中心专享 满800减30';
/** Enough normal goods that the 满800 coupon applies whatever 满减 the seed puts on them. */
const TARGET_FEN = 120_000;

async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { method, path, body },
  ) as Promise<{ code: number; msg: string; data: T }>;
}

/** A normal cart line of one goods worth at least TARGET_FEN (the first list goods the cart takes). */
async function normalLineWorth(page: Page): Promise<number> {
  const list = await api<ListPage<GoodsListItem>>(page, 'GET', '/api/goods/list?page=1&page_size=40');
  for (const g of list.data.list) {
    if (g.price === null || g.price <= 0) continue;
    const number = Math.ceil(TARGET_FEN / g.price);
    const added = await api<unknown>(page, 'POST', '/api/cart', { params: [{ goods_id: g.id, number, type: 0 }] });
    if (added.code !== 10000) continue;
    const cart = await api<CartState>(page, 'GET', '/api/cart/list');
    const line = cart.data.data.find((l) => l.goods.id === g.id && l.type === 0);
    if (line && (line.with_coupon ?? 0) >= 80_000 && !line.problem) return line.id;
  }
  throw new Error('no goods of the demo catalogue could make an 800-yuan normal line');
}

describeBrowser('promotion journeys: a claimed coupon at checkout; closing the draw while it runs', () => {
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

  it('claims a coupon in /lqzx and sees it applied at checkout and on the order', async () => {
    const page = await newPage(browser, server.url, { name: 'coupon-checkout' });
    await signInBuyer(page, 'demo');
    await page.goto('/lqzx');
    const card = page.getByRole('article', { name: COUPON });
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: '立即领取' }).click();
    await page.getByText('领取成功，已放入“我的优惠券”').first().waitFor({ timeout: 10_000 });

    const lineId = await normalLineWorth(page);
    await page.goto(`/cart/step2?ids=${lineId}`);
    const choice = page.getByRole('radio', { name: new RegExp(COUPON) });
    await choice.waitFor({ timeout: 15_000 });
    await choice.check();
    const couponRow = page
      .getByRole('region', { name: '金额明细' })
      .locator('div', { has: page.getByRole('term').filter({ hasText: /^优惠券$/ }) });
    await expect.poll(() => couponRow.locator('dd').textContent(), { timeout: 10_000 }).toBe(`-${formatPrice(3_000)}`);
    await screenshot(page, 'checkout-claimed-coupon');

    const submit = page.getByRole('button', { name: '提交订单' });
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
    await submit.click();
    await page.waitForURL((u) => /^\/cart(_|\/)step3\/\d+$/.test(u.pathname), { timeout: 15_000 });
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const order = await api<OrderDetail>(page, 'GET', `/api/order/${orderId}`);
    expect(order.data.amounts.coupon_amount).toBe(3_000);
  });

  it('asks before closing the draw while it runs; 继续抽奖 keeps it going to the result', async () => {
    const page = await newPage(browser, server.url, { name: 'draw-close' });
    await signInBuyer(page, 'demo');
    // demo's record list already holds a seeded prize from an ended draw: count what this draw adds.
    const before = (await api<ListPage<DrawRecordView>>(page, 'GET', '/api/draw/record?page=1')).data.total;
    const popup = page.getByRole('complementary', { name: '幸运抽奖' });
    await popup.waitFor({ timeout: 15_000 });
    await popup.getByRole('button', { name: '开始抽奖' }).click();
    // The loading state lasts at least 2 s (SPEC §4) after the press, whatever the server.
    await popup.getByRole('status').filter({ hasText: '抽奖中' }).waitFor({ timeout: 5_000 });
    await popup.getByRole('button', { name: '关闭抽奖' }).click();

    const confirm = page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .filter({ hasText: '正在抽奖中，关闭后如未显示抽奖结果，请到个人中心查看' });
    await confirm.waitFor({ timeout: 5_000 });
    await screenshot(page, 'draw-close-confirm');
    await confirm.getByRole('button', { name: '继续抽奖' }).click();
    await confirm.waitFor({ state: 'detached' });

    const outcome = popup.getByRole('status').filter({ hasText: /恭喜您，抽中了|很遗憾/ });
    await outcome.waitFor({ timeout: 15_000 });
    const records = await api<ListPage<DrawRecordView>>(page, 'GET', '/api/draw/record?page=1');
    expect(records.data.total).toBe(before + 1);
    expect((await outcome.textContent()) ?? '').toContain(records.data.list[0].name);

    // With the result shown, closing needs no confirmation.
    await popup.getByRole('button', { name: '关闭抽奖' }).click();
    await popup.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.getByText('正在抽奖中，关闭后如未显示抽奖结果，请到个人中心查看').count()).toBe(0);
  });
});
