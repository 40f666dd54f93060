// The money settings in a real Chromium against the real server and demo data (issue 29 §4):
// 管理员 (the demo admin has a published TOTP secret) changes the 对公转账 account in 站点设置 with a
// fresh code from the authenticator; the buyer `demo` is told the new account at once; 运营 sees the
// change announced on 工作台 and the money settings read-only in 站点设置.
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, newPage, screenshot, startServer, type RunningServer } from './harness';
import { ADMIN_DEMO_TOTP_SECRET, OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators';
import type { TransferInfo } from '../../src/domain/orders';

const ACCOUNT = {
  account_name: '康源医药（广州）有限公司',
  bank: '招商银行广州天河支行',
  account_no: '1209 8888 0000 0002',
};
const totp = new TOTP({ secret: Secret.fromBase32(ADMIN_DEMO_TOTP_SECRET) });

async function operatorSignIn(page: Page, username: string, withTotp: boolean): Promise<void> {
  await page.goto('/admin/login');
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', OPERATOR_DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  if (withTotp) {
    const code = page.locator('input[name="totp"]');
    await code.waitFor({ timeout: 10_000 });
    await code.fill(totp.generate());
    await page.getByRole('button', { name: '验证并登录' }).click();
  }
  await page.getByRole('heading', { name: '工作台' }).waitFor({ timeout: 15_000 });
}

describeBrowser(
  'console money settings: 管理员 changes the 对公转账 account with a fresh TOTP code; buyers and operators learn it',
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

    it('管理员 saves the account with a code; the buyer is told it; 运营 sees it announced and read-only', async () => {
      const admin = await newPage(browser, server.url, { name: 'admin' });
      await operatorSignIn(admin, 'admin', true);
      await admin.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '站点设置' }).click();
      const form = admin.getByRole('form', { name: '对公转账收款账户' });
      await form.getByLabel(/户名/).fill(ACCOUNT.account_name);
      await form.getByLabel(/开户行/).fill(ACCOUNT.bank);
      await form.getByLabel(/^\*?账号/).fill(ACCOUNT.account_no);
      // The sign-in spent this step's code; the next step's is accepted now (one step either side).
      await form.getByLabel(/动态验证码/).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('已保存，商城下次加载即生效').waitFor({ timeout: 15_000 });
      await admin.getByText('当前使用：本页设置').first().waitFor({ timeout: 15_000 });
      await screenshot(admin, 'console-money-settings');

      const buyer = await newPage(browser, server.url, { name: 'buyer' });
      await buyer.goto('/login');
      await buyer.fill('input[name="username"]', 'demo');
      await buyer.fill('input[name="password"]', 'demo1234');
      await buyer.click('button[type="submit"]');
      await buyer.waitForURL((u) => u.pathname === '/');
      const info = await buyer.evaluate(
        async () =>
          ((await (await fetch('/api/pay/transfer_info', { credentials: 'include' })).json()) as { data: TransferInfo })
            .data,
      );
      expect(info).toMatchObject(ACCOUNT);

      const ops = await newPage(browser, server.url, { name: 'operations' });
      await operatorSignIn(ops, 'operations', false);
      const notice = ops.getByRole('region', { name: '资金设置变更公告' });
      await notice.getByText(new RegExp(`对公转账收款账户改为：${ACCOUNT.account_name}`)).waitFor({ timeout: 15_000 });
      await screenshot(ops, 'console-money-settings-notice');
      await ops.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '站点设置' }).click();
      const readOnly = ops.getByRole('form', { name: '对公转账收款账户' });
      await readOnly.waitFor({ timeout: 15_000 });
      expect(await readOnly.getByLabel(/户名/).isDisabled()).toBe(true);
      expect(await readOnly.getByRole('button', { name: '保存' }).count()).toBe(0);
    });
  },
);
