// Qualifications and business scope in a real Chromium against the real server and demo data:
// the clinic (no 中药饮片 in its 经营范围) sees why a 中药饮片 goods cannot be bought where the add
// button would be, and the cart refuses it; demo sees its GSP certificate marked as expiring on
// /zzzj and uploads a renewal, which waits for review while the old one stays in force.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GoodsDetail } from '../../src/domain/catalog';
import {
  allowConsoleErrors,
  describeBrowser,
  getJson,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  startServer,
  type RunningServer,
} from './harness';

const REASON = '不在贵公司经营范围（中药饮片）';

/** The first 中药饮片 goods the signed-in clinic is told it may not buy. */
async function blockedHerb(page: Page): Promise<GoodsDetail> {
  const list = await getJson<{ list: { id: number; buy_block?: string | null }[] }>(
    page,
    '/api/goods/list?zone=zy&page_size=40',
  );
  const hit = list.list.find((g) => g.buy_block === REASON);
  if (!hit) throw new Error('no 中药饮片 goods refused for the clinic in the seeded catalogue');
  return getJson<GoodsDetail>(page, `/api/goods/detail/${hit.id}`);
}

describeBrowser('qualifications: 经营范围 on goods and cart, /zzzj renewal', () => {
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

  it('the clinic sees why a 中药饮片 goods cannot be bought, and the cart refuses it', async () => {
    const page = await newPage(browser, server.url, { name: 'scope-clinic' });
    await signInBuyer(page, 'clinic');
    const herb = await blockedHerb(page);

    await page.goto(`/list/info/${herb.id}`);
    const reason = page.locator('[data-buy-block]').first();
    await reason.waitFor({ timeout: 15_000 });
    expect(await reason.textContent()).toBe(REASON);
    expect(await page.getByRole('button', { name: '加入购物车' }).count()).toBe(0);
    await reason.scrollIntoViewIfNeeded();
    await screenshot(page, 'scope-clinic-detail-viewport', { fullPage: false });

    // The 中药饮片 zone's tiles say the same where their add buttons would be.
    await page.goto('/zyyp');
    const tileReason = page.locator('[data-buy-block]').first();
    await tileReason.waitFor({ timeout: 15_000 });
    expect(await tileReason.textContent()).toBe(REASON);
    await tileReason.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'scope-clinic-zone', { fullPage: false });

    // The cart refuses it whatever sends it (an old tab, the offline outbox): the same reason.
    allowConsoleErrors(page, /status of 400 \(Bad Request\)/);
    const refused = await page.evaluate(async (id) => {
      const res = await fetch('/api/cart', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `params[0][goods_id]=${id}&params[0][number]=1`,
      });
      return { status: res.status, body: (await res.json()) as { msg: string } };
    }, herb.id);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`${herb.name}：${REASON}`);
    const cart = await getJson<{ data: { goods: { id: number } }[] }>(page, '/api/cart/list');
    expect(cart.data.some((l) => l.goods.id === herb.id)).toBe(false);
  });

  it('demo sees its expiring GSP certificate on /zzzj and uploads a renewal that waits for review', async () => {
    const page = await newPage(browser, server.url, { name: 'zzzj-demo' });
    await signInBuyer(page, 'demo');
    await page.goto('/zzzj');
    const row = page.locator('tr[data-kind="gsp"]');
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-expiry')).toBe('expiring');
    expect(await row.locator('[data-mark="expiring"]').textContent()).toBe('20天后到期');
    await page.getByRole('list', { name: '可经营品类' }).getByText('中药饮片').waitFor();
    await screenshot(page, 'zzzj-demo');

    await page.getByRole('button', { name: '更新GSP证书' }).click();
    const dialog = page.getByRole('dialog', { name: '更新GSP证书' });
    await dialog.waitFor();
    await dialog.getByLabel('证书编号').fill('C-GD-25-1234');
    await dialog.getByLabel('有效期至').fill('2031-12-31');
    await dialog.getByLabel('证件文件').setInputFiles({
      name: 'GSP证书2025.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
    });
    await dialog.getByText('PDF：GSP证书2025.pdf').waitFor();
    await screenshot(page, 'zzzj-renewal-dialog');
    await dialog.getByRole('button', { name: '提交审核' }).click();
    await page.getByText('新证件已提交审核，审核通过前原证件继续有效').first().waitFor({ timeout: 10_000 });

    await row.getByText('新证件审核中（有效期至 2031-12-31）').waitFor();
    // The old certificate is still the one in force, still marked, and cannot be renewed twice.
    expect(await row.getAttribute('data-expiry')).toBe('expiring');
    expect(await row.getByRole('button', { name: '更新GSP证书' }).count()).toBe(0);

    // 药检报告: the member's quality-inspection link opens the report search.
    await page.goto('/jybg');
    await page.getByLabel('商品名称 / 批准文号 / 批号').fill('片');
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL((u) => u.pathname === '/jybg' && u.searchParams.get('keywords') === '片');
    const results = page.getByRole('table', { name: '药检报告查询结果' });
    await results.waitFor({ timeout: 15_000 });
    expect(await results.getByRole('link', { name: '出厂检验报告' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'jybg-demo');
  });
});
