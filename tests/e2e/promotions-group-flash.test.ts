// Group buy and flash sale in a real Chromium against the real server and demo data (issue 20):
// demo joins a group from /ptzq, pays the order from the balance and sees the group's progress
// move by the units it bought; then adds a flash-sale goods from the home strip and finds it in
// the cart as a flash line at the flash price. The seed's rolling sessions keep a sale running
// whatever the hour the test runs.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartState } from '../../src/domain/cart-types';
import type { FlashSale } from '../../src/domain/catalog';
import type { GroupBuyList } from '../../src/domain/group-buy';
import type { OrderDetail } from '../../src/domain/orders';
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

describeBrowser('promotions: join a group buy, add a flash-sale goods', () => {
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

  it('demo joins a group from /ptzq, pays, and sees the progress move', async () => {
    const page = await newPage(browser, server.url, { name: 'group-buy' });
    await signInBuyer(page, 'demo');
    await page.goto('/ptzq');
    const card = page.getByTestId('group-buy-card').first();
    await card.waitFor({ timeout: 15_000 });
    const before = (await getJson<GroupBuyList>(page, '/api/activity/group_buy')).list[0];
    await expect(card.getByTestId('group-joined').textContent()).resolves.toContain(
      `已拼 ${before.joined}/${before.target}`,
    );
    await screenshot(page, 'ptzq');

    await card.getByRole('button', { name: '加入购物车' }).click();
    await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
    const cart = await getJson<CartState>(page, '/api/cart/list');
    const line = cart.data.find((l) => l.type === 2 && l.goods.id === before.id)!;
    expect(line).toBeTruthy();
    // Joined at the member price; the difference to the group price comes back when it forms.
    expect(line.price).toBe(before.price);

    await page.goto('/cart');
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
    const joinedUnits = order.lines.filter((l) => l.goods_id === before.id).reduce((s, l) => s + l.number, 0);
    expect(joinedUnits).toBe(line.number);

    await page.goto('/ptzq');
    const after = page.getByTestId('group-buy-card').filter({ hasText: before.name }).first();
    await after.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => after.getByTestId('group-joined').textContent(), { timeout: 10_000 })
      .toContain(`已拼 ${before.joined + joinedUnits}/${before.target}`);
  });

  it('demo adds a flash-sale goods from the home strip at the flash price', async () => {
    const page = await newPage(browser, server.url, { name: 'flash-sale' });
    await signInBuyer(page, 'demo');
    const sale = (await getJson<FlashSale | null>(page, '/api/index/spike'))!;
    expect(sale).not.toBeNull();
    const strip = page.getByRole('region', { name: '限时秒杀' });
    await strip.waitFor({ timeout: 15_000 });
    const item = strip
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: '加入购物车' }) })
      .first();
    await item.waitFor({ timeout: 15_000 });
    const name = (await item.getByRole('link').last().textContent())!.trim();
    const goods = sale.list.find((g) => g.name === name)!;
    await screenshot(page, 'home-flash');
    await item.getByRole('button', { name: '加入购物车' }).click();
    await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });

    const cart = await getJson<CartState>(page, '/api/cart/list');
    const line = cart.data.find((l) => l.type === 1 && l.goods.name === name);
    expect(line).toBeTruthy();
    expect(line!.price).toBe(goods.spike_price);
  });
});
