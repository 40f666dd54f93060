// The wallet and the member centre in a real Chromium against the real server and demo data: the
// balance ledger filtered by type and by a date range (and a range the wrong way round refused),
// the coupon tabs with their counts, and the member centre showing the same numbers the API has.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatPrice } from '../../src/domain/money';
import type { CouponCounts, LedgerPage, MemberCard } from '../../src/domain/wallet';
import {
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  screenshotsWanted,
  signInBuyer,
  startServer,
  type RunningServer,
  shanghaiMorning,
} from './harness';

/** The server's day is frozen at a Shanghai morning (the ledger's date filters read it). */
const morning = shanghaiMorning();

const rowsOf = (page: Page) => page.getByRole('table', { name: '余额明细' }).locator('tbody tr');

describeBrowser('wallet: ledger filters, coupon tabs, member centre', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ env: morning.env });
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'wallet-demo' });
    await signInBuyer(page, 'demo');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('filters the balance ledger by type and by date range; a reversed range is refused at the field', async () => {
    await page.goto('/yegl');
    await rowsOf(page).first().waitFor({ timeout: 15_000 });
    const money = await getJson<{ balance: number }>(page, '/api/user/user_money');
    await expect.poll(() => page.getByTestId('wallet-held').textContent()).toBe(formatPrice(money.balance).slice(1));
    await screenshot(page, 'wallet-yegl');

    // By type
    const recharges = await getJson<LedgerPage>(page, '/api/user/user_money_log?use_type=recharge&page_size=50');
    expect(recharges.total).toBeGreaterThan(0);
    await page.getByLabel('类型').selectOption('recharge');
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL((u) => u.search === '?use_type=recharge');
    await expect.poll(() => rowsOf(page).count(), { timeout: 10_000 }).toBe(Math.min(recharges.total, 10));
    const types = await rowsOf(page).locator('td:nth-child(2)').allTextContents();
    expect(new Set(types)).toEqual(new Set(['充值']));

    // By date range: the last week only
    await page.getByRole('button', { name: '重置' }).click();
    await page.waitForURL((u) => u.pathname === '/yegl' && u.search === '');
    const from = morning.day(-7);
    const to = morning.day(0);
    const week = await getJson<LedgerPage>(
      page,
      `/api/user/user_money_log?start_time=${from}&end_time=${to}&page_size=50`,
    );
    const all = await getJson<LedgerPage>(page, '/api/user/user_money_log?page_size=50');
    expect(week.total).toBeGreaterThan(0);
    expect(week.total).toBeLessThan(all.total);
    await page.getByLabel('开始日期').fill(from);
    await page.getByLabel('结束日期').fill(to);
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL((u) => u.searchParams.get('start_time') === from && u.searchParams.get('end_time') === to);
    await expect.poll(() => rowsOf(page).count(), { timeout: 10_000 }).toBe(Math.min(week.total, 10));
    await expect(page.getByText(`共 ${week.total} 条`).isVisible()).resolves.toBe(true);

    // Wrong way round: the same rule as the server (which answers 422), shown at the field.
    const url = page.url();
    await page.getByLabel('开始日期').fill(to);
    await page.getByLabel('结束日期').fill(from);
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '结束日期不能早于开始日期' }).count()).toBe(1);
    expect(page.url()).toBe(url);
  });

  it('coupon tabs show the counts and list each state', async () => {
    const counts = await getJson<CouponCounts>(page, '/api/user/couponNum');
    await page.goto('/yhq');
    const usable = page.getByRole('list', { name: '可使用的优惠券' });
    await usable.waitFor({ timeout: 15_000 });
    const tabs = page.getByRole('navigation', { name: '优惠券状态' });
    await expect
      .poll(() => tabs.getByRole('link').allTextContents())
      .toEqual([
        `可使用(${counts.coupon.usable})`,
        `已使用(${counts.coupon.used})`,
        `已过期(${counts.coupon.expired})`,
      ]);
    expect(await usable.getByRole('listitem').count()).toBe(counts.coupon.usable);
    await expect(usable.getByText('即将过期').count()).resolves.toBe(counts.coupon.expiring_soon);
    await screenshot(page, 'wallet-yhq');

    await tabs.getByRole('link', { name: /已使用/ }).click();
    await page.waitForURL((u) => u.search === '?status=1');
    await expect
      .poll(() => page.getByRole('list', { name: '已使用的优惠券' }).getByRole('listitem').count(), { timeout: 10_000 })
      .toBe(counts.coupon.used);

    await tabs.getByRole('link', { name: /已过期/ }).click();
    await page.waitForURL((u) => u.search === '?status=2');
    await expect
      .poll(() => page.getByRole('list', { name: '已过期的优惠券' }).getByRole('listitem').count(), { timeout: 10_000 })
      .toBe(counts.coupon.expired);

    await page.getByRole('navigation', { name: '我的钱包' }).getByRole('link', { name: '我的现金券' }).click();
    await page.waitForURL((u) => u.pathname === '/xjq');
    await expect
      .poll(() => page.getByRole('list', { name: '可使用的现金券' }).getByRole('listitem').count(), { timeout: 10_000 })
      .toBe(counts.voucher.usable);
    if (screenshotsWanted()) {
      await page.goto('/xjq?status=2');
      await page.getByRole('list', { name: '已过期的现金券' }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'wallet-xjq-expired');
      await page.goto('/jfgl');
      await page.getByRole('table', { name: '积分明细' }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'wallet-jfgl');
    }
  });

  it('the member centre shows the real numbers and links to the order tabs', async () => {
    const card = await getJson<MemberCard>(page, '/api/user/member_card');
    const orders = await getJson<{ counts: Record<string, number> }>(page, '/api/order?page_size=1');
    await page.goto('/user');
    await page.getByRole('heading', { name: card.company.name }).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('wallet-balance').textContent()).resolves.toContain(formatPrice(card.wallet.balance));
    await expect(page.getByTestId('wallet-points').textContent()).resolves.toContain(String(card.wallet.points));
    await expect(page.getByTestId('wallet-coupon').textContent()).resolves.toContain(`${card.coupons.coupon.usable}张`);
    await expect(page.getByTestId('wallet-voucher').textContent()).resolves.toContain(
      `${card.coupons.voucher.usable}张`,
    );
    await page
      .locator('#main')
      .getByRole('link', { name: card.account_manager?.phone ?? '' })
      .waitFor();
    const shipped = page.getByRole('link', { name: new RegExp(`^${orders.counts.shipped}\\s*待收货$`) });
    await shipped.waitFor();
    await screenshot(page, 'member-centre');
    await shipped.click();
    await page.waitForURL((u) => u.pathname === '/order' && u.search === '?tab=shipped');
  });
});
