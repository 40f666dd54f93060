// Self-service in a real Chromium against the real server and demo data: demo searches for a
// goods we do not sell, follows "没找到想要的？" into the 品种求购 form (the name filled in), files
// the request and finds it in the list as 待处理; then sends feedback with a screenshot and finds
// it under 我的反馈 with the picture served back; and a request filed while the server is down
// reaches it exactly once when it is back. Screenshots of the pages (E2E_SCREENSHOTS=1) go to the run's artifacts folder.
import { deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';
import {
  DRAIN_TIMEOUT_MS,
  OFFLINE_CONSOLE_ERRORS,
  RENDER_TIMEOUT_MS,
  apiData,
  outboxCount,
  savedLocally,
  signIn as signInWithWorker,
  waitForLocalStore,
} from './offline-buyer';

/** A real 8×8 PNG (the server checks the bytes). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [22, 160, 133]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeBrowser('self-service: a product request from the search page, feedback with a screenshot', () => {
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

  /** Same port and data dir: the browser's origin, worker and local store stay the same. */
  async function restartServer(): Promise<void> {
    server = await startServer({ port: server.port, dataDir: server.dataDir });
  }

  it('files a request from "没找到想要的？" and sees it in the list', async () => {
    const page = await newPage(browser, server.url, { name: 'self-service-request' });
    await signInBuyer(page, 'demo');
    const keyword = '罕见测试药';
    await page.goto(`/search?keywords=${encodeURIComponent(keyword)}`);
    await page.getByText('没找到想要的？').first().waitFor({ timeout: 15_000 });
    await page
      .getByRole('link', { name: /发布求购/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/pzqg/add');
    const name = page.getByRole('textbox', { name: /商品名称/ });
    await name.waitFor({ timeout: 15_000 });
    expect(await name.inputValue()).toBe(keyword);
    await page.getByRole('textbox', { name: /生产厂家/ }).fill('测试制药有限公司');
    await page.getByRole('textbox', { name: /月需求量/ }).fill('30');
    await page.getByRole('textbox', { name: /期望价格/ }).fill('12.5');
    await screenshot(page, 'pzqg-add');
    await page.getByRole('button', { name: '提交求购' }).click();

    await page.waitForURL((u) => u.pathname === '/pzqg');
    const row = page.getByRole('row', { name: new RegExp(keyword) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('待处理');
    expect(await row.textContent()).toContain('¥12.50');
    await screenshot(page, 'pzqg');

    await row.getByRole('link', { name: keyword, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/pzqg/info');
    await page.getByText('采购人员处理后会在这里回复您', { exact: false }).waitFor({ timeout: 15_000 });

    // The seeded request we already listed: the reply, the goods and its add-to-cart.
    await page.goto('/pzqg?status=listed');
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    const listed = page.getByRole('region', { name: '已上架商品' });
    await listed.waitFor({ timeout: 15_000 });
    await listed.getByRole('button', { name: /加入购物车/ }).waitFor();
    await screenshot(page, 'pzqg-info');
  });

  it('sends feedback with a screenshot and sees it listed with the picture', async () => {
    const page = await newPage(browser, server.url, { name: 'self-service-feedback' });
    await signInBuyer(page, 'demo');
    await page.goto('/yjfk');
    await page.getByRole('combobox', { name: /反馈类型/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('combobox', { name: /反馈类型/ }).selectOption('website');
    const text = '搜索结果页希望能按效期排序';
    await page.getByRole('textbox', { name: /反馈内容/ }).fill(text);
    await page.getByRole('textbox', { name: /联系方式/ }).fill('13800138000');
    await page.setInputFiles('#feedback-photos', { name: 'screen.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByRole('button', { name: '移除截图1' }).waitFor();
    await page.getByRole('button', { name: '提交反馈' }).click();
    await page.getByText('感谢您的反馈，我们会尽快回复').first().waitFor({ timeout: 15_000 });

    const item = page.getByRole('list', { name: '我的反馈' }).getByRole('listitem').filter({ hasText: text });
    await item.waitFor({ timeout: 15_000 });
    const img = item.getByRole('img', { name: '截图1' });
    await img.waitFor();
    // The picture is served back to the company (GET /api/upload/{id}) and decodes.
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(8);
    await screenshot(page, 'yjfk');

    await page.goto('/alerts');
    await page.getByRole('table', { name: '我的提醒' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'alerts');
  });

  it(
    'a request filed with the server down is kept on the device and reaches the server once',
    async () => {
      const page = await newPage(browser, server.url, { name: 'self-service-offline' });
      await signInWithWorker(page);
      const keyword = '离线求购测试药';
      await page.goto(`/pzqg/add?keyword=${encodeURIComponent(keyword)}`);
      await waitForLocalStore(page);
      await page.getByRole('textbox', { name: /月需求量/ }).waitFor({ timeout: RENDER_TIMEOUT_MS });
      await page.getByRole('textbox', { name: /月需求量/ }).fill('12');

      allowConsoleErrors(page, ...OFFLINE_CONSOLE_ERRORS);
      await server.stop();
      await page.getByRole('button', { name: '提交求购' }).click();
      await savedLocally(page);
      await expect.poll(() => outboxCount(page), { timeout: RENDER_TIMEOUT_MS }).toBe(1);

      await restartServer();
      const mine = async () =>
        (
          await apiData<{ list: { name: string }[] }>(page, '/api/user/buy?page_size=100').catch(() => ({ list: [] }))
        ).list.filter((r) => r.name === keyword).length;
      await expect.poll(mine, { timeout: DRAIN_TIMEOUT_MS, interval: 1_000 }).toBe(1);
      await expect.poll(() => outboxCount(page), { timeout: DRAIN_TIMEOUT_MS }).toBe(0);
      expect(await mine()).toBe(1);
    },
    4 * DRAIN_TIMEOUT_MS,
  );
});
