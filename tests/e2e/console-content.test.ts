// Console content in a real Chromium against the real server and demo data, two browsers:
// 运营 edits the 购物指南 help article in the editor's HTML source, pasting a <script>, an image
// with onerror and a javascript: link; the buyer `demo` opens the help page and reads the new
// text with none of them (no dialog fires, no script ran, no console error). Then 运营 raises the
// free-shipping amount in 站点设置 and the buyer's cart shortfall follows on the next load.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInBuyer,
  signInOperator,
  startServer,
  type RunningServer,
} from './harness';
import { formatPrice } from '../../src/domain/money';
import type { CartState } from '../../src/domain/cart-types';

const SAFE_TEXT = '端到端测试：配送与售后说明已更新';
const HOSTILE_BODY =
  `<h2>购物须知</h2><p>${SAFE_TEXT}</p>` +
  `<script>window.__xss = 'script'; alert('xss-script')</script>` +
  `<img src="x" onerror="window.__xss = 'onerror'; alert('xss-onerror')">` +
  `<p><a href="javascript:window.__xss='link';alert('xss-link')">点此查看</a></p>`;
/** 9,000 yuan: far above demo's cart, so the buyer is short of it. */
const NEW_FREE_SHIPPING_YUAN = '9000';

async function cartState(page: Page): Promise<CartState> {
  return page.evaluate(async () => {
    const res = await fetch('/api/cart/list', { credentials: 'include' });
    return ((await res.json()) as { data: CartState }).data;
  });
}

describeBrowser(
  'console content: a hostile article body never runs in the shop; the free-shipping amount drives the cart',
  () => {
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

    it('运营 edits the help article with a script tag and an onerror image; the buyer sees the text without them', async () => {
      const operator = await newPage(browser, server.url, { name: 'operations' });
      await signInOperator(operator, 'operations');
      await operator.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '文章管理' }).click();
      await operator.getByRole('search', { name: '筛选文章' }).getByLabel('标题关键词').fill('购物指南');
      await operator.getByRole('button', { name: '搜索' }).click();
      const table = operator.getByRole('table', { name: '文章' });
      const row = table.getByRole('row').filter({ hasText: '购物指南' }).first();
      await row.waitFor({ timeout: 15_000 });
      await screenshot(operator, 'console-articles');
      await row.getByRole('link', { name: '编辑' }).click();
      // The editor is its own chunk, loaded with the page.
      await operator.getByRole('toolbar', { name: '正文格式' }).waitFor({ timeout: 15_000 });
      await operator.getByRole('button', { name: 'HTML 源码' }).click();
      await operator.getByLabel('正文（HTML 源码）').fill(HOSTILE_BODY);
      await operator.getByRole('button', { name: '保存文章' }).click();
      await operator.getByText('已保存：购物指南').waitFor({ timeout: 15_000 });
      // What the server stored is what the form now shows.
      await operator.getByRole('button', { name: 'HTML 源码' }).click();
      const stored = await operator.getByLabel('正文（HTML 源码）').inputValue();
      expect(stored).toContain(SAFE_TEXT);
      expect(stored).not.toMatch(/<script|onerror|javascript:/i);
      await screenshot(operator, 'console-article-edit');

      const buyer = await newPage(browser, server.url, { name: 'buyer-help' });
      const dialogs: string[] = [];
      buyer.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await signInBuyer(buyer);
      await buyer.goto('/help/xrzn/gwzn');
      await buyer.getByText(SAFE_TEXT).waitFor({ timeout: 15_000 });
      await buyer.getByRole('heading', { name: '购物须知' }).waitFor();
      const link = buyer.getByText('点此查看');
      expect(await link.getAttribute('href')).toBeNull();
      await link.click();
      const body = await buyer.locator('article, main').first().innerHTML();
      expect(body).not.toMatch(/<script|onerror|javascript:/i);
      expect(await buyer.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
      expect(dialogs).toEqual([]);
      await screenshot(buyer, 'shop-help-article');
    });

    it("运营 raises the free-shipping amount; the buyer's cart shortfall follows on the next load", async () => {
      const buyer = await newPage(browser, server.url, { name: 'buyer-cart' });
      await signInBuyer(buyer);
      await buyer.goto('/list/info/1');
      await buyer.getByRole('button', { name: '加入购物车' }).first().click();
      await buyer.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
      await buyer.goto('/cart');
      const before = await cartState(buyer);
      expect(before.shipping_data.shipping_amount).toBe(80_000);
      const panel = buyer.getByText(/还差¥[\d.]+免运费|已免运费/).first();
      await panel.waitFor({ timeout: 15_000 });

      const operator = await newPage(browser, server.url, { name: 'operations-settings' });
      await signInOperator(operator, 'operations');
      await operator.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '站点设置' }).click();
      const shipping = operator.getByRole('form', { name: '运费与包邮' });
      await expect(shipping.getByLabel(/包邮金额/).inputValue()).resolves.toBe('800.00');
      await shipping.getByLabel(/包邮金额/).fill(NEW_FREE_SHIPPING_YUAN);
      await shipping.getByRole('button', { name: '保存' }).click();
      await shipping.getByText('已保存，商城下次加载即生效').waitFor({ timeout: 15_000 });
      await screenshot(operator, 'console-settings');
      await operator.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '站点内容' }).click();
      await operator
        .getByRole('navigation', { name: '内容类型' })
        .getByRole('link', { name: '焦点图与广告位' })
        .click();
      await operator.getByLabel('第1条 图片').waitFor({ timeout: 15_000 });
      await screenshot(operator, 'console-site-lists');

      await buyer.reload();
      const after = await cartState(buyer);
      expect(after.shipping_data.shipping_amount).toBe(900_000);
      const selected = after.totals!.raw_price;
      const expected = 900_000 - selected - after.shipping_data.no_trans_order_amount;
      expect(expected).toBeGreaterThan(0);
      await buyer
        .getByText(`还差${formatPrice(expected)}免运费`)
        .first()
        .waitFor({ timeout: 15_000 });
      await screenshot(buyer, 'shop-cart-shortfall');
    });
  },
);
