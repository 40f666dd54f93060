// The catalogue pack in a real Chromium against the real server (issue 35, must hold): the clinic
// signs in and downloads the pack on /star; the server process is stopped while the browser still
// believes it is online; a goods never opened is found by its pinyin initials and added from the
// search results, two more from a category list drawn from the pack; a goods outside the clinic's
// 经营范围 shows, on the device, the very refusal the server gives online. The server starts again
// (same port and data) and every line reaches the server cart exactly once. Then demo (who has
// received goods) opens a 药检报告 of a received batch and the e-contract with the server stopped.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodePackChunk, type PackChunk, type PackGoods, type PackManifest } from '../../src/domain/catalogue-pack';
import type { GoodsListResult } from '../../src/domain/catalog';
import type { PapersManifest } from '../../src/domain/papers';
import type { ContractView } from '../../src/domain/e-contract';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  signInBuyer,
  startServer,
  type RunningServer,
  whileServerStopped,
} from './harness';
import {
  apiData,
  clearServerCart,
  OFFLINE_CONSOLE_ERRORS,
  outboxCount,
  RENDER_TIMEOUT_MS,
  sameGoodsOnce,
  savedLocally,
  SW_CONTROL_TIMEOUT_MS,
  waitForLocalStore,
  waitForServerCart,
  type Pick,
} from './offline-buyer';

const BUYER = 'clinic';
/** The clinic's 经营范围 in the demo seed (server/seed/accounts.ts): no 中药饮片, 保健食品 or 计生用品. */
const CLINIC_SCOPE = ['xy', 'swzp', 'zcy', 'qx', 'xdcp'];
/** Two restarts of a PGlite server on 2 cores, a download and a drain. */
const JOURNEY_TIMEOUT_MS = 240_000;

