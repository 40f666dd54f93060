// The lucky draw and an activity page in a real Chromium against the real server and demo data:
// demo opens the home page, the bottom popup offers the seeded draw (is_join 0), 开始抽奖 shows
// the loading state and then the prize; the prize is credited for real (a coupon in 我的优惠券,
// points in the wallet, or 谢谢参与 with nothing), and the popup is not offered again once the
// chance is spent. /yyh shows its banner, rules, countdown and goods tiles; /yyh/list all goods.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DrawRecordView } from '../../src/domain/lucky-draw';
import type { Page as ListPage } from '../../src/domain/envelope';
import type { ActivityPage } from '../../src/domain/activity-pages';
import {
  allowConsoleErrors,
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

interface Held {
  coupons: number;
  points: number;
}

async function held(page: Page): Promise<Held> {
  const coupons = await getJson<{ total: number }>(page, '/api/user/coupon?page=1&type=coupon&status=0');
  const money = await getJson<{ points: number }>(page, '/api/user/user_money');
  return { coupons: coupons.total, points: money.points };
}

describeBrowser('lucky draw from the home popup; an activity page with its goods', () => {
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

  it('demo draws from the home popup and the prize is credited', async () => {
    const page = await newPage(browser, server.url, { name: 'draw-demo' });
    await signInBuyer(page, 'demo');
    const before = await held(page);
    // The seed gives demo a goods prize from last month's draw: count the records this draw adds.
    const recordsBefore = (await getJson<ListPage<DrawRecordView>>(page, '/api/draw/record?page=1')).total;
    const chances = (await getJson<{ chances_left: number }>(page, '/api/draw/simple')).chances_left;
    expect(chances).toBeGreaterThan(0);

    const popup = page.getByRole('complementary', { name: '幸运抽奖' });
    await popup.waitFor({ timeout: 15_000 });
    await popup.getByText('满1000减50优惠券').waitFor({ timeout: 10_000 });
    await screenshot(page, 'draw-popup');
    await popup.getByRole('button', { name: '开始抽奖' }).click();
    await popup.getByRole('status').filter({ hasText: '抽奖中' }).waitFor({ timeout: 5_000 });
    const outcome = popup.getByRole('status').filter({ hasText: /恭喜您，抽中了|很遗憾/ });
    await outcome.waitFor({ timeout: 15_000 });
    const shown = (await outcome.textContent()) ?? '';
    await screenshot(page, 'draw-result');

    const records = await getJson<ListPage<DrawRecordView>>(page, '/api/draw/record?page=1');
    expect(records.total).toBe(recordsBefore + 1);
    const won = records.list[0];
    expect(shown).toContain(won.name);
    const after = await held(page);
    if (won.kind === 'coupon') {
      expect(after.coupons).toBe(before.coupons + 1);
      await popup.getByRole('link', { name: '查看我的优惠券' }).click();
      await page.waitForURL((u) => u.pathname === '/wdqb_yhq');
      await page.getByText(won.name.replace('优惠券', '')).first().waitFor({ timeout: 15_000 });
    } else if (won.kind === 'points') {
      expect(after.points).toBe(before.points + Number.parseInt(won.name, 10));
    } else {
      expect(after).toEqual(before);
    }

    // One chance spent (demo's paid orders of 1000 yuan may have earned more).
    const left = await getJson<{ chances_left: number; is_join: number }>(page, '/api/draw/simple');
    expect(left.chances_left).toBe(chances - 1);
    expect(left.is_join).toBe(left.chances_left > 0 ? 0 : 1);
  });

  it('/yyh shows its banner, rules, countdown and goods; /yyh/list shows them all', async () => {
    const page = await newPage(browser, server.url, { name: 'activity-yyh' });
    await signInBuyer(page, 'demo');
    const data = await getJson<ActivityPage>(page, '/api/activity/page?code=yyh');
    await page.goto('/yyh');
    await page.getByRole('heading', { level: 1, name: '月月惠' }).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: '活动规则' }).waitFor();
    await page
      .getByText(/距结束/)
      .first()
      .waitFor();
    const first = data.sections[0];
    const section = page.getByRole('region', { name: first.name });
    await section.getByText(first.goods[0].name).first().waitFor({ timeout: 10_000 });
    expect(await section.locator('article').count()).toBe(first.goods.length);
    await screenshot(page, 'activity-yyh');

    await section.getByRole('link', { name: /查看全部/ }).click();
    await page.waitForURL((u) => u.pathname === '/yyh/list');
    const all = page.getByRole('region', { name: first.name });
    await expect.poll(() => all.locator('article').count(), { timeout: 15_000 }).toBe(first.total);

    // An unknown zone answers 404 on purpose (the browser logs the failed load).
    allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 404/);
    await page.goto('/yjh/999999');
    await page.waitForURL((u) => u.pathname === '/noActivity', { timeout: 15_000 });
  });

  it('运营 stops the draw in the console (buyers are refused), then resumes it', async () => {
    const buyer = await newPage(browser, server.url, { name: 'draw-buyer' });
    await signInBuyer(buyer, 'clinic');
    const offered = await getJson<{ id: number } | null>(buyer, '/api/draw/simple');
    expect(offered).not.toBeNull();

    const operator = await newPage(browser, server.url, { name: 'draw-operator' });
    await signInOperator(operator, 'operations');
    await operator.getByRole('link', { name: '幸运抽奖' }).click();
    await operator.getByRole('heading', { name: '幸运抽奖' }).waitFor({ timeout: 15_000 });
    const row = operator.getByRole('row').filter({ hasText: '幸运大转盘' });
    await row.getByText('进行中').waitFor({ timeout: 10_000 });
    await screenshot(operator, 'admin-draws');
    await row.getByRole('button', { name: '停止' }).click();
    await row.getByText('已停止').waitFor({ timeout: 10_000 });
    expect(await getJson<unknown>(buyer, '/api/draw/simple')).toBeNull();

    await row.getByRole('button', { name: '恢复' }).click();
    await row.getByText('进行中').waitFor({ timeout: 10_000 });
    expect(await getJson<{ id: number } | null>(buyer, '/api/draw/simple')).toMatchObject({ id: offered!.id });
  });
});
