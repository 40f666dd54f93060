// Issue 34 §1 "Credentials", in a real Chromium against the real server: the 管理员 creates an
// integration client on the console's 对接凭证 page, reads its key id and secret once, and the ERP
// (the reference client, scripts/erp/client.ts, over real HTTP) signs with them; the page then shows
// the client's last use and its calls; rotating shows a new secret that works while the old one
// still does within the overlap; 停用 refuses every later request.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErpClient } from '../../scripts/erp/client.ts';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  signInOperator,
  sharedServer,
  type RunningServer,
} from './harness';

/** The key id and the secret the page shows once, read from its dialog; the dialog is then closed. */
async function shownCredentials(page: Page): Promise<{ keyId: string; secret: string }> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText('关闭后无法再次查看，遗失只能轮换密钥。', { exact: false }).waitFor({ timeout: 15_000 });
  const codes = dialog.locator('code');
  const [keyId, secret] = [await codes.nth(0).innerText(), await codes.nth(1).innerText()];
  await dialog.getByRole('button', { name: '我已保存' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  return { keyId: keyId.trim(), secret: secret.trim() };
}

describeBrowser('console 对接凭证: create, use, rotate and revoke an ERP credential', () => {
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

  it('shows the secret once, the ERP signs with it, rotation keeps the old one for its window, 停用 refuses', async () => {
    const page = await newPage(browser, server.url, { name: 'admin', viewport: { width: 1400, height: 900 } });
    await signInOperator(page, 'admin', { landOn: '/admin/integration-clients' });
    await page.getByRole('heading', { name: '对接凭证' }).waitFor({ timeout: 15_000 });
    await page.getByText('还没有对接凭证').waitFor();

    // Without a scope the server refuses (422, which the browser logs), and the dialog says why.
    allowConsoleErrors(page, /status of 422/);
    await page.getByRole('button', { name: '新建对接凭证' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('名称（如 用友U8）').fill('用友U8');
    await form.getByRole('button', { name: '创建' }).click();
    await expect.poll(() => form.innerText(), { timeout: 10_000 }).toMatch(/请(至少)?选择(一项)?权限/);
    await form.getByRole('checkbox', { name: /orders:read/ }).check();
    await form.getByRole('button', { name: '创建' }).click();
    const first = await shownCredentials(page);
    expect(first.keyId).not.toBe('');
    expect(first.secret.length).toBeGreaterThanOrEqual(32);

    const row = page.getByRole('row', { name: /用友U8/ });
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('从未使用');
    expect(await row.innerText()).toContain(first.keyId);
    // Shown once: the secret is nowhere on the page after its dialog closed.
    expect(await page.locator('body').innerText()).not.toContain(first.secret);

    const erp = (c: { keyId: string; secret: string }) =>
      new ErpClient({ baseUrl: server.url, keyId: c.keyId, secret: c.secret });
    const me = await erp(first).get<{ name: string; scopes: string[] }>('/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ name: '用友U8', scopes: ['orders:read'] });
    // A scope not granted is refused with its reason.
    const stock = await erp(first).post('/stock', { items: [] });
    expect(stock.status).toBe(403);

    await page.reload();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).not.toContain('从未使用');
    await row.getByRole('button', { name: '调用记录' }).click();
    const calls = page.getByRole('dialog');
    await expect.poll(() => calls.innerText(), { timeout: 10_000 }).toContain('/me');
    expect(await calls.innerText()).toContain('403');
    await calls.getByRole('button', { name: '关闭' }).last().click();

    // Rotation with a 10-minute overlap: both secrets sign until it ends.
    await row.getByRole('button', { name: '轮换密钥' }).click();
    const rotate = page.getByRole('dialog');
    await rotate.getByLabel(/旧密钥继续有效的分钟数/).fill('10');
    await rotate.getByRole('button', { name: '生成新密钥' }).click();
    const second = await shownCredentials(page);
    expect(second.keyId).toBe(first.keyId);
    expect(second.secret).not.toBe(first.secret);
    expect((await erp(second).get('/me')).status).toBe(200);
    expect((await erp(first).get('/me')).status).toBe(200);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('旧密钥有效至');

    // 停用 asks first, then every request with either secret is refused.
    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: '停用' }).click();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('已停用');
    for (const c of [first, second]) {
      const refused = await erp(c).get('/me');
      expect(refused.status).toBe(401);
      expect(refused.body.msg).toBe('该对接凭证已停用');
    }
    expect(await row.getByRole('button', { name: '轮换密钥' }).count()).toBe(0);
  });
});