describeBrowser('catalogue pack: the whole catalogue on the device, with the server stopped', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'clinic' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The pack's goods as the server built it for this buyer (read online, decoded as the device does). */
  async function packGoods(): Promise<PackGoods[]> {
    const manifest = await apiData<PackManifest>(page, '/api/goods/pack');
    const goods: PackGoods[] = [];
    for (let i = 0; i < manifest.chunks; i++) {
      const chunk = await page.evaluate(
        async (url) => (await fetch(url, { credentials: 'include' })).json(),
        `${manifest.href}/${i}`,
      );
      goods.push(...decodePackChunk(chunk as PackChunk));
    }
    return goods;
  }

  /** A goods tile (search results or list) by its goods. */
  const tileOf = (id: number) => page.locator('li').filter({ has: page.locator(`a[href="/list/info/${id}"][title]`) });

  async function addFromTile(id: number, name: string): Promise<Pick> {
    const tile = tileOf(id).first();
    await tile.waitFor({ timeout: RENDER_TIMEOUT_MS });
    const quantity = Number(await tile.getByRole('spinbutton').inputValue());
    await tile.getByRole('button', { name: '加入购物车' }).click();
    await savedLocally(page);
    return { id, name, quantity };
  }

  it(
    'downloaded, then searched by pinyin initials, listed by category and added with no server; each line reaches the cart once',
    async () => {
      await page.goto('/login');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: SW_CONTROL_TIMEOUT_MS,
      });
      await signInBuyer(page, BUYER, { landOn: '/star' });
      await waitForLocalStore(page, BUYER);
      await clearServerCart(page);

      // The buyer asks for the pack (desktop Chromium does not say it is on Wi-Fi).
      await page.getByRole('button', { name: '下载商品目录供离线使用' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /下载完成：已保存 \d+ 件商品/ })
        .waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByTestId('catalogue-pack-summary').textContent())
        .toMatch(/^已保存 \d+ 件商品，占用约/);

      // What to look for, chosen from the pack itself: buyable goods with prices (never opened in
      // this browser), a goods the clinic may not buy (outside its 经营范围), and what the server
      // says about that one online.
      const all = await packGoods();
      const inScope = (g: PackGoods) => CLINIC_SCOPE.includes(g.scope_class);
      const buyable = all.filter(
        (g) => g.price !== null && g.is_buy === 1 && g.stock > 100 && inScope(g) && g.min_buy <= 1 && g.zbz <= 1,
      );
      const ownInitials = (g: PackGoods) => g.pyi.length >= 3 && all.filter((o) => o.pyi.startsWith(g.pyi)).length <= 3;
      const sought = buyable.find(ownInitials);
      expect(sought, 'a buyable goods with pinyin initials of its own').toBeDefined();
      const others = buyable.filter((g) => g.id !== sought!.id && g.category_l1 !== sought!.category_l1);
      const category = others[0]!.category_l1;
      const outside = all.find((g) => !inScope(g) && g.price !== null && ownInitials(g));
      expect(outside, "a goods outside the clinic's 经营范围 in the pack").toBeDefined();
      const online = await apiData<GoodsListResult>(
        page,
        `/api/goods/list?keywords=${encodeURIComponent(outside!.name)}&page_size=50`,
      );
      const onlineBlock = online.list.find((g) => g.id === outside!.id)?.buy_block;
      expect(onlineBlock, 'the server refuses the clinic that goods').toMatch(/经营范围/);

      allowConsoleErrors(page, ...OFFLINE_CONSOLE_ERRORS);
      const picks = await whileServerStopped(
        server,
        async () => {
          // Search by pinyin initials: the goods was never opened, so only the pack can know it.
          // The search page's list, drawn from the pack on the device with its filters.
          await page.goto(`/search?keywords=${sought!.pyi}`);
          const first = await addFromTile(sought!.id, sought!.name);

          // A category list no page asked for online: drawn from the pack on the device.
          await page.goto(`/list?category_id=${category}`);
          const listed = page
            .getByRole('region', { name: '商品列表' })
            .locator('li')
            .filter({ has: page.getByRole('button', { name: '加入购物车', disabled: false }) });
          await listed.first().waitFor({ timeout: RENDER_TIMEOUT_MS });
          const picks: Pick[] = [first];
          for (const tile of await listed.all()) {
            const link = tile.locator('a[href^="/list/info/"][title]').first();
            const id = Number(((await link.getAttribute('href')) ?? '').split('/').pop());
            if (picks.some((p) => p.id === id)) continue;
            picks.push(await addFromTile(id, (await link.getAttribute('title')) ?? ''));
            if (picks.length === 3) break;
          }
          expect(picks).toHaveLength(3);
          await expect.poll(() => outboxCount(page, BUYER), { timeout: RENDER_TIMEOUT_MS }).toBe(3);

          // Outside the 经营范围: the device says what the server says, and offers no add.
          await page.goto(`/search?keywords=${outside!.pyi}`);
          const refused = tileOf(outside!.id).first();
          await refused.waitFor({ timeout: RENDER_TIMEOUT_MS });
          expect(await refused.locator('[data-buy-block]').textContent()).toBe(onlineBlock);
          expect(await refused.getByRole('button', { name: '加入购物车' }).count()).toBe(0);
          return picks;
        },
        (s) => (server = s),
      );

      // The server is back: the outbox drains on its own, each line once.
      server = await startServer({ port: server.port, dataDir: server.dataDir });
      const lines = await waitForServerCart(page, sameGoodsOnce(picks), 'three adds from the pack');
      for (const pick of picks)
        expect(lines.find((l) => l.goods.id === pick.id)?.number, pick.name).toBe(pick.quantity);
      await expect.poll(() => outboxCount(page, BUYER), { timeout: RENDER_TIMEOUT_MS }).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the papers an inspector asks for open with the server stopped: a 药检报告 of a received batch and the e-contract',
    async () => {
      // demo has received goods (the clinic of the test above has no orders in the demo seed).
      const buyer = await newPage(browser, server.url, { name: 'demo' });
      await buyer.goto('/login');
      await buyer.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: SW_CONTROL_TIMEOUT_MS,
      });
      await signInBuyer(buyer, 'demo', { landOn: '/star' });
      await waitForLocalStore(buyer, 'demo');
      await buyer.getByRole('button', { name: '下载商品目录供离线使用' }).click();
      await buyer
        .getByRole('status')
        .filter({ hasText: /下载完成：已保存 \d+ 件商品/ })
        .waitFor({ timeout: 60_000 });

      const papers = await apiData<PapersManifest>(buyer, '/api/user/papers');
      const batch = papers.batches[0];
      expect(batch, 'demo received a batch with a report in the last 12 months').toBeDefined();
      const report = batch!.reports[0]!;
      const contract = await apiData<ContractView>(buyer, '/api/user/contract');

      allowConsoleErrors(buyer, ...OFFLINE_CONSOLE_ERRORS);
      await whileServerStopped(
        server,
        async () => {
          // /jybg with no server: the kept reports of received batches, found by the goods' name.
          await buyer.goto(`/jybg?keywords=${encodeURIComponent(batch!.goods_name)}`);
          await buyer.getByText(/离线：本机保存的近12个月收货批次的药检报告/).waitFor({ timeout: RENDER_TIMEOUT_MS });
          const link = buyer.getByRole('link', { name: report.title }).first();
          await link.waitFor({ timeout: RENDER_TIMEOUT_MS });
          expect(await link.getAttribute('href')).toBe(report.file_url);
          // Opening it: the worker answers the file from the device.
          const file = await buyer.evaluate(async (href) => {
            const res = await fetch(href, { credentials: 'include' });
            return {
              status: res.status,
              fromCache: res.headers.get('X-From-Cache'),
              size: (await res.arrayBuffer()).byteLength,
            };
          }, report.file_url);
          expect(file).toMatchObject({ status: 200, fromCache: '1' });
          expect(file.size).toBe(report.size);

          // The e-contract page, opened with no server.
          await buyer.goto('/dzht');
          await buyer.getByText(contract.title).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
        },
        (s) => (server = s),
      );
      // The file's last test: after a success the server stays stopped (afterAll's stop() of a
      // stopped server is a no-op); starting it again here only to stop it cost a server start.
    },
    JOURNEY_TIMEOUT_MS,
  );
});
