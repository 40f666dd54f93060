// The operator console in a real Chromium against the real server and demo data, with two
// browsers: the operator (admin, password then TOTP code) sees the dashboard's waiting
// registration, opens it from the companies list and approves it; the buyer `pending`, signed in
// the whole time in the shop, then sees prices at once, adds to the cart and gets through the
// qualification gate of checkout (the next gate, the e-contract, is the buyer's own step: 459).
// Then finance confirms a 对公转账 (a wrong amount is refused) and the buyer finds the order paid.
import type { Browser } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';
import { ADMIN_DEMO_TOTP_SECRET, OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators';

describeBrowser(
  'operator console: sign in with TOTP, dashboard, approve a registration; the buyer can buy at once',
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

    it('admin approves 佛山市禅城区仁心药店 and its buyer sees prices and passes the qualification gate', async () => {
      const buyer = await newPage(browser, server.url, { name: 'buyer' });
      // The contract gate answers HTTP 459, which Chromium logs as a failed resource.
      allowConsoleErrors(buyer, /status of 459/);
      await signInBuyer(buyer, 'pending');
      await buyer.goto('/list/info/1');
      await buyer.getByText('资质审核后可见').first().waitFor({ timeout: 15_000 });

      const operator = await newPage(browser, server.url, { name: 'operator' });
      await operator.goto('/admin/');
      await operator.waitForURL((u) => u.pathname === '/admin/login');
      await operator.fill('input[name="username"]', 'admin');
      await operator.fill('input[name="password"]', OPERATOR_DEMO_PASSWORD);
      await operator.getByRole('button', { name: '登录' }).click();
      const code = operator.locator('input[name="totp"]');
      await code.waitFor({ timeout: 10_000 });
      await code.fill(new TOTP({ secret: Secret.fromBase32(ADMIN_DEMO_TOTP_SECRET) }).generate());
      await operator.getByRole('button', { name: '验证并登录' }).click();

      await operator.getByRole('heading', { name: '工作台' }).waitFor({ timeout: 15_000 });
      await expect(operator.locator('[data-stat="待审核注册"]').textContent()).resolves.toBe('1');
      await expect(operator.locator('[data-stat="待审核换证"]').textContent()).resolves.toBe('1');

      await operator.getByRole('link', { name: '去审核' }).first().click();
      await operator.waitForURL((u) => u.pathname === '/admin/companies' && u.searchParams.get('status') === 'pending');
      const table = operator.getByRole('table', { name: '企业列表' });
      await table.getByRole('link', { name: '佛山市禅城区仁心药店' }).click();
      await operator.getByRole('heading', { name: '注册审核' }).waitFor({ timeout: 15_000 });
      // The files beside the data: the first one shown as an image that really loaded.
      const scan = operator.getByRole('img', { name: /营业执照/ });
      await scan.waitFor();
      await expect
        .poll(() => scan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
        .toBe(true);
      await screenshot(operator, 'operator-console-review');

      await operator.getByRole('button', { name: '审核通过' }).click();
      await operator.getByText('已审核通过，该企业现在可以下单').waitFor({ timeout: 10_000 });
      await operator.getByRole('heading', { name: '注册审核' }).waitFor({ state: 'detached', timeout: 10_000 });
      // The decided company is read again and the review panel leaves; what was decided stays said.
      await expect(
        operator.getByRole('status').filter({ hasText: '已审核通过，该企业现在可以下单' }).isVisible(),
      ).resolves.toBe(true);

      // The buyer, in their own browser, without signing in again.
      await buyer.goto('/list/info/1');
      await buyer.getByRole('button', { name: '加入购物车' }).first().click();
      await buyer.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
      await expect(buyer.getByText('资质审核后可见').count()).resolves.toBe(0);
      await buyer.goto('/cart');
      await buyer.getByRole('button', { name: '去结算' }).click();
      const notice = buyer.getByRole('alertdialog');
      await notice.getByText('请先签署电子合同').waitFor({ timeout: 15_000 });
      await expect(notice.getByText('资质审核通过后才能下单').count()).resolves.toBe(0);

      // The decision is on the audit trail, and the dashboard no longer counts it.
      const audit = await operator.evaluate(async () => {
        const res = await fetch('/api/admin/audit?action=company.approve', { credentials: 'same-origin' });
        return ((await res.json()) as { data: { list: { staff_name: string; target_type: string }[] } }).data.list;
      });
      expect(audit).toEqual([expect.objectContaining({ staff_name: '赵敏', target_type: 'company' })]);
      await operator.getByRole('link', { name: '工作台' }).click();
      await expect
        .poll(() => operator.locator('[data-stat="待审核注册"]').textContent(), { timeout: 10_000 })
        .toBe('0');
    });

    it("finance confirms demo's 对公转账 with the bank reference; the buyer finds the order paid", async () => {
      const finance = await newPage(browser, server.url, { name: 'finance' });
      // A wrong amount is refused with HTTP 422, which Chromium logs as a failed resource.
      allowConsoleErrors(finance, /status of 422/);
      await finance.goto('/admin/login');
      await finance.fill('input[name="username"]', 'finance');
      await finance.fill('input[name="password"]', OPERATOR_DEMO_PASSWORD);
      await finance.getByRole('button', { name: '登录' }).click();
      await finance.getByRole('heading', { name: '工作台' }).waitFor({ timeout: 15_000 });
      // 财务 sees the transfers but not the admin's areas.
      await expect(
        finance.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '运营账号' }).count(),
      ).resolves.toBe(0);
      await finance.getByRole('link', { name: '去确认' }).click();

      const table = finance.getByRole('table', { name: '待确认转账' });
      const row = table.getByRole('row').filter({ hasText: '广州市康宁大药房有限公司' });
      await row.waitFor({ timeout: 15_000 });
      const orderNo = (await row.getByRole('cell').first().textContent()) ?? '';
      await row.getByRole('button', { name: '确认收款' }).click();
      const dialog = finance.getByRole('dialog');
      await dialog.getByLabel(/到账金额/).fill('0.01');
      await dialog.getByLabel(/银行流水号/).fill('ICBC20250602001');
      await dialog.getByRole('button', { name: '确认收款' }).click();
      await dialog.getByText('到账金额与订单应付金额不符').waitFor({ timeout: 10_000 });
      await dialog.getByRole('button', { name: '取消' }).click();

      await row.getByRole('button', { name: '确认收款' }).click();
      await dialog.getByLabel(/银行流水号/).fill('ICBC20250602001');
      await dialog.getByRole('button', { name: '确认收款' }).click();
      await finance.getByText('没有待确认的转账').waitFor({ timeout: 10_000 });

      const buyer = await newPage(browser, server.url, { name: 'demo' });
      await signInBuyer(buyer, 'demo');
      const orders = await buyer.evaluate(async () => {
        const res = await fetch('/api/order?tab=paid&page=1', { credentials: 'include' });
        return ((await res.json()) as { data: { list: { order_no: string; status: string }[] } }).data.list;
      });
      expect(orders.find((o) => o.order_no === orderNo)?.status).toBe('paid');
    });
  },
);
