// Identity journeys in a real Chromium against the real server (issue 17 part A): a pharmacy
// registers (account with an SMS code from the dev outbox, company with 省/市/区 and uploaded
// documents with preview) and lands on "awaiting review", which it can revisit; a buyer recovers a
// forgotten password (a wrong code is refused first) and signs in with the new one; demo binds
// WeChat through the QR's confirmation page and unbinds; a visitor registers from a WeChat scan.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, newPage, screenshot, sharedServer, type RunningServer } from './harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A valid 统一社会信用代码 (GB 32100 check character 9). */
const CREDIT_CODE = '91440101MA5CXXX0A9';

describeBrowser('member identity: registration, password recovery, WeChat binding', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await sharedServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, {
      name: 'identity',
      // Refusals the journeys provoke on purpose (a wrong code) are 4xx answers Chromium logs.
      allowConsoleErrors: [/status of 422/],
    });
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

  it('registers a pharmacy with its documents and lands on awaiting review, which it can revisit', async () => {
    await page.goto('/register');
    await page.waitForURL((u) => u.pathname === '/register/step1');
    await page.getByLabel('用户名').fill('xinkang01');
    await page.getByLabel('设置密码').fill('shop1234');
    await page.getByLabel('确认密码').fill('shop1234');
    await page.getByLabel('手机号码').fill('13712345678');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByLabel('短信验证码').fill(await codeFor('13712345678', 'register'));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '下一步，完善企业资料' }).click();

    await page.waitForURL((u) => u.pathname === '/register/step2');
    await page.getByLabel('企业名称').fill('广州市新康大药房有限公司');
    await page.getByLabel('统一社会信用代码').fill(CREDIT_CODE);
    await page.getByLabel('法定代表人').fill('陈新');
    await page.getByLabel('联系人', { exact: false }).first().fill('陈新');
    await page.getByLabel('联系电话').fill('020-12345678');
    const province = page.getByRole('combobox', { name: /省份/ });
    await province.locator('option', { hasText: '广东省' }).waitFor({ state: 'attached' });
    await province.selectOption('广东省');
    await page.getByRole('combobox', { name: /城市/ }).selectOption('广州市');
    await page.getByRole('combobox', { name: /区\/县/ }).selectOption('越秀区');
    await page.getByLabel('详细地址').fill('中山五路1号');

    // Submitting without the licence is refused at the licence, before anything is sent.
    await page
      .locator('input[name="files[business_license]"]')
      .setInputFiles({ name: 'yyzz.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.locator('[data-document="drug_license"]').getByText('请上传药品经营许可证').waitFor();
    await page
      .locator('input[name="files[drug_license]"]')
      .setInputFiles({ name: 'xkz.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page
      .locator('input[name="files[id_card]"]')
      .setInputFiles({ name: 'sfz.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: '营业执照预览' }).waitFor();
    await expect(page.locator('[data-document="drug_license"]').getByText('xkz.pdf').isVisible()).resolves.toBe(true);
    await screenshot(page, 'register-step2');
    await page.getByRole('button', { name: '提交审核' }).click();

    await page.waitForURL((u) => u.pathname === '/register/step3');
    await page.getByText('资质已提交，等待审核').waitFor();
    await expect(page.locator('[data-review-status]').getAttribute('data-review-status')).resolves.toBe('pending');
    await screenshot(page, 'register-step3');

    // Later: the buyer comes back to the status page and still sees the review state.
    await page.goto('/');
    await page.goto('/register/step3');
    await page.getByText('广州市新康大药房有限公司').waitFor();
    await expect(page.locator('[data-review-status]').textContent()).resolves.toBe('审核中');
    // Step 2 no longer offers the form while the review runs.
    await page.goto('/register/step2');
    await page.getByText('资质已提交，等待审核').waitFor();
    await expect(page.getByRole('button', { name: '提交审核' }).count()).resolves.toBe(0);
  });

  it('recovers a forgotten password and signs in with the new one', async () => {
    const fresh = await newPage(browser, server.url, {
      name: 'forget',
      allowConsoleErrors: [/status of 422/, /status of 400/],
    });
    await fresh.goto('/forget');
    await fresh.waitForURL((u) => u.pathname === '/forget/step1');
    await fresh.getByLabel('用户名或手机号').fill('pending');
    await fresh.getByRole('button', { name: '获取验证码' }).click();
    await fresh.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    const code = await codeFor('13631457782', 'reset_password');
    await fresh.getByLabel('短信验证码').fill(code === '000000' ? '111111' : '000000');
    await fresh.getByRole('button', { name: '下一步' }).click();
    await fresh.getByText('验证码错误或已过期').waitFor();
    await fresh.getByLabel('短信验证码').fill(code);
    await fresh.getByRole('button', { name: '下一步' }).click();

    await fresh.waitForURL((u) => u.pathname === '/forget/step2');
    await fresh.getByLabel('新密码', { exact: false }).first().fill('fresh1234');
    await fresh.getByLabel('确认新密码').fill('fresh1234');
    await fresh.getByRole('button', { name: '确认修改' }).click();
    await fresh.waitForURL((u) => u.pathname === '/forget/step3');
    await fresh.getByText('密码已重置').waitFor();

    await fresh.getByRole('link', { name: '立即登录' }).click();
    await fresh.waitForURL((u) => u.pathname === '/login');
    await fresh.fill('input[name="username"]', 'pending');
    await fresh.fill('input[name="password"]', 'demo1234');
    await fresh.click('button[type="submit"]');
    await fresh.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
    await fresh.fill('input[name="password"]', 'fresh1234');
    await fresh.click('button[type="submit"]');
    await fresh.waitForURL((u) => u.pathname === '/');
    await fresh.close();
  });

  it('demo binds WeChat through the QR code’s confirmation page, sees its login history, and unbinds', async () => {
    const demo = await newPage(browser, server.url, { name: 'demo' });
    await demo.goto('/login');
    await demo.fill('input[name="username"]', 'demo');
    await demo.fill('input[name="password"]', 'demo1234');
    await demo.click('button[type="submit"]');
    await demo.waitForURL((u) => u.pathname === '/');

    await demo.goto('/basic');
    await demo.getByRole('heading', { name: /登录记录/ }).waitFor();
    await demo.getByText('113.108.77.23').first().waitFor();
    await screenshot(demo, 'basic');

    await demo.goto('/bdwx');
    await demo.getByRole('button', { name: '获取绑定二维码' }).click();
    const qr = demo.getByRole('img', { name: '绑定微信二维码' });
    await qr.waitFor();
    const confirmUrl = await qr.getAttribute('data-qr-text');
    expect(confirmUrl).toMatch(/\/wechat\/confirm\?ticket=/);
    await screenshot(demo, 'bdwx-qr');

    // "The phone": another browser context opens the QR's URL and confirms.
    const phone = await newPage(browser, server.url, { name: 'phone', allowConsoleErrors: [/status of 400/] });
    await phone.goto(confirmUrl!);
    await phone.getByText(/绑定到账号 demo/).waitFor();
    await phone.getByLabel('微信昵称').fill('陈店长');
    await phone.getByRole('button', { name: '确认绑定' }).click();
    await phone.getByText('微信绑定成功').waitFor();
    // The same QR again is refused.
    await phone.goto(confirmUrl!);
    await phone.getByText('二维码已使用，请在页面上刷新二维码').waitFor();
    await phone.close();

    await demo.getByTestId('wechat-nickname').filter({ hasText: '陈店长' }).waitFor();
    await demo.getByRole('button', { name: '解除绑定' }).click();
    await demo.getByRole('alertdialog').getByRole('button', { name: '解除绑定' }).click();
    await demo.getByRole('button', { name: '获取绑定二维码' }).waitFor();
    await demo.close();
  });

  it('a visitor registers from a WeChat scan: the confirmed WeChat is bound to the new account', async () => {
    const desk = await newPage(browser, server.url, { name: 'wechat-desk' });
    await desk.goto('/register/wechat');
    await desk.getByRole('button', { name: '获取注册二维码' }).click();
    const qr = desk.getByRole('img', { name: '微信注册二维码' });
    await qr.waitFor();
    const confirmUrl = await qr.getAttribute('data-qr-text');

    const phone = await newPage(browser, server.url, { name: 'wechat-phone' });
    await phone.goto(confirmUrl!);
    await phone.getByText(/使用您的微信注册新账号/).waitFor();
    await screenshot(phone, 'wechat-confirm');
    await phone.getByLabel('微信昵称').fill('新康药房');
    await phone.getByRole('button', { name: '确认授权' }).click();
    await phone.getByText('授权成功').waitFor();
    await phone.close();

    // The desk page polls its ticket and then offers the account form.
    await desk.getByText('已授权微信：新康药房').waitFor();
    await desk.getByLabel('用户名').fill('wxshop01');
    await desk.getByLabel('设置密码').fill('shop1234');
    await desk.getByLabel('确认密码').fill('shop1234');
    await desk.getByLabel('手机号码').fill('13712345679');
    await desk.getByRole('button', { name: '获取验证码' }).click();
    await desk.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await desk.getByLabel('短信验证码').fill(await codeFor('13712345679', 'register'));
    await desk.getByRole('checkbox').check();
    await desk.getByRole('button', { name: '下一步，完善企业资料' }).click();
    await desk.waitForURL((u) => u.pathname === '/register/step2');

    await desk.goto('/bdwx');
    await desk.getByTestId('wechat-nickname').filter({ hasText: '新康药房' }).waitFor();
    await desk.close();
  });
});
