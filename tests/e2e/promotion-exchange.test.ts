// 换购 in a real Chromium against the real server and demo data: demo puts enough of a goods of the
// seeded exchange promotion (tagged 换购) in the cart to reach its first tier, picks an exchange
// goods in the cart's chooser, sees the 换购 line at checkout, places the order, and the order's
// page shows the line with its exchange price and the 换购 tag.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExchangeOffers } from '../../src/domain/exchange';
import type { OrderDetail } from '../../src/domain/orders';
import { formatPrice } from '../../src/domain/money';
import {
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';
import { goodsPassingTier } from './promotion-buyer';

/** The seeded exchange promotion's first tier (server/seed/exchange-promotions.ts). */
const EXCHANGE_TIER_FEN = 30_000;

describeBrowser('换购: reach the tier, pick an exchange goods, order it', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'promotion-exchange-demo' });
    await signInBuyer(page, 'demo');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('picks the exchange goods in the cart, sees it at checkout and finds it on the order with its price and tag', async () => {
    const pick = await goodsPassingTier(page, '换购', EXCHANGE_TIER_FEN);
    await page.goto(`/list/info/${pick.id}`);
    const qty = page.getByRole('spinbutton', { name: '购买数量' }).first();
    await qty.waitFor({ timeout: 15_000 });
    await qty.fill(String(pick.quantity));
    await qty.press('Tab');
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });

    await page.goto('/cart');
    const chooser = page.locator('[data-exchange-chooser]');
    const pickButton = chooser.getByRole('button', { name: '换购', exact: true }).first();
    await pickButton.waitFor({ timeout: 15_000 });
    await pickButton.click();
    const chosenRow = chooser.locator('[data-chosen="1"]');
    await chosenRow.waitFor({ timeout: 10_000 });
    await screenshot(page, 'cart-exchange');
    const offers = await getJson<ExchangeOffers>(page, '/api/cart/exchange');
    const chosen = offers.list.find((o) => o.chosen !== null)!.chosen!;

    await page.getByRole('button', { name: '去结算' }).click();
    await page.waitForURL((u) => u.pathname === '/cart/step2');
    const exchangeRow = page.locator('tr[data-exchange]').first();
    await exchangeRow.waitFor({ timeout: 15_000 });
    await expect(exchangeRow.textContent()).resolves.toContain('换购');
    await expect(exchangeRow.textContent()).resolves.toContain(formatPrice(chosen.price));
    await screenshot(page, 'checkout-exchange');

    const submit = page.getByRole('button', { name: '提交订单' });
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
    await submit.click();
    await page.waitForURL((u) => /^\/cart(_|\/)step3\/\d+$/.test(u.pathname), { timeout: 15_000 });
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    const order = await getJson<OrderDetail>(page, `/api/order/${orderId}`);
    const line = order.lines.find((l) => l.is_exchange === 1);
    expect(line).toMatchObject({ goods_id: chosen.goods_id, price: chosen.price, number: chosen.number });

    await page.goto(`/order/info/${orderId}`);
    const row = page
      .locator('section[aria-labelledby="order-lines"] tr')
      .filter({ has: page.locator('[data-tag="换购"]') })
      .first();
    await row.waitFor({ timeout: 15_000 });
    await expect(row.textContent()).resolves.toContain(formatPrice(chosen.price));
    await screenshot(page, 'order-exchange');

    // The choice was used by the order: the cart offers it afresh.
    const after = await getJson<ExchangeOffers>(page, '/api/cart/exchange');
    expect(after.list.every((o) => o.chosen === null)).toBe(true);
  });
});
