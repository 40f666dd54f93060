// The console's order work in a real Chromium against the real server and demo data, with two
// browsers: 仓库 opens demo's paid order from the dashboard's 待发货 count, ships it with a carrier,
// a tracking number and the batches; the buyer `demo`, signed in the whole time in the shop,
// finds the order 待收货 with the tracking number and the 订单已发货 message, confirms receipt
// and earns the order's points.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  signInOperator,
  startServer,
  type RunningServer,
} from './harness';

const TRACKING = 'SF1400012345678';

describeBrowser(
  "console orders: 仓库 ships demo's paid order; the buyer sees 待收货 and the message, confirms receipt and earns points",
  () => {
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

    it('ships with a tracking number; the buyer confirms receipt and the points arrive', async () => {
      const buyer = await newPage(browser, server.url, { name: 'buyer' });
      await signInBuyer(buyer, 'demo');
      const pointsBefore = (await getJson<{ points: number }>(buyer, '/api/user/user_money')).points;

      const operator = await newPage(browser, server.url, { name: 'warehouse' });
      await signInOperator(operator, 'warehouse');
      // 仓库 may not refund or issue invoices: those areas are not in its navigation.
      const nav = operator.getByRole('navigation', { name: '后台导航' });
      await expect(nav.getByRole('link', { name: '发票处理' }).count()).resolves.toBe(0);
      await operator.getByRole('link', { name: /^待发货订单/ }).click();
      await operator.waitForURL((u) => u.pathname === '/admin/orders' && u.searchParams.get('status') === 'paid');

      const table = operator.getByRole('table', { name: '订单' });
      const row = table.getByRole('row').filter({ hasText: '广州市康宁大药房有限公司' }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.getByRole('link').first().click();
      await operator.getByRole('heading', { name: /（待发货）$/ }).waitFor({ timeout: 15_000 });
      const orderId = Number(new URL(operator.url()).pathname.split('/').pop());

      const form = operator.getByRole('form', { name: '发货' });
      await form.getByLabel(/承运商/).fill('顺丰速运');
      await form.getByLabel(/运单号/).fill(TRACKING);
      await screenshot(operator, 'console-order-ship');
      await form.getByRole('button', { name: '确认发货' }).click();
      await operator.getByRole('heading', { name: /（待收货）$/ }).waitFor({ timeout: 15_000 });
      await operator.getByText(TRACKING).first().waitFor();
      // The 随货同行单 is offered now that the goods have left.
      await operator.getByRole('link', { name: '打印随货同行单' }).waitFor();
      await screenshot(operator, 'console-order-shipped');

      // The buyer, in their own browser, without signing in again.
      await buyer.goto(`/order/info/${orderId}`);
      await buyer.getByText('待收货').first().waitFor({ timeout: 15_000 });
      await buyer.getByText(TRACKING).first().waitFor({ timeout: 15_000 });
      await buyer.goto('/wdxx');
      await buyer.getByText('订单已发货').first().waitFor({ timeout: 15_000 });
      // The body (folded under its title until opened) carries the carrier and tracking number.
      await buyer
        .getByText(new RegExp(`运单号${TRACKING}`))
        .first()
        .waitFor({ state: 'attached' });

      await buyer.goto(`/order/info/${orderId}`);
      await buyer.getByRole('button', { name: '确认收货' }).first().click();
      await buyer.getByRole('alertdialog').getByRole('button', { name: '确认收货' }).click();
      await buyer.getByText('已确认收货').first().waitFor({ timeout: 15_000 });

      const order = await getJson<{ status: string; amounts: { paid_amount: number; balance_amount: number } }>(
        buyer,
        `/api/order/${orderId}`,
      );
      expect(order.status).toBe('completed');
      const earned = Math.floor((order.amounts.paid_amount + order.amounts.balance_amount) / 100);
      expect(earned).toBeGreaterThan(0);
      await expect
        .poll(async () => (await getJson<{ points: number }>(buyer, '/api/user/user_money')).points, {
          timeout: 10_000,
        })
        .toBe(pointsBefore + earned);

      // The console sees the completion too.
      const seenByConsole = await operator.evaluate(async (id) => {
        const res = await fetch(`/api/admin/orders/${id}`, { credentials: 'same-origin' });
        return ((await res.json()) as { data: { order: { status: string } } }).data.order.status;
      }, orderId);
      expect(seenByConsole).toBe('completed');

      // 仓库 reads the after-sales queue (demo's seeded return) but the intake steps are 客服's.
      await operator.goto('/admin/after-sales?status=submitted');
      const queue = operator.getByRole('table', { name: '售后' });
      await queue.getByRole('row').filter({ hasText: '破损' }).first().waitFor({ timeout: 15_000 });
      await expect(queue.getByRole('button', { name: '同意受理' }).count()).resolves.toBe(0);
      await screenshot(operator, 'console-after-sales');
    });
  },
);
