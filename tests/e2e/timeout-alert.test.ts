// SPEC §8 in a real Chromium against the built shop (issue 31 §3): a data request the server never
// answers shows 请求超时，请刷新页面 when its 30 s run out — not after the client's retries (about
// 90 s before). The goods list's request is held unanswered at the network edge (the route is
// never fulfilled), the rest of the shop answers as usual.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  skipAccessibilityCheck,
  sharedServer,
  untilPageHydrated,
  type RunningServer,
} from './harness';

describeBrowser('the timeout alert at 30 s', () => {
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

  it('tells the buyer when the first 30 s run out', async () => {
    const page = await newPage(browser, server.url, { name: 'timeout-alert' });
    await page.goto('/search?keywords=%E7%89%87');
    await untilPageHydrated(page);
    let held = 0;
    // Accepted and never answered, like a server that hangs.
    await page.route(
      (url) => url.pathname === '/api/goods/list',
      () => {
        held += 1;
      },
    );
    const asked = Date.now();
    // A client-side move to the next page of results asks the goods list again.
    await page
      .getByRole('navigation', { name: '分页' })
      .first()
      .getByRole('link', { name: /下一页/ })
      .click();
    const alert = page.getByText('请求超时，请刷新页面');
    await alert.waitFor({ timeout: 85_000 });
    const after = Date.now() - asked;
    // SPEC's 30 s, not the ~90 s of three attempts.
    expect(after).toBeGreaterThanOrEqual(29_000);
    expect(after).toBeLessThan(60_000);
    expect(held).toBeGreaterThanOrEqual(1);
    // The page is left mid-request: the previous results dimmed as pending (not a state to audit).
    skipAccessibilityCheck(page);
  }, 150_000);
});
