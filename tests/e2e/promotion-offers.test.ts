// 领券中心 and 每日特价 in a real Chromium against the real server and demo data: demo claims a
// coupon at /lqzx and finds it in 我的优惠券 (/yhq); adds today's first special at /mrtj and the
// cart holds it at the special price on a promotion line; 运营 creates a coupon in the console that
// buyers then find at /lqzx. Screenshots go to the run's artifacts folder with E2E_SCREENSHOTS=1.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatPrice } from '../../src/domain/money';
import type { CartState } from '../../src/domain/cart-types';
import type { CouponOffer } from '../../src/domain/coupon-centre';
import type { DailySpecialState } from '../../src/domain/daily-special';
import {
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  screenshotsWanted,
  signInBuyer,
  signInOperator,
  startServer,
  type RunningServer,
} from './harness';

const COUPON = '领券中心专享 满800减30';

describeBrowser('promotions: coupon centre and daily specials', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'promotions-demo' });
    await signInBuyer(page, 'demo');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('claims a coupon in /lqzx and finds it in /yhq', async () => {
    await page.goto('/lqzx');
    const card = page.getByRole('article', { name: COUPON });
    await card.waitFor({ timeout: 15_000 });
    await screenshot(page, 'lqzx');
    await card.getByRole('button', { name: '立即领取' }).click();
    await page.getByText('领取成功，已放入“我的优惠券”').first().waitFor();
    await card.getByText(/您已领1张/).waitFor();
    const offers = await getJson<CouponOffer[]>(page, '/api/activity/coupons');
    expect(offers.find((o) => o.name === COUPON)).toMatchObject({ claimed: 1, state: 'available' });

    await page.goto('/yhq');
    await page.getByText(COUPON).first().waitFor({ timeout: 15_000 });
  });

  it("adds today's special to the cart at its special price", async () => {
    const specials = await getJson<DailySpecialState>(page, '/api/activity/everyday_price');
    const first = specials.today?.goods[0];
    expect(first).toBeTruthy();
    await page.goto('/mrtj');
    const tile = page.getByRole('article', { name: new RegExp(first!.name) }).first();
    await tile.waitFor({ timeout: 15_000 });
    await screenshot(page, 'mrtj');
    await tile.getByRole('button', { name: '加入购物车' }).click();
    await expect
      .poll(
        async () =>
          (await getJson<CartState>(page, '/api/cart/list')).data.find((l) => l.goods.id === first!.id && l.type === 1)
            ?.price ?? null,
        { timeout: 10_000 },
      )
      .toBe(first!.price);

    await page.goto('/cart');
    await page.getByText(formatPrice(first!.price!)).first().waitFor({ timeout: 15_000 });
    if (screenshotsWanted()) {
      await screenshot(page, 'cart');
      await page.goto('/hb');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshot(page, 'hb');
    }
  });
  it('运营 creates a coupon in the console and buyers find it in /lqzx', async () => {
    const operator = await newPage(browser, server.url, { name: 'promotions-operations' });
    await signInOperator(operator, 'operations');
    await operator.getByRole('link', { name: '领券中心' }).click();
    await operator.getByRole('table', { name: '领券中心优惠券' }).waitFor({ timeout: 15_000 });
    await operator.getByRole('button', { name: '新建优惠券' }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel(/名称/).fill('浏览器新券 满100减5');
    await dialog.getByLabel(/优惠金额/).fill('5');
    await dialog.getByLabel(/使用门槛/).fill('100');
    await dialog.getByRole('button', { name: '创建' }).click();
    await dialog.waitFor({ state: 'detached' });
    await operator.getByRole('cell', { name: '浏览器新券 满100减5' }).waitFor();
    await screenshot(operator, 'console-coupons');

    await page.goto('/lqzx');
    await page.getByRole('article', { name: '浏览器新券 满100减5' }).waitFor({ timeout: 15_000 });
  });
});
