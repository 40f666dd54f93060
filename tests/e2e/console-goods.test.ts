// The console's goods work in a real Chromium against the real server and demo data, with two
// browsers: 运营 finds a goods the buyer `demo` can see, changes its price and stock in the
// editor, and the buyer (signed in the whole time in the shop) sees the new price on the goods
// detail; then a price/stock file with one bad row is previewed and applies nothing, and the fixed
// file applies. The catalogue file page turns an exported row under a new 外部编码 into a new goods.
import Papa from 'papaparse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
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

const csv = (text: string) => ({ name: 'price-stock.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

describeBrowser(
  'console goods: 运营 changes a price and stock, the buyer sees it; an import with a bad row applies nothing, fixed it applies',
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

    it('edits a goods and imports a file', async () => {
      const buyer = await newPage(browser, server.url, { name: 'buyer' });
      await signInBuyer(buyer);
      const listed = await getJson<{ list: { id: number; name: string }[] }>(buyer, '/api/goods/list?page_size=2');
      const [first, second] = listed.list;

      const operator = await newPage(browser, server.url, {
        name: 'operations',
        viewport: { width: 1400, height: 900 },
      });
      await signInOperator(operator, 'operations');
      await operator.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '商品管理' }).click();
      const search = operator.getByRole('search', { name: '筛选商品' });
      await search.getByLabel('搜索').fill(first.name);
      await search.getByRole('button', { name: '查询' }).click();
      const table = operator.getByRole('table', { name: '商品' });
      await table.getByRole('link', { name: first.name, exact: true }).first().click();
      await operator.getByRole('heading', { name: first.name }).waitFor({ timeout: 15_000 });

      const form = operator.getByRole('form', { name: '编辑商品' });
      // A rank price would stand in front of the base price for demo: the goods gets none.
      const rankRows = form.getByRole('group', { name: '会员等级价' }).getByRole('button', { name: '删除' });
      while ((await rankRows.count()) > 0) await rankRows.first().click();
      await form.getByLabel('基础价').fill('999.99');
      await form.getByLabel('库存', { exact: true }).fill('321');
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText(/^已保存/).waitFor({ timeout: 15_000 });
      await screenshot(operator, 'console-goods-editor');

      await buyer.goto(`/list_info/${first.id}`);
      await buyer
        .getByText(/999\.99/)
        .first()
        .waitFor({ timeout: 15_000 });
      const detail = await getJson<{ price: number; number: number }>(buyer, `/api/goods/detail/${first.id}`);
      expect(detail).toMatchObject({ price: 99_999, number: 321 });

      await operator.goto('/admin/goods/import');
      const upload = operator.getByRole('form', { name: '上传导入文件' });
      await upload
        .getByLabel('导入文件')
        .setInputFiles(csv(`商品编号,价格,库存\n${first.id},888.80,40\n${second.id},,-5\n`));
      await upload.getByRole('button', { name: '预览' }).click();
      const preview = operator.getByRole('table', { name: '导入预览' });
      await preview.getByText('库存不能为负数').waitFor({ timeout: 15_000 });
      await expect(upload.getByRole('button', { name: /确认导入/ }).count()).resolves.toBe(0);
      await screenshot(operator, 'console-goods-import-bad');
      expect((await getJson<{ number: number }>(buyer, `/api/goods/detail/${first.id}`)).number).toBe(321);

      await upload
        .getByLabel('导入文件')
        .setInputFiles(csv(`商品编号,价格,库存\n${first.id},888.80,40\n${second.id},,5\n`));
      await upload.getByRole('button', { name: '预览' }).click();
      await upload.getByRole('button', { name: '确认导入（2个商品）' }).click();
      await operator.getByText('已导入：更新2个商品').waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => getJson<{ price: number; number: number }>(buyer, `/api/goods/detail/${first.id}`))
        .toMatchObject({ price: 88_880, number: 40 });
      expect((await getJson<{ number: number }>(buyer, `/api/goods/detail/${second.id}`)).number).toBe(5);
    });

    it('商品资料导入导出: an exported row under a new 外部编码 previews as one new goods and, applied, is in the goods list off sale', async () => {
      const operator = await newPage(browser, server.url, {
        name: 'catalogue-file',
        viewport: { width: 1400, height: 900 },
      });
      await signInOperator(operator, 'operations');
      await operator.goto('/admin/goods/file');
      const exportLink = operator.getByRole('link', { name: '导出CSV' });
      const href = (await exportLink.getAttribute('href')) ?? '';
      expect(href).toContain('format=csv');
      const exported = await operator.evaluate(
        async (url) => (await fetch(url, { credentials: 'include' })).text(),
        href,
      );
      const [header, row] = Papa.parse<string[]>(exported.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      const at = (name: string) => header.indexOf(name);
      const fresh = [...row];
      fresh[at('外部编码')] = 'E2E-NEW-1';
      fresh[at('商品名称')] = '浏览器新建测试片';
      fresh[at('条形码')] = '';

      const upload = operator.getByRole('form', { name: '上传商品资料文件' });
      await upload.getByLabel('商品资料文件').setInputFiles({
        name: 'catalogue.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(Papa.unparse([header, fresh]), 'utf8'),
      });
      await upload.getByRole('button', { name: '预览' }).click();
      await upload.getByRole('button', { name: '确认导入（新建1，更新0）' }).click();
      await operator.getByText('已导入：新建1个商品，更新0个商品').waitFor({ timeout: 15_000 });

      await operator.goto('/admin/goods?q=' + encodeURIComponent('浏览器新建测试片'));
      const table = operator.getByRole('table', { name: '商品' });
      await table.getByRole('link', { name: '浏览器新建测试片', exact: true }).waitFor({ timeout: 15_000 });
      await table.getByText('已下架').first().waitFor();
    });
  },
);
