// The SPEC §7 calls that had a handler and no page (issue 31 §2), in a real Chromium against the
// real server and demo data: the login page shows the seeded 登录页 picture (GET /api/focus/login);
// the draw page /xycj shows the draw's picture (GET /api/draw/ads), a moving winners' ticker with
// the seeded wins (GET /api/draw/new_record) that pauses under the pointer, and — after demo draws
// there — the draw in 我的抽奖记录 (GET /api/draw/record), which the member centre also reaches; a
// goods of a combination opens that combination's dialog (GET /api/combinationMzhg); the coupon
// centre's 可用于当前购物车 lists what GET /api/user/availableCoupon?cart=1 answers.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/domain/envelope';
import type { CombinationView } from '../../src/domain/combinations';
import type { DrawRecordView, DrawSimple, DrawWinner } from '../../src/domain/lucky-draw';
import {
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  sharedServer,
  type RunningServer,
} from './harness';

/** The first CSS animation running on the ticker's track: its state, or null when none runs. */
function tickerAnimation(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const track = document.querySelector('section[aria-label="中奖名单"] [data-moving]');
    const running = track?.getAnimations()[0];
    return running ? running.playState : null;
  });
}

describeBrowser('SPEC calls in use: the login picture, the draw page', () => {
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

  it('shows the 登录页 picture beside the sign-in form', async () => {
    const page = await newPage(browser, server.url, { name: 'login-banner' });
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/focus/login');
    await page.goto('/login');
    expect((await asked).status()).toBe(200);
    const picture = page.getByTestId('login-banner').getByRole('img', { name: '康源医药网 药品批发采购平台' });
    await picture.waitFor({ timeout: 15_000 });
    expect(await picture.getAttribute('src')).toBe('/media/banner/login-1.svg');
    // Really drawn, not a broken image.
    await expect
      .poll(
        () =>
          picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        { timeout: 10_000 },
      )
      .toBe(true);
    await screenshot(page, 'login-banner');
  });

  it("scrolls the seeded winners on /xycj, pauses under the pointer, and lists the buyer's draw there and in 我的抽奖", async () => {
    const page = await newPage(browser, server.url, { name: 'draw-page' });
    await signInBuyer(page, 'demo', { landOn: '/xycj' });
    await page.getByRole('heading', { level: 1, name: '幸运抽奖' }).waitFor({ timeout: 15_000 });
    await page.getByRole('img', { name: '幸运大转盘 下单抽好礼' }).waitFor({ timeout: 10_000 });

    const draw = await getJson<DrawSimple>(page, '/api/draw/simple');
    const winners = await getJson<DrawWinner[]>(page, `/api/draw/new_record?id=${draw.id}`);
    // The seed's four earlier wins by other companies, masked by the server.
    expect(winners.length).toBeGreaterThanOrEqual(4);
    const ticker = page.getByRole('region', { name: '中奖名单' });
    for (const w of winners)
      await ticker
        .getByRole('listitem')
        .filter({ hasText: w.company })
        .filter({ hasText: w.name })
        .first()
        .waitFor({ timeout: 10_000 });
    expect(await ticker.getByRole('listitem').count()).toBe(winners.length);
    await expect.poll(() => tickerAnimation(page), { timeout: 10_000 }).toBe('running');
    await screenshot(page, 'draw-page');
    // Under the pointer (the track moves, so no element-stable hover: the mouse goes to the rows' window).
    const box = await ticker.boundingBox();
    if (!box) throw new Error('the ticker has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 30);
    await expect.poll(() => tickerAnimation(page), { timeout: 5_000 }).toBe('paused');

    const before = await getJson<ListPage<DrawRecordView>>(page, '/api/draw/record?page=1');
    const panel = page.getByRole('complementary', { name: '幸运抽奖' });
    await panel.getByRole('button', { name: '开始抽奖' }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: /恭喜您，抽中了|很遗憾/ })
      .waitFor({ timeout: 15_000 });
    const after = await getJson<ListPage<DrawRecordView>>(page, '/api/draw/record?page=1');
    expect(after.total).toBe(before.total + 1);
    const mine = page.getByRole('table', { name: '我的抽奖记录' });
    await mine.getByRole('row').nth(1).filter({ hasText: after.list[0].name }).waitFor({ timeout: 10_000 });

    await page.goto('/user');
    await page.getByRole('navigation', { name: '常用功能' }).getByRole('link', { name: '我的抽奖' }).click();
    await page.waitForURL((u) => u.pathname === '/cjjl');
    const all = page.getByRole('table', { name: '我的抽奖记录' });
    await all.getByRole('row').nth(1).filter({ hasText: after.list[0].name }).waitFor({ timeout: 15_000 });
    expect(await all.getByRole('row').count()).toBe(Math.min(after.total, 10) + 1);
  });

  it("opens a combination's dialog from a goods that belongs to it, and filters 我的可用券 to the cart", async () => {
    const page = await newPage(browser, server.url, { name: 'combination-coupons' });
    await signInBuyer(page, 'demo');
    const { list } = await getJson<{ list: CombinationView[] }>(page, '/api/combinationMzhgGroup');
    const member = list[0].goods[0];
    await page.goto(`/list/info/${member.goods_id}`);
    const link = page.getByRole('link', { name: '查看组合' }).first();
    await link.waitFor({ timeout: 15_000 });
    const id = Number(new URL((await link.getAttribute('href'))!, server.url).searchParams.get('id'));
    const combination = list.find((c) => c.id === id)!;
    expect(combination.goods.map((g) => g.goods_id)).toContain(member.goods_id);
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/combinationMzhg');
    await link.click();
    expect((await asked).status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: combination.name });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('link', { name: member.name }).first().waitFor();
    await screenshot(page, 'combination-dialog');
    await dialog.getByRole('button', { name: '关闭组合详情' }).click();
    await page.waitForURL((u) => u.pathname === '/zhzq' && !u.searchParams.has('id'));

    await page.goto('/lqzx');
    const mine = page.getByRole('region', { name: '我的可用券' });
    await mine.getByRole('list', { name: '我的可用券' }).waitFor({ timeout: 15_000 });
    const forCart = await getJson<ListPage<{ id: number; name: string }>>(
      page,
      '/api/user/availableCoupon?type=coupon&cart=1&page=1&page_size=50',
    );
    await mine.getByRole('button', { name: '可用于当前购物车' }).click();
    if (forCart.total > 0) {
      const shown = mine.getByRole('list', { name: '可用于当前购物车' });
      await shown.getByRole('listitem', { name: forCart.list[0].name }).first().waitFor({ timeout: 10_000 });
      expect(await shown.getByRole('listitem').count()).toBe(forCart.total);
    } else {
      await mine.getByText('当前购物车已选商品暂无可用的优惠券').waitFor({ timeout: 10_000 });
    }
    await screenshot(page, 'coupon-centre-cart-filter');
  });
});
