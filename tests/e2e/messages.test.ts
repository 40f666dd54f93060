// 我的消息 in a real Chromium against the real server and demo data: the server's own events write
// the messages — the start-up reminder sweep for demo's GSP certificate that expires in 20 days,
// and an after-sale accepted by 客服 through the operator console's API. Both show in /wdxx with the
// side bar's unread badge; reading them clears the badge without a page load.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/domain/envelope';
import type { OrderDetail, OrderSummary } from '../../src/domain/orders';
import type { UserBase } from '../../src/domain/user';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';

/** A call as the signed-in page makes it; answers the envelope's data, throws on a refusal. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<T> {
  return page.evaluate(
    async ({ method, path, form }) => {
      const body = form ? new URLSearchParams(form) : undefined;
      const res = await fetch(path, { method, credentials: 'include', body });
      const env = (await res.json()) as { code: number; msg: string; data: unknown };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${env.msg}`);
      return env.data;
    },
    { method, path, form },
  ) as Promise<T>;
}

/** The operator approves a 仅退款 request on one unit of demo's shipped order; its id. */
async function decidedAfterSale(page: Page): Promise<number> {
  const shipped = await api<ListPage<OrderSummary>>(page, 'GET', '/api/order?tab=shipped');
  const order = await api<OrderDetail>(page, 'GET', `/api/order/${shipped.list[0].id}`);
  const created = await api<{ id: number }>(page, 'POST', `/api/order/${order.id}/after_sale`, {
    kind: 'refund',
    reason: '质量问题',
    'lines[0][order_line_id]': String(order.lines[0].id),
    'lines[0][number]': '1',
  });
  // 客服 signs in to the console's API from the same origin (its cookie is scoped to /api/admin).
  await api(page, 'POST', '/api/admin/login', { username: 'support', password: 'console1234' });
  const decided = await api<{ status: string }>(page, 'POST', `/api/admin/after_sales/${created.id}/accept`);
  expect(decided.status).toBe('approved');
  return created.id;
}

const sideBarMessages = (page: Page) =>
  page.getByRole('complementary', { name: '快捷工具栏' }).getByRole('link', { name: /^消息/ });

describeBrowser('messages: server events reach /wdxx and the side-bar badge; reading clears it', () => {
  let server: RunningServer | undefined;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a certificate reminder and an after-sale decision show unread, and reading clears the badge', async () => {
    // A retry (CI) needs demo's data afresh: the failed attempt spent the shipped order on an
    // after-sale. Its pages close first, so nothing of theirs calls a stopped server.
    if (server) {
      for (const context of browser.contexts()) await context.close();
      await server.stop();
    }
    server = await startServer();
    const page = await newPage(browser, server.url, { name: 'messages-demo' });
    await signInBuyer(page, 'demo');
    const afterSaleId = await decidedAfterSale(page);

    // Home loads the user base afresh: its count includes both events' messages.
    await page.goto('/');
    const unread = (await api<UserBase>(page, 'GET', '/api/user/base')).message_count;
    expect(unread).toBeGreaterThanOrEqual(2);
    const badge = sideBarMessages(page);
    await expect.poll(() => badge.getAttribute('aria-label')).toBe(`消息，${unread} 条未读`);
    expect((await badge.textContent())?.trim()).toBe(`消息${unread}`);

    // From here on nothing may load the page again: a marker on window must survive.
    await page.evaluate(() => Object.assign(window, { messagesNoReload: true }));
    await badge.click();
    await page.waitForURL((u) => u.pathname === '/wdxx');
    const list = page.getByRole('list', { name: '消息列表' });
    const certificate = list.getByRole('listitem').filter({ hasText: '资质证件即将过期（30天内）' });
    const afterSale = list.getByRole('listitem').filter({ hasText: '售后申请已通过' });
    await certificate.waitFor();
    expect(await certificate.getAttribute('data-read')).toBe('no');
    expect(await afterSale.getAttribute('data-read')).toBe('no');
    await page.getByText(`${unread} 条未读`).waitFor();

    // Opening the after-sale message reads it and offers its link.
    await afterSale.getByRole('button').click();
    await expect.poll(() => afterSale.getAttribute('data-read')).toBe('yes');
    await page.getByText(`${unread - 1} 条未读`).waitFor();
    await screenshot(page, 'wdxx-open');
    await afterSale.getByRole('link', { name: '查看售后详情' }).click();
    await page.waitForURL((u) => u.pathname === `/order/afterSalesInfo/${afterSaleId}`);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/wdxx');

    // The certificate reminder opens with its text, then everything is marked read.
    await certificate.getByRole('button').click();
    await certificate.getByText(/您的GSP证书将于\d{4}-\d{2}-\d{2}到期（20天后）/).waitFor();
    await page.getByRole('button', { name: '全部标为已读' }).click();
    await page.getByText('没有未读消息').waitFor();
    expect(await certificate.getAttribute('data-read')).toBe('yes');
    await screenshot(page, 'wdxx-all-read');

    // Back on home (history, no page load) the badge is gone.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => sideBarMessages(page).getAttribute('aria-label')).toBe('消息');
    expect((await sideBarMessages(page).textContent())?.trim()).toBe('消息');
    expect(await page.evaluate(() => (window as unknown as { messagesNoReload?: boolean }).messagesNoReload)).toBe(
      true,
    );
    expect((await api<UserBase>(page, 'GET', '/api/user/base')).message_count).toBe(0);
  });
});
