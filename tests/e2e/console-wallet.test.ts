// The console's wallet work in a real Chromium against the real server and demo data, with two
// browsers: the operator (admin) takes demo's seeded return through 受理 → 收到退货 → 退回余额,
// and the buyer `demo`, signed in the whole time in the shop, finds the 退款 in /yegl with the
// balance raised by it (issue 18's must-hold); then the operator credits demo's balance with a
// reason on the company page, and the buyer reads that reason in /yegl and gets the message.
import type { Browser, Page } from 'playwright-core';
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

const REASON = '物流延误补偿（工单 8812）';

const balanceOf = async (buyer: Page) => (await getJson<{ balance: number }>(buyer, '/api/user/user_money')).balance;

describeBrowser(
  "console wallet: an after-sale refunded to the balance and a balance adjustment, both in the buyer's /yegl",
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

    it("refunds demo's return to the balance, then credits it with a reason; the buyer sees both", async () => {
      const buyer = await newPage(browser, server.url, { name: 'buyer' });
      await signInBuyer(buyer, 'demo');
      const before = await balanceOf(buyer);

      const operator = await newPage(browser, server.url, { name: 'operator' });
      await signInOperator(operator, 'admin');

      // The return through its steps, each from the all-statuses queue.
      await operator.goto('/admin/after-sales');
      const queue = operator.getByRole('table', { name: '售后' });
      const row = queue
        .getByRole('row')
        .filter({ hasText: '破损' })
        .filter({ hasText: '广州市康宁大药房有限公司' })
        .first();
      await row.waitFor({ timeout: 15_000 });
      const afterSaleId = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
      expect(afterSaleId).toMatch(/^\d+$/);
      const mine = queue
        .getByRole('row')
        .filter({ has: operator.getByRole('cell', { name: afterSaleId, exact: true }) });
      await mine.getByRole('button', { name: '同意受理' }).click();
      await mine.getByRole('button', { name: '确认收到退货' }).click();
      await mine.getByRole('button', { name: '退回余额' }).click();
      await mine.getByText('已退款').waitFor({ timeout: 15_000 });
      const amountText = (await mine.getByRole('cell').nth(5).textContent()) ?? '';
      const refunded = Math.round(Number(amountText.replace(/[^\d.]/g, '')) * 100);
      expect(refunded).toBeGreaterThan(0);

      // The buyer, in their own browser, without signing in again.
      await expect.poll(() => balanceOf(buyer), { timeout: 10_000 }).toBe(before + refunded);
      await buyer.goto('/yegl');
      await buyer.getByText(`售后退款（售后单号 ${afterSaleId}）`).first().waitFor({ timeout: 15_000 });

      // A credit with its reason, on demo's company page.
      await operator.goto(`/admin/companies?q=${encodeURIComponent('康宁')}`);
      await operator
        .getByRole('table', { name: '企业列表' })
        .getByRole('link', { name: '广州市康宁大药房有限公司' })
        .click();
      const wallet = operator.getByRole('region', { name: '钱包' });
      await expect
        .poll(async () => (await wallet.getByTestId('wallet-balance').textContent()) ?? '', { timeout: 15_000 })
        .toMatch(/^¥/);
      await wallet.getByRole('button', { name: '调整余额' }).click();
      const dialog = operator.getByRole('dialog');
      await dialog.getByLabel(/金额/).fill('88.8');
      await dialog.getByLabel(/调整原因/).fill(REASON);
      await screenshot(operator, 'console-wallet-adjust');
      await dialog.getByRole('button', { name: '确认调整' }).dblclick();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      await wallet.getByText(REASON).first().waitFor({ timeout: 10_000 });
      await screenshot(operator, 'console-wallet-company');

      // Applied once despite the double click.
      await expect.poll(() => balanceOf(buyer), { timeout: 10_000 }).toBe(before + refunded + 8_880);
      await buyer.goto('/yegl');
      const adjusted = buyer.getByRole('row').filter({ hasText: REASON }).first();
      await adjusted.waitFor({ timeout: 15_000 });
      await expect(adjusted.textContent()).resolves.toMatch(/余额调整[\s\S]*88\.80/);
      await screenshot(buyer, 'console-wallet-buyer-ledger');
      const inbox = await getJson<{ list: { title: string; body: string }[] }>(buyer, '/api/user/message?page_size=20');
      expect(inbox.list.find((m) => m.title === '账户余额调整')?.body).toContain(REASON);

      // The operator's own account page, reached from the bar.
      await operator.getByRole('link', { name: '我的账号' }).click();
      await operator.getByRole('heading', { name: '修改密码' }).waitFor({ timeout: 10_000 });
      await operator.getByText(/已启用：登录时需输入/).waitFor();
      await screenshot(operator, 'console-own-account');
    });
  },
);
