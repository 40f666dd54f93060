// Buying in a real Chromium against the real server and demo data: demo adds three goods of the
// 满减 promotion, sees the tier reached, checks out with the preselected coupon, pays with the
// wallet balance and finds the order under 待发货 with the right amount; nocontract is sent to
// /dzht (SPEC §8 code 459).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GoodsActivity, GoodsDetail } from '../../src/domain/catalog';
import type { OrderDetail, OrderSummary } from '../../src/domain/orders';
import { formatPrice } from '../../src/domain/money';
import { quantityRulesFor } from '../../src/domain/quantity';
import {
  allowConsoleErrors,
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';

/** The seeded 满减 promotion's first tier: 满1000减50 (fen). */
const FIRST_TIER_FEN = 100_000;

interface Pick {
  id: number;
  quantity: number;
}

/** Three buyable goods of the 满减 promotion, each bought for about a third of the first tier. */
async function manjianGoods(page: Page): Promise<Pick[]> {
  const picks: Pick[] = [];
  for (let id = 1; id <= 400 && picks.length < 3; id += 1) {
    const acts = await getJson<GoodsActivity[] | null>(page, `/api/goods/activities?goods_id=${id}`);
    if (!acts?.some((a) => a.kind === 'manjian')) continue;
    const g = await getJson<GoodsDetail | null>(page, `/api/goods/detail/${id}`);
    if (!g || g.price === null || g.is_ephedrine || g.type !== 0) continue;
    const rules = quantityRulesFor(g);
    const wanted = Math.ceil(FIRST_TIER_FEN / 3 / g.price) + 1;
    const quantity = Math.ceil(wanted / rules.step) * rules.step;
    if (rules.max === 0 || quantity > rules.max) continue;
    picks.push({ id, quantity });
  }
  return picks;
}

describeBrowser('buying: cart tiers, checkout with a coupon, balance payment; 459 to /dzht', () => {
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

  it('demo reaches 满1000减50, checks out with a coupon, pays by balance, sees the order under 待发货', async () => {
    const page = await newPage(browser, server.url, { name: 'buying-demo' });
    await signInBuyer(page, 'demo');
    const picks = await manjianGoods(page);
    expect(picks).toHaveLength(3);

    for (const pick of picks) {
      await page.goto(`/list/info/${pick.id}`);
      const qty = page.getByRole('spinbutton', { name: '购买数量' }).first();
      await qty.waitFor({ timeout: 15_000 });
      await qty.fill(String(pick.quantity));
      await qty.press('Tab');
      await page.getByRole('button', { name: '加入购物车' }).first().click();
      await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
    }

    await page.goto('/cart');
    const tiers = page.getByRole('list', { name: '促销活动' });
    await tiers.waitFor({ timeout: 15_000 });
    await tiers.getByText('已满足').first().waitFor({ timeout: 10_000 });

    await page.getByRole('button', { name: '去结算' }).click();
    await page.waitForURL((u) => u.pathname === '/cart/step2');
    const submit = page.getByRole('button', { name: '提交订单' });
    await submit.waitFor({ timeout: 15_000 });
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
    await submit.click();
    await page.waitForURL((u) => /^\/cart(_|\/)step3\/\d+$/.test(u.pathname), { timeout: 15_000 });
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByLabel('余额支付').check();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL((u) => u.pathname === '/cart/step4', { timeout: 15_000 });

    const order = await getJson<OrderDetail>(page, `/api/order/${orderId}`);
    expect(order.status).toBe('paid');
    expect(order.amounts.manjian_amount).toBeGreaterThanOrEqual(5_000);
    expect(order.amounts.coupon_amount).toBeGreaterThan(0);
    const a = order.amounts;
    expect(a.pay_amount + a.balance_amount).toBe(
      a.goods_amount - a.manjian_amount - a.coupon_amount - a.voucher_amount + a.shipping_amount,
    );
    // The paid lines are the picks; demo's seeded draw prize (a ¥0 goods) rides along on its next order.
    const paid = order.lines.filter((l) => l.is_prize !== 1);
    expect(paid.map((l) => l.goods_id).sort()).toEqual(picks.map((p) => p.id).sort());
    expect(order.lines.filter((l) => l.is_prize === 1).every((l) => l.price === 0)).toBe(true);

    await page.goto('/order?tab=paid');
    const card = page.locator('article, li, section').filter({ hasText: order.order_no }).first();
    await card.waitFor({ timeout: 15_000 });
    const list = await getJson<{ list: OrderSummary[] }>(page, '/api/order?tab=paid&page=1');
    const summary = list.list.find((o) => o.id === orderId)!;
    await expect(card.textContent()).resolves.toContain(formatPrice(summary.pay_amount));
    await expect(card.textContent()).resolves.toContain('待发货');
  });

  it('nocontract is told to sign the e-contract and sent to /dzht', async () => {
    const page = await newPage(browser, server.url, { name: 'buying-nocontract' });
    // The refusal is an HTTP 459 answer, which Chromium logs as a failed resource.
    allowConsoleErrors(page, /status of 459/);
    await signInBuyer(page, 'nocontract');
    await page.goto('/list/info/1');
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
    await page.goto('/cart');
    await page.getByRole('button', { name: '去结算' }).click();
    // SPEC §8: 459 shows the message, then goes to /dzht once the buyer has read it.
    const notice = page.getByRole('alertdialog');
    await notice.getByText('请先签署电子合同').waitFor({ timeout: 15_000 });
    await notice.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((u) => u.pathname === '/dzht', { timeout: 15_000 });
  });
});
