// Issue 29 §3 in a real Chromium against the real server: on /basic a buyer moves the account to a
// new phone with the SMS code sent to it and the current password, then changes the password with
// the current one to a long one with symbols; each time the buyer's other browser is signed out
// and this one stays.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, newPage, sharedServer, type RunningServer } from './harness';

describeBrowser('account changes on /basic need proof and sign other browsers out', () => {
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

  /** The newest code "sent" to `phone` (GET /api/dev/outbox stands in for the SMS gateway). */
  async function codeFor(phone: string, purpose: string): Promise<string> {
    const res = await fetch(`${server.url}/api/dev/outbox`);
    const rows = ((await res.json()) as { data: { phone: string; purpose: string; code: string }[] }).data;
    const row = rows.find((r) => r.phone === phone && r.purpose === purpose);
    if (!row) throw new Error(`no ${purpose} code for ${phone}`);
    return row.code;
  }

  async function signIn(page: Page, password: string): Promise<void> {
    await page.goto('/login');
    await page.fill('input[name="username"]', 'clinic');
    await page.fill('input[name="password"]', password);
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/');
  }

  const baseStatus = (page: Page) =>
    page.evaluate(async () => (await fetch('/api/user/base', { credentials: 'include' })).status);

  it('changes the phone with its code and the password, then the password, signing the other browser out each time', async () => {
    const desk = await newPage(browser, server.url, { name: 'desk' });
    const other = await newPage(browser, server.url, { name: 'other-device', allowConsoleErrors: [/status of 401/] });
    await signIn(desk, 'demo1234');
    await signIn(other, 'demo1234');

    await desk.goto('/basic');
    await desk.getByLabel('手机号码').fill('13712340099');
    await desk.getByRole('button', { name: '获取验证码' }).click();
    await desk.getByText('验证码已发送至137****0099，5分钟内有效').waitFor();
    await desk.getByLabel('短信验证码').fill(await codeFor('13712340099', 'change_phone'));
    await desk.getByLabel('登录密码').fill('demo1234');
    await desk.getByRole('button', { name: '保存' }).click();
    await desk.getByText('手机号已更换，其他设备已退出登录', { exact: true }).waitFor();
    expect(await baseStatus(desk)).toBe(200);
    expect(await baseStatus(other)).toBe(401);

    await signIn(other, 'demo1234');
    const long = 'Kang Yuan #2026 药房 long!';
    await desk.getByLabel('原密码').fill('demo1234');
    await desk.getByLabel('新密码', { exact: false }).first().fill(long);
    await desk.getByLabel('确认新密码').fill(long);
    await desk.getByRole('button', { name: '修改密码' }).click();
    await desk.getByText('密码修改成功，其他设备已退出登录', { exact: true }).waitFor();
    expect(await baseStatus(desk)).toBe(200);
    expect(await baseStatus(other)).toBe(401);
    await signIn(other, long);
    await desk.close();
    await other.close();
  });
});
