// Opening day's services in a real Chromium (issue 33 "Must hold"). A production server
// (NODE_ENV=production, no outbox) sends its codes through a local fake Alibaba Cloud SMS that
// checks every request's signature: a stranger registers (a failed send first says 短信发送失败
// and may be asked again at once), and a member recovers the password (the database is the demo's,
// seeded by a demo start first: production loads no accounts of its own). A shop with WeChat
// settings binds WeChat through a local fake WeChat: the browser goes to WeChat's QR page, comes
// back through the callback, and the binding shows; then it unbinds.
import { generateKeyPairSync } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  freePort,
  launchBrowser,
  newPage,
  startServer,
  untilPageHydrated,
  type RunningServer,
} from './harness';
import { fakeSmsEnv, startFakeSms, type FakeSms } from '../helpers/fake-sms';
import { fakeWechatEnv, startFakeWechat, wechatUser, type FakeWechat } from '../helpers/fake-wechat';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

describeBrowser('opening day: SMS codes reach phones, WeChat sign-in is real', () => {
  let browser: Browser;
  let sms: FakeSms;
  let wechat: FakeWechat;
  let shop: RunningServer;
  let demo: RunningServer;

  beforeAll(async () => {
    [sms, wechat] = await Promise.all([startFakeSms('aliyun'), startFakeWechat()]);
    const seeded = await startServer();
    await seeded.stop();
    shop = await startServer({
      dataDir: seeded.dataDir,
      env: {
        NODE_ENV: 'production',
        SECURE_COOKIES: '0',
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n'),
        ALIPAY_PUBLIC_KEY: publicKey.replace(/\n/g, '\\n'),
        SHOP_URL: 'https://shop.example.com',
        TRANSFER_ACCOUNT_NAME: '广州康源医药有限公司',
        TRANSFER_BANK: '招商银行广州分行',
        TRANSFER_ACCOUNT_NO: '1209 0000 0000 0001',
        CHAT_TOKEN_SECRET: 'e2e-chat-secret-'.padEnd(40, 'x'),
        ...fakeSmsEnv('aliyun', sms.url),
      },
    });
    // WeChat sends the browser back to SHOP_URL: the demo (http allowed there) on a port chosen first.
    const port = await freePort();
    demo = await startServer({ port, env: fakeWechatEnv(wechat.url, `http://localhost:${port}`) });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([shop?.stop(), demo?.stop()]);
    await Promise.all([sms?.close(), wechat?.close()]);
  });

  /** The code the fake provider delivered to `phone` last. */
  const codeTo = (phone: string) => {
    const sent = sms.sent.filter((s) => s.phone === phone).at(-1);
    if (!sent) throw new Error(`no SMS to ${phone}`);
    return sent.code;
  };

  it('production: a stranger registers with a code sent through the SMS provider; a member recovers the password', async () => {
    const page = await newPage(browser, shop.url, {
      name: 'production-register',
      allowConsoleErrors: [/status of 400/],
    });
    expect((await fetch(`${shop.url}/api/dev/outbox`)).status).toBe(404);

    await page.goto('/register/step1');

    // Typed into the drawn page before React claims it, a value would be lost.

    await untilPageHydrated(page);
    await page.getByLabel('用户名').fill('kaiye01');
    await page.getByLabel('设置密码').fill('shop1234');
    await page.getByLabel('确认密码').fill('shop1234');
    await page.getByLabel('手机号码').fill('13812340001');
    // The provider is down: the buyer is told, and may ask again at once (nothing was spent).
    sms.mode = '5xx';
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('短信发送失败，请稍后再试').waitFor();
    sms.mode = 'ok';
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    expect(sms.sent.filter((s) => s.phone === '13812340001')).toHaveLength(1);
    await page.getByLabel('短信验证码').fill(codeTo('13812340001'));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '下一步，完善企业资料' }).click();
    await page.waitForURL((u) => u.pathname === '/register/step2');
    await page.close();

    const fresh = await newPage(browser, shop.url, { name: 'production-forget' });
    await fresh.goto('/forget/step1');
    // Typed into the drawn page before React claims it, a value would be lost.
    await untilPageHydrated(fresh);
    await fresh.getByLabel('用户名或手机号').fill('pending');
    await fresh.getByRole('button', { name: '获取验证码' }).click();
    await fresh.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await fresh.getByLabel('短信验证码').fill(codeTo('13631457782'));
    await fresh.getByRole('button', { name: '下一步' }).click();
    await fresh.waitForURL((u) => u.pathname === '/forget/step2');
    await fresh.getByLabel('新密码', { exact: false }).first().fill('fresh1234');
    await fresh.getByLabel('确认新密码').fill('fresh1234');
    await fresh.getByRole('button', { name: '确认修改' }).click();
    await fresh.waitForURL((u) => u.pathname === '/forget/step3');
    await fresh.getByRole('link', { name: '立即登录' }).click();
    await fresh.waitForURL((u) => u.pathname === '/login');
    await fresh.fill('input[name="username"]', 'pending');
    await fresh.fill('input[name="password"]', 'fresh1234');
    await fresh.click('button[type="submit"]');
    await fresh.waitForURL((u) => u.pathname !== '/login');
    expect(sms.badSignatures).toBe(0);
    await fresh.close();
  });

  it('binds WeChat through WeChat’s own page and callback, then unbinds', async () => {
    wechat.scanner = wechatUser(7, '开业店长');
    const page = await newPage(browser, demo.url, { name: 'wechat-bind' });
    await page.goto('/login');
    // Typed into the drawn page before React claims it, a value would be lost.
    await untilPageHydrated(page);
    await page.fill('input[name="username"]', 'demo');
    await page.fill('input[name="password"]', 'demo1234');
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto('/bdwx');
    await page.getByRole('button', { name: '获取绑定二维码' }).click();
    // To WeChat (the fake scans at once) and back through /api/wechat/callback.
    await page.waitForURL((u) => u.pathname === '/bdwx' && u.searchParams.has('ticket'));
    await page.getByTestId('wechat-nickname').filter({ hasText: '开业店长' }).waitFor();
    expect(wechat.exchanges).toBe(1);

    await page.getByRole('button', { name: '解除绑定' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '解除绑定' }).click();
    await page.getByRole('button', { name: '获取绑定二维码' }).waitFor();
    await page.close();
  });
});
