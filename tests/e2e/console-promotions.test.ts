// 运营 runs today's 每日特价 from the console in a real Chromium against the real server and demo
// data (issue 20, part P): the operator stops the seeded special of today, creates one for one of
// its goods at a new price, the buyer (a second browser context) sees it on /mrtj and gets that
// price in the cart; the operator stops it and the buyer's cart re-prices (the line is back at
// its own price and marked ended). Screenshots of the console (E2E_SCREENSHOTS=1) go to the run's artifacts folder.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartState } from '../../src/domain/cart-types';
import type { DailySpecialState } from '../../src/domain/daily-special';
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
  shanghaiMorning,
} from './harness';

const PRICE_YUAN = '1.23';
const PRICE_FEN = 123;

/** The server's day is frozen at a Shanghai morning: the day a 每日特价 row covers. */
const morning = shanghaiMorning();

describeBrowser('console promotions: a daily special from the console to the cart', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ env: morning.env });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('运营 creates today’s special, the buyer pays its price, and stopping it re-prices the cart', async () => {
    const operator = await newPage(browser, server.url, { name: 'console-operations' });
    operator.on('dialog', (d) => void d.accept());
    await signInOperator(operator, 'operations');
    await operator.getByRole('link', { name: '促销活动' }).click();
    await operator.getByRole('link', { name: '每日特价' }).click();
    const table = operator.getByRole('table', { name: '促销活动-everyday' });
    await table.waitFor({ timeout: 15_000 });

    // The seed runs a special today: one a day, so the operator stops it to put a new one on.
    const seeded = table.getByRole('row').filter({ hasText: '进行中' }).first();
    const first = (await seeded.getByRole('listitem').first().textContent()) ?? '';
    const [, name, id] = /^(.+)（#(\d+)）/.exec(first) ?? [];
    expect(name && id).toBeTruthy();
    await seeded.getByRole('button', { name: '停止' }).click();
    await operator.getByText(/^已停止：/).waitFor({ timeout: 10_000 });

    await operator.getByRole('button', { name: '新建每日特价' }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel(/活动名称/).fill('运营今日特价');
    await dialog.getByLabel(/特价日期/).fill(morning.day());
    await dialog.getByLabel('第1行 商品编号').fill(id);
    await dialog.getByLabel('第1行 特价（元）').fill(PRICE_YUAN);
    await dialog.getByLabel('第1行 活动库存').fill('100');
    await dialog.getByLabel('第1行 每家限购').fill('10');
    await screenshot(operator, 'console-promotions-form');
    await dialog.getByRole('button', { name: '创建' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    const created = table.getByRole('row').filter({ hasText: '运营今日特价' });
    await created.getByText('进行中').waitFor({ timeout: 10_000 });
    await screenshot(operator, 'console-promotions-list');

    const buyer = await newPage(browser, server.url, { name: 'buyer-demo' });
    await signInBuyer(buyer);
    const state = await getJson<DailySpecialState>(buyer, '/api/activity/everyday_price');
    expect(state.today?.name).toBe('运营今日特价');
    expect(state.today?.goods.map((g) => [g.id, g.price])).toEqual([[Number(id), PRICE_FEN]]);
    await buyer.goto('/mrtj');
    const tile = buyer.getByRole('article', { name: new RegExp(name) }).first();
    await tile.waitFor({ timeout: 15_000 });
    await tile.getByText(`¥${PRICE_YUAN}`).first().waitFor();
    await tile.getByRole('button', { name: '加入购物车' }).click();
    const lineOf = async () =>
      (await getJson<CartState>(buyer, '/api/cart/list')).data.find((l) => l.goods.id === Number(id) && l.type === 1) ??
      null;
    await expect.poll(async () => (await lineOf())?.price ?? null, { timeout: 10_000 }).toBe(PRICE_FEN);
    await buyer.goto('/cart');
    await buyer.getByText(`¥${PRICE_YUAN}`).first().waitFor({ timeout: 15_000 });

    await created.getByRole('button', { name: '停止' }).click();
    await created.getByText('已停止').waitFor({ timeout: 10_000 });

    await buyer.reload();
    await buyer
      .getByText(/活动已结束/)
      .first()
      .waitFor({ timeout: 15_000 });
    const after = await lineOf();
    expect(after?.price).not.toBe(PRICE_FEN);
    expect(after?.problem).toContain('活动已结束');
    expect(after?.is_selected).toBe(0);
    await screenshot(buyer, 'console-promotions-cart-after-stop');
  });
});
