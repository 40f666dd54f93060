// 组合购, 满赠 and the points mall in a real Chromium against the real server and demo data: demo
// adds a combination from /zhzq (one kind-3 cart line at the set price), reaches the seeded 满赠
// tier and sees the 赠 line at checkout, and exchanges a points goods in /jfsc that then shows in
// /jfdd with its ledger row.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartState } from '../../src/domain/cart-types';
import type { CombinationView } from '../../src/domain/combinations';
import type { PointsMallView } from '../../src/domain/points-mall';
import type { LedgerPage } from '../../src/domain/wallet';
import {
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';
import { goodsPassingTier } from './promotion-buyer';

/** The seeded 满赠's first tier (server/seed/gift-promotions.ts). */
const GIFT_TIER_FEN = 50_000;

describeBrowser('promotion sets: combination, 满赠 at checkout, points exchange', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'promotion-sets-demo' });
    await signInBuyer(page, 'demo');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a combination from /zhzq as one cart line at the set price', async () => {
    await page.goto('/zhzq');
    const cards = page.getByRole('list', { name: '组合列表' }).locator(':scope > li');
    await cards.first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'zhzq');
    const { list } = await getJson<{ list: CombinationView[] }>(page, '/api/combinationMzhgGroup');
    const first = list[0];
    await cards.first().getByRole('button', { name: '加入购物车' }).click();
    await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
    const cart = await getJson<CartState>(page, '/api/cart/list');
    const line = cart.data.find((l) => l.type === 3 && l.combination?.id === first.id);
    expect(line).toBeDefined();
    expect(line!.price).toBe(first.price);
    expect(line!.number).toBe(1);
  });

  it('reaches the 满赠 tier, sees it on the cart line and the 赠 line at checkout', async () => {
    const pick = await goodsPassingTier(page, '赠', GIFT_TIER_FEN);
    await page.goto(`/list/info/${pick.id}`);
    const qty = page.getByRole('spinbutton', { name: '购买数量' }).first();
    await qty.waitFor({ timeout: 15_000 });
    await qty.fill(String(pick.quantity));
    await qty.press('Tab');
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    await page.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });

    await page.goto('/cart');
    const note = page.locator('[data-gift-note]').filter({ hasText: '已满足满赠' }).first();
    await note.waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '去结算' }).click();
    await page.waitForURL((u) => u.pathname === '/cart/step2');
    const giftRow = page.locator('tr[data-gift]').first();
    await giftRow.waitFor({ timeout: 15_000 });
    await expect(giftRow.textContent()).resolves.toContain('赠');
    await expect(giftRow.textContent()).resolves.toContain('¥0.00');
    await screenshot(page, 'checkout-gift');
  });

  it('exchanges a points goods in /jfsc and finds the order in /jfdd and the ledger row in /jfgl', async () => {
    await page.goto('/jfsc');
    const before = await getJson<PointsMallView>(page, '/api/points_mall');
    const mask = before.list.find((g) => g.name.startsWith('医用外科口罩'))!;
    const button = page.getByRole('button', { name: `兑换${mask.name}` });
    await button.waitFor({ timeout: 15_000 });
    await screenshot(page, 'jfsc');
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '确认兑换' }).click();
    await page.getByText('兑换成功，可在积分订单中查看').first().waitFor({ timeout: 10_000 });
    const after = await getJson<PointsMallView>(page, '/api/points_mall');
    expect(after.points).toBe(before.points - mask.points);

    await page.goto('/jfdd');
    const card = page.locator('article').filter({ hasText: mask.name }).filter({ hasText: '待发货' }).first();
    await card.waitFor({ timeout: 15_000 });
    await expect(card.textContent()).resolves.toContain(`${mask.points} 积分`);

    const log = await getJson<LedgerPage>(page, '/api/user/points_log?use_type=exchange');
    expect(log.list[0]).toMatchObject({ amount: -mask.points });
  });
});
