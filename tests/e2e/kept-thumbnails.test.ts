// Pictures kept offline (issue 35 §1 "Pictures") in a real Chromium against the real server: demo
// favourites a goods whose picture this browser never drew, asks for the catalogue on /star (the
// pack, the papers, then the kept thumbnails), and the general picture caches (the worker's and
// the browser's HTTP cache) are emptied so only what was kept on purpose remains. With the server stopped and the browser online, the
// favourite's detail draws its picture from the device; a goods neither bought nor favourited
// shows the calm placeholder, never a broken image.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GoodsListResult } from '../../src/domain/catalog';
import type { KeptThumbnailsList } from '../../src/domain/kept-thumbnails';
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
  OFFLINE_CONSOLE_ERRORS,
  RENDER_TIMEOUT_MS,
  SW_CONTROL_TIMEOUT_MS,
  waitForLocalStore,
} from './offline-buyer';

/** A download, the papers and the pictures on a PGlite server on 2 cores. */
const JOURNEY_TIMEOUT_MS = 180_000;

describeBrowser('kept thumbnails: a favourite’s picture draws with the server stopped', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'kept-thumbnails' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const keptInCache = (src: string) =>
    page.evaluate(async (path) => {
      if (!(await caches.has('thumbnails-v1'))) return false;
      return (await (await caches.open('thumbnails-v1')).match(new URL(path, location.href).href)) !== undefined;
    }, src);

  it(
    'the favourite draws from the device; a goods never bought nor favourited shows the placeholder',
    async () => {
      await page.goto('/login');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: SW_CONTROL_TIMEOUT_MS,
      });
      await signInBuyer(page, 'demo', { landOn: '/star' });
      await waitForLocalStore(page, 'demo');

      // Two goods demo never bought nor favourited, read as data only (no picture drawn).
      const before = await apiData<KeptThumbnailsList>(page, '/api/user/kept-thumbnails');
      const named = new Set(before.thumbnails.map((x) => x.goods_id));
      const list = await apiData<GoodsListResult>(page, '/api/goods/list?page_size=60');
      const [liked, unseen] = list.list.filter((g) => !named.has(g.id) && g.goods_image !== '');
      expect(liked && unseen, 'two goods outside demo’s kept pictures').toBeTruthy();
      await page.evaluate(async (id) => {
        const body = new URLSearchParams({ 'goods_ids[]': String(id) });
        const res = await fetch('/api/favorite', { method: 'POST', credentials: 'include', body });
        if (!res.ok) throw new Error(`favorite: ${res.status}`);
      }, liked!.id);

      await page.getByRole('button', { name: '下载商品目录供离线使用' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /下载完成：已保存 \d+ 件商品/ })
        .waitFor({ timeout: 90_000 });
      await expect.poll(() => keptInCache(liked!.goods_image), { timeout: 60_000 }).toBe(true);
      expect(await keptInCache(unseen!.goods_image)).toBe(false);
      // Only what was kept on purpose remains: the worker's general picture cache and the
      // browser's own HTTP cache (which the keeping's fetch filled) are emptied.
      await page.evaluate(() => caches.delete('images-v1'));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();

      allowConsoleErrors(page, ...OFFLINE_CONSOLE_ERRORS);
      await whileServerStopped(
        server,
        async () => {
          // The favourite's detail, drawn from the pack, with its picture from the device.
          await page.goto(`/list/info/${liked!.id}`);
          const picture = page.locator(`img[src="${liked!.goods_image}"]`).first();
          await picture.waitFor({ timeout: RENDER_TIMEOUT_MS });
          await expect
            .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
              timeout: RENDER_TIMEOUT_MS,
            })
            .toBe(true);

          // A goods never bought nor favourited: its picture cannot load, the placeholder is drawn.
          await page.goto(`/list/info/${unseen!.id}`);
          await page.getByRole('heading', { name: unseen!.name }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
          const placeholder = page.locator(`span[role="img"][aria-label="${unseen!.name}"]`).first();
          await placeholder.waitFor({ timeout: RENDER_TIMEOUT_MS });
          expect(await page.locator(`img[src="${unseen!.goods_image}"]`).count()).toBe(0);
        },
        (s) => (server = s),
      );
    },
    JOURNEY_TIMEOUT_MS,
  );
});
