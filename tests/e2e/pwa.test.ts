// The PWA contract in a real Chromium: the service worker takes control after one online visit,
// the web manifest is valid and its icons load, and the shell starts with the server stopped.
// The first install stores the precache from the build's pack.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  allowConsoleErrors,
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  startServer,
  type RunningServer,
} from './harness';
import { REPO_ROOT } from '../helpers/server-process.ts';
import { precacheUrls } from '../../scripts/precache-pack';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

/** Registration waits for load + idle, then install fetches the precache: generous on 2 cores. */
const SW_ACTIVE_TIMEOUT_MS = 30_000;
/** What the server being gone looks like in the page console. */
const OFFLINE_CONSOLE_ERRORS = [/ERR_CONNECTION_REFUSED/, /Failed to load resource/, /Failed to fetch/];

/**
 * index.html ships a static skeleton inside #root (.boot-bar) that React replaces on its first
 * render, so "rendered" means: #root has children and the skeleton is gone, i.e. the JS ran.
 */
async function shellRendered(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return root !== null && root.children.length > 0 && root.querySelector('.boot-bar') === null;
    },
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * The router names the page (`首页 - 康源医药网`) once the route resolved, which online is after its
 * loader's first screen (up to 800 ms) and offline at once; the shell may render before either.
 */
async function routeTitled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.title.includes(' - '), undefined, { timeout: 15_000 });
}

describeBrowser('PWA: install, manifest, offline start', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let onlineTitle = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url, { name: 'pwa' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the service worker controls the page after one visit and a reload', async () => {
    // What the worker itself asks the server for during its first install.
    const askedByWorker: string[] = [];
    page.context().on('request', (request) => {
      if (request.serviceWorker()) askedByWorker.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await shellRendered(page);
    // The app registers /sw.js after first paint; `ready` resolves once it is active, which is
    // after its install step has filled the precache.
    const scope = await page.evaluate(
      (timeoutMs) =>
        Promise.race([
          navigator.serviceWorker.ready.then((registration) => registration.scope),
          new Promise<string>((resolve) => setTimeout(() => resolve('(no active service worker)'), timeoutMs)),
        ]),
      SW_ACTIVE_TIMEOUT_MS,
    );
    expect(scope, 'registered by src/app/pwa-update.tsx after first paint').toBe(`${server.url}/`);
    // The install stored every precached file from the build's one pack (docs/decisions/precache-
    // pack.md), fetching none of the app's files on its own.
    const listed = precacheUrls(readFileSync(path.join(REPO_ROOT, 'dist', 'sw.js'), 'utf8'));
    expect(listed.length).toBeGreaterThan(100);
    const stored = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
      return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
    expect(new Set(stored)).toEqual(new Set(listed.map((url) => `/${url}`)));
    expect(askedByWorker.filter((p) => p === '/precache-pack.txt')).toHaveLength(1);
    expect(askedByWorker.filter((p) => p.startsWith('/assets/'))).toEqual([]);

    await page.reload();
    await shellRendered(page);
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(controller).toBe(`${server.url}/sw.js`);
    await routeTitled(page);
    onlineTitle = await page.title();
    expect(onlineTitle).not.toBe('');
  });

  it('links a valid zh-CN web manifest whose icons load', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await page.request.get(new URL(href ?? '', server.url).toString());
    expect(response.status()).toBe(200);
    const manifest = JSON.parse(await response.text()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: '康源医药网 · 医药批发采购',
      short_name: '康源医药',
      lang: 'zh-CN',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b8a5f',
    });

    const icons = manifest.icons as ManifestIcon[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const res = await page.request.get(new URL(icon.src, server.url).toString());
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type'], icon.src).toContain('image/png');
      const body = await res.body();
      // PNG signature, then IHDR width/height must match the declared size.
      expect(body.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([body.readUInt32BE(16), body.readUInt32BE(20)], icon.src).toEqual([w, h]);
    }
  });

  it('starts from the precache with the server stopped', async () => {
    // Allowed before stopping: late requests of the page may fail while the server shuts down.
    allowConsoleErrors(page, ...OFFLINE_CONSOLE_ERRORS);
    await server.stop();

    const response = await page.reload();
    expect(response?.fromServiceWorker(), 'index.html came from the service worker').toBe(true);
    await shellRendered(page);
    await routeTitled(page);
    expect(await page.title()).toBe(onlineTitle);

    // A deep link to a client route opens the same shell offline (navigation fallback).
    const deep = await page.goto('/list');
    expect(deep?.fromServiceWorker()).toBe(true);
    await shellRendered(page);
    await screenshot(page, 'pwa-offline-start');
  });
});
