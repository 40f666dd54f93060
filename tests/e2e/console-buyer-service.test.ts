// 客服 in the console, in a real Chromium against the real server and demo data: `support` answers
// demo's waiting 品种求购 and the buyer, in their own browser, reads the reply as 已回复 on
// /pzqg/info; the waiting feedback opens with its screenshot really loaded; a message to demo's
// company lands in 我的消息. Screenshots (E2E_SCREENSHOTS=1) go to the run's artifacts folder.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  signInOperator,
  sharedServer,
  type RunningServer,
} from './harness';

describeBrowser('console 客服: product requests, feedback, messages to buyers', () => {
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

  it("support replies to demo's request and the buyer reads 已回复; feedback shows its screenshot; a message arrives", async () => {
    const agent = await newPage(browser, server.url, { name: 'support' });
    await signInOperator(agent, 'support');
    await agent.getByRole('link', { name: '品种求购' }).click();
    await agent.waitForURL((u) => u.pathname === '/admin/product-requests');
    await agent.getByRole('link', { name: '待处理' }).click();
    const row = agent.getByRole('row', { name: /铝碳酸镁咀嚼片/ });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('广州市康宁大药房有限公司');
    await row.getByRole('button', { name: '回复' }).click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByText('拜耳医药保健有限公司').waitFor();
    await dialog.getByLabel(/回复内容/).fill('已联系拜耳，下周到货后通知您。');
    await screenshot(agent, 'product-request-reply');
    await dialog.getByRole('button', { name: '发送回复' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await row.waitFor({ state: 'detached', timeout: 10_000 });

    const buyer = await newPage(browser, server.url, { name: 'buyer' });
    await signInBuyer(buyer);
    await buyer.goto('/pzqg?status=replied');
    const mine = buyer.getByRole('row', { name: /铝碳酸镁咀嚼片/ });
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.textContent()).toContain('已回复');
    await mine.getByRole('link', { name: '铝碳酸镁咀嚼片', exact: true }).click();
    await buyer.waitForURL((u) => u.pathname === '/pzqg/info');
    await buyer.getByText('已联系拜耳，下周到货后通知您。').waitFor({ timeout: 15_000 });

    await agent.getByRole('link', { name: '意见反馈' }).click();
    await agent.getByRole('link', { name: '待回复' }).click();
    const fb = agent.getByRole('row', { name: /建议快捷采购/ });
    await fb.waitFor({ timeout: 15_000 });
    await fb.getByRole('button', { name: '回复' }).click();
    const shot = agent.getByRole('dialog').getByRole('img', { name: '截图1' });
    await shot.waitFor();
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    await screenshot(agent, 'feedback-reply');
    await agent.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    await agent.getByRole('link', { name: '消息推送' }).click();
    await agent.getByText('国庆期间发货安排').waitFor({ timeout: 15_000 });
    const id = await buyer.evaluate(async () => {
      const res = await fetch('/api/user/base', { headers: { accept: 'application/json' } });
      return ((await res.json()) as { data: { customer: { id: number } } }).data.customer.id;
    });
    expect(id).toBeGreaterThan(0);
    const form = agent.getByRole('form', { name: '发送消息' });
    await form.getByLabel(/企业编号/).fill(String(id));
    await form.getByLabel(/标题/).fill('新品到货');
    await form.getByLabel(/内容/).fill('您求购的铝碳酸镁咀嚼片已到货。');
    await form.getByRole('button', { name: '发送' }).click();
    await form.getByText('已发送给1家企业').waitFor({ timeout: 10_000 });
    await screenshot(agent, 'buyer-messages');

    await buyer.goto('/wdxx');
    await buyer.getByText('新品到货').first().waitFor({ timeout: 15_000 });
    // The body is folded under the title until opened.
    await buyer.getByText('您求购的铝碳酸镁咀嚼片已到货。').waitFor({ state: 'attached' });
  });
});
