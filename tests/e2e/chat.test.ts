// The customer-service chat in a real Chromium against the real server and demo data, in two
// browser contexts: the buyer `demo` opens 在线客服 from the side bar (the /kf/chat frame shows the
// earlier, seeded conversation), the 客服 operator `support` takes the new question in the console,
// both exchange text and an image live, and after a reload the buyer sees the whole history.
import type { Browser, FrameLocator, Page } from 'playwright-core';
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

// A real 1×1 PNG, so both sides can render it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openChat(buyer: Page): Promise<FrameLocator> {
  // Until the user base answers, the side bar shows the QQ card under the same label.
  await buyer.getByText('广州市康宁大药房有限公司').first().waitFor({ timeout: 15_000 });
  await buyer
    .getByRole('button', { name: /^在线客服/ })
    .first()
    .click();
  const frame = buyer.frameLocator('iframe[title="在线客服"]');
  await frame.getByText('已连接，客服在线为您服务').waitFor({ timeout: 20_000 });
  return frame;
}

describeBrowser(
  'customer-service chat: a buyer and an agent exchange messages and an image; history survives a reload',
  () => {
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

    it('buyer asks, agent answers with text and an image, buyer sends an image, reloads and sees it all', async () => {
      const buyer = await newPage(browser, server.url, { name: 'buyer' });
      await signInBuyer(buyer);

      let frame = await openChat(buyer);
      // The earlier conversation of the demo data is there on opening.
      await frame.getByText('你好，想问一下这个品种近期有没有货？').waitFor();
      await frame.getByLabel('消息内容').fill('请问今天下单能发货吗？');
      await frame.getByRole('button', { name: '发送' }).click();
      await frame.locator('.line.mine', { hasText: '请问今天下单能发货吗？' }).waitFor();

      const agent = await newPage(browser, server.url, { name: 'agent' });
      await signInOperator(agent, 'support');
      await agent.getByRole('link', { name: '在线客服' }).click();
      await agent.waitForURL((u) => u.pathname === '/admin/chat');
      await agent.getByText('实时连接正常').waitFor({ timeout: 15_000 });
      await agent.getByRole('link', { name: /广州市康宁大药房有限公司/ }).click();
      const log = agent.getByRole('list', { name: '聊天记录' });
      await log.getByText('请问今天下单能发货吗？').waitFor();
      // The buyer's company and recent orders sit beside the conversation.
      await agent.getByRole('complementary', { name: '买家信息' }).getByText('最近订单').waitFor();

      await agent.getByLabel('回复内容').fill('您好，今天16点前下单当天发货。');
      await agent.getByRole('button', { name: '发送', exact: true }).click();
      await log.getByText('您好，今天16点前下单当天发货。').waitFor();
      // Live on the buyer's side, with the take notice before it.
      await frame.getByText('您好，今天16点前下单当天发货。').waitFor({ timeout: 15_000 });
      await frame
        .getByText(/^客服.+为您服务$/)
        .last()
        .waitFor();

      await agent
        .locator('input[type="file"]')
        .setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: PNG });
      await log.getByRole('img', { name: '聊天图片' }).first().waitFor();
      await frame.locator('.line.theirs img.photo').first().waitFor({ timeout: 15_000 });
      await expect(
        frame
          .locator('.line.theirs img.photo')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).resolves.toBe(true);

      await frame.locator('#image').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: PNG });
      await frame.locator('.line.mine img.photo').first().waitFor();
      await log.getByRole('img', { name: '聊天图片' }).nth(1).waitFor({ timeout: 15_000 });

      await frame.getByLabel('消息内容').fill('收到，谢谢！');
      await frame.getByLabel('消息内容').press('Enter');
      await log.getByText('收到，谢谢！').waitFor({ timeout: 15_000 });
      await screenshot(buyer, 'chat-buyer', { fullPage: false });
      await screenshot(agent, 'chat-agent', { fullPage: false });

      await buyer.reload();
      frame = await openChat(buyer);
      for (const text of [
        '你好，想问一下这个品种近期有没有货？',
        '请问今天下单能发货吗？',
        '您好，今天16点前下单当天发货。',
        '收到，谢谢！',
      ]) {
        await frame.getByText(text).waitFor();
      }
      await expect(frame.locator('img.photo').count()).resolves.toBe(2);

      // A forged token opens nothing: the refusal page, no conversation.
      const forged = await newPage(browser, server.url, { name: 'forged', allowConsoleErrors: [/status of 401/] });
      await forged.goto('/kf/chat?username=demo&token=1.9999999999.' + 'a'.repeat(64));
      await forged.getByRole('heading', { name: '无法打开在线客服' }).waitFor();
      await expect(forged.getByText('收到，谢谢！').count()).resolves.toBe(0);
      await screenshot(forged, 'chat-refused', { fullPage: false });
    });
  },
);
