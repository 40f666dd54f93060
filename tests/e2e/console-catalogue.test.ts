// Issue 32 §1 "Must hold", in a real Chromium against the real server and demo data, two
// browsers: 运营 creates a category (and its leaf) and a goods with a picture and puts it on sale;
// the buyer `demo` finds it by its pinyin initials in the next search and buys it; 运营 takes it off
// sale; the buyer's open list no longer offers it, the cart line says 已下架 and checkout refuses it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CODE_OK } from '../../src/domain/envelope.ts';
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

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** POST from inside the page (its cookies and origin): the envelope. */
const postJson = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    [path, body] as const,
  );

describeBrowser('console catalogue: 运营 creates and retires a goods, the buyer finds, buys and then cannot', () => {
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

  it('creates a category and a goods, sells it, retires it', async () => {
    const operator = await newPage(browser, server.url, { name: 'operations', viewport: { width: 1400, height: 900 } });
    await signInOperator(operator, 'operations', { landOn: '/admin/catalogue' });
    await operator.getByRole('heading', { name: '分类与厂家' }).waitFor({ timeout: 15_000 });
    await operator.getByRole('button', { name: '新建一级分类' }).click();
    await operator.getByRole('dialog').getByLabel('分类名称').fill('测试新品类');
    await operator.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    const root = operator
      .getByRole('listitem')
      .filter({ hasText: /^测试新品类/ })
      .first();
    await root.waitFor({ timeout: 15_000 });
    await root.getByRole('button', { name: '新建下级' }).first().click();
    await operator.getByRole('dialog').getByLabel('分类名称').fill('测试子类');
    await operator.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await operator.getByText(/^测试子类/).waitFor({ timeout: 15_000 });

    await operator.goto('/admin/goods/new');
    await operator.getByRole('heading', { name: '新建商品' }).waitFor({ timeout: 15_000 });
    await operator.getByLabel('外部编码').fill('E2E-0001');
    await operator.getByLabel('商品名称').fill('晨曦清肺片');
    await operator.getByLabel('规格').fill('0.3g*24片');
    await operator.getByLabel('批准文号').fill('国药准字Z20043020');
    await operator.getByLabel('基础价（元）').fill('12.50');
    await operator.getByLabel('库存').fill('500');
    await operator.getByLabel('分类（最末一级）').selectOption({ label: '测试新品类/测试子类' });
    const maker = operator.getByLabel('生产厂家');
    await expect.poll(() => maker.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await maker.selectOption({ index: 1 });
    await operator.getByLabel('发货仓库').selectOption({ index: 1 });
    await operator.getByRole('button', { name: '创建商品' }).click();
    await operator.getByRole('heading', { name: '晨曦清肺片' }).waitFor({ timeout: 15_000 });
    const goodsId = Number(new URL(operator.url()).pathname.split('/').pop());
    expect(goodsId).toBeGreaterThan(0);

    await operator.getByLabel(/上传图片/).setInputFiles({ name: 'goods.png', mimeType: 'image/png', buffer: PNG });
    await operator.locator('img[src^="/api/goods/image/"]').first().waitFor({ timeout: 15_000 });
    await operator.getByRole('button', { name: '上架', exact: true }).click();
    await operator.getByRole('dialog').getByLabel('上架原因').fill('新品上市');
    await operator.getByRole('dialog').getByRole('button', { name: '上架' }).click();
    await operator.getByRole('status').filter({ hasText: '在售' }).waitFor({ timeout: 15_000 });
    await screenshot(operator, 'console-catalogue-on-sale');

    const buyer = await newPage(browser, server.url, { name: 'buyer' });
    // The last checkout is refused on purpose (400), which Chromium logs as a failed resource.
    allowConsoleErrors(buyer, /status of 400/);
    await signInBuyer(buyer);
    const found = await getJson<{ id: number }[]>(buyer, '/api/goods/search?keywords=cxqfp');
    expect(found.map((s) => s.id)).toContain(goodsId);
    await buyer.goto(`/list/info/${goodsId}`);
    await buyer.getByRole('button', { name: '加入购物车' }).first().click();
    await buyer.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
    const cart = await getJson<{ data: { id: number; goods: { id: number } }[] }>(buyer, '/api/cart/list');
    const line = cart.data.find((l) => l.goods.id === goodsId)!;
    const preview = await postJson(buyer, '/api/cart/checkout', {
      ids: [line.id],
      new: 0,
      coupon_id: 0,
      voucher_id: 0,
    });
    expect(preview.code, preview.msg).toBe(CODE_OK);
    const amounts = (preview.data as { amounts: { pay_amount: number } }).amounts;
    const address = (await getJson<{ id: number }[]>(buyer, '/api/address'))[0];
    const placed = await postJson(buyer, '/api/cart/checkout', {
      ids: [line.id],
      new: 1,
      address_id: address.id,
      coupon_id: 0,
      voucher_id: 0,
      expected_pay_amount: amounts.pay_amount,
    });
    expect(placed.code, placed.msg).toBe(CODE_OK);

    // The buyer keeps a list of it open and puts it in the cart again.
    await buyer.goto(`/list/info/${goodsId}`);
    await buyer.getByRole('button', { name: '加入购物车' }).first().click();
    await buyer.getByText('加入购物车成功').first().waitFor({ timeout: 10_000 });
    const list = await getJson<{ list: { id: number }[] }>(buyer, '/api/goods/list?keywords=cxqfp');
    expect(list.list.map((g) => g.id)).toContain(goodsId);

    await operator.getByRole('button', { name: '下架', exact: true }).click();
    await operator.getByRole('dialog').getByLabel('下架原因').fill('厂家召回');
    await operator.getByRole('dialog').getByRole('button', { name: '下架' }).click();
    await operator.getByRole('status').filter({ hasText: '已下架' }).waitFor({ timeout: 15_000 });

    const after = await getJson<{ list: { id: number }[] }>(buyer, '/api/goods/list?keywords=cxqfp');
    expect(after.list.map((g) => g.id)).not.toContain(goodsId);
    await buyer.goto('/cart');
    await buyer
      .getByText(/已下架/)
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(buyer, 'console-catalogue-cart-retired');
    const again = await getJson<{ data: { id: number; goods: { id: number } }[] }>(buyer, '/api/cart/list');
    const held = again.data.find((l) => l.goods.id === goodsId)!;
    const refused = await postJson(buyer, '/api/cart/checkout', { ids: [held.id], new: 0 });
    expect(refused.code).not.toBe(CODE_OK);
    expect(refused.msg).toContain('已下架');
  });
});
