// Server rendering of the first screens (server/http/ssr.ts + the built renderer, dist/.ssr):
// which navigations are drawn on the server, for whom, with what headers, and that anything else
// still gets the static shell. Runs against the real build (`npm test` builds first).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createHash } from 'node:crypto';
import { chunksForSources, composePage, ENTRY_LOADER, splitTemplate } from '../../server/http/ssr.ts';
import { cssForPage, cssForSources, indexCss } from '../../server/http/page-css.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');
const built = existsSync(path.join(DIST, '.ssr', 'server-render.js'));

interface SsrStateJson {
  version: number;
  queries: { queries: Array<{ queryHash: string; state: { status: string; data?: unknown } }> };
  warm?: string[];
}

function stateOf(html: string): SsrStateJson {
  const m = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no ssr-state block');
  return JSON.parse(m[1]) as SsrStateJson;
}

/** The inner HTML of #root (up to the state block). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root" data-ssr="1">');
  const end = html.indexOf('<script type="application/json" id="ssr-state">');
  return start < 0 || end < 0 ? '' : html.slice(start, end);
}

describe.skipIf(!built)('server rendering (built renderer)', () => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: 60, config: { staticDir: DIST } });
    demo = await t.signIn('demo', 'demo1234');
  }, 120_000);
  afterAll(() => t?.close());

  const page = (p: string, cookie?: string) =>
    t.app.request(p, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it('draws the home page for a visitor: content in #root, its CSS linked, no-store, its script asked for after the page loaded', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-rendered')).toBe('server');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await res.text();
    const root = rootOf(html);
    expect(root).toContain('data-route="home"');
    // The carousel's slides come from the API answer the state block carries.
    const carousel = stateOf(html).queries.queries.find((q) => q.queryHash === '["home","carousel"]');
    const slides = carousel?.state.data as Array<{ title: string }> | undefined;
    expect(slides?.length).toBeGreaterThan(0);
    for (const slide of slides ?? []) expect(root).toContain(slide.title);
    // The flash sale's goods are for the sections the browser draws below the fold: not in the state.
    expect(stateOf(html).queries.queries.map((q) => q.queryHash)).not.toContain('["home","spike"]');
    // The entry's stylesheet and the home chunk's own one are linked (fewer than three: not inlined),
    // and the footer's, which the shell draws through a lazy part (before, it came with its chunk).
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/home-page-[\w-]+\.css">/);
    expect(root).toMatch(/<footer class="_footer_/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/footer-[\w-]+\.css">/);
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/>/);
    expect(html).toContain('<title>首页 - 康源医药网</title>');
    // Drawn: no script in <head>; the entry and the home chunk are named in a JSON block that the
    // one inline script (the CSP allows it by its hash, nothing else) asks for after the load.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|rel="modulepreload"|rel="manifest"/);
    const files = /<script type="application\/json" id="ssr-entry">([^<]*)<\/script>/.exec(html);
    const entry = JSON.parse(files?.[1] ?? '{}') as { entry?: string; imports?: string[]; manifest?: string };
    // The web app manifest (and with it the browser's icon fetches) comes after the entry has run.
    expect(entry.manifest).toBe('/manifest.webmanifest');
    expect(entry.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(entry.imports?.[0]).toMatch(/^\/assets\/home-page-[\w-]+\.js$/);
    expect(html.match(/<script(?![^>]*(?:\bsrc=|type="application\/json"))[^>]*>[\s\S]*?<\/script>/g)).toEqual([
      `<script>${ENTRY_LOADER}</script>`,
    ]);
    const loaderHash = createHash('sha256').update(ENTRY_LOADER, 'utf8').digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${loaderHash}'`);
  });

  it('shows a visitor no price and the signed-in buyer their own price on the goods detail', async () => {
    const detail = await t.call<{ id: number; name: string; price: number | null }>('GET', '/api/goods/detail/5', {
      cookie: demo,
    });
    const price = detail.body.data.price;
    expect(price).not.toBeNull();
    const member = await (await page('/list/info/5', demo)).text();
    const visitor = await (await page('/list/info/5')).text();
    expect(rootOf(member)).toContain(detail.body.data.name);
    expect(rootOf(visitor)).toContain(detail.body.data.name);
    const memberDetail = stateOf(member).queries.queries.find((q) => q.queryHash.startsWith('["goods","detail"'));
    const visitorDetail = stateOf(visitor).queries.queries.find((q) => q.queryHash.startsWith('["goods","detail"'));
    expect((memberDetail?.state.data as { price: number | null } | undefined)?.price).toBe(price);
    expect((visitorDetail?.state.data as { price: number | null } | undefined)?.price).toBeNull();
    // The visitor's refusal on the user base travels too: the page hydrates as a visitor.
    const user = stateOf(visitor).queries.queries.find((q) => q.queryHash === '["user","base"]');
    expect(user?.state.status).toBe('error');
    expect(rootOf(visitor)).toContain('登录');
  });

  it('draws a list and search results with the goods of the API answer', async () => {
    const html = await (await page('/search?keywords=gml', demo)).text();
    const list = stateOf(html).queries.queries.find((q) => q.queryHash.startsWith('["goods","list"'));
    const goods = (list?.state.data as { list: Array<{ name: string }> } | undefined)?.list ?? [];
    expect(goods.length).toBeGreaterThan(0);
    for (const g of goods.slice(0, 5)) expect(rootOf(html)).toContain(g.name);
    // A goods list needs a dozen small stylesheets: they arrive inlined, not as blocking links.
    const inlined = /<style data-page-css>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const tileClass = /<article class="(_tile_[\w]+)"/.exec(rootOf(html))?.[1];
    expect(tileClass).toBeDefined();
    expect(inlined).toContain(`.${tileClass}`);
    // One real link (the entry's); each inlined file only as a disabled stand-in, never fetched.
    const links = html.slice(0, html.indexOf('</head>')).match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.filter((l) => !l.endsWith(' disabled data-inlined>'))).toHaveLength(1);
    expect(links.length).toBeGreaterThan(3);

    // The page re-asks for its catalogue answers when idle, so the service worker caches them.
    expect(stateOf(html).warm?.some((p) => p.startsWith('/api/goods/list?'))).toBe(true);
  });

  it("carries a member's badge answers (cart total, chat unread) so the page does not fetch them while hydrating; none for a visitor", async () => {
    const add = await t.call('POST', '/api/cart', { cookie: demo, body: { params: [{ goods_id: 2, number: 10 }] } });
    expect(add.status).toBe(200);
    const total = await t.call('GET', '/api/cart/total', { cookie: demo });
    const count = (total.body as { data: { count: number } }).data.count;
    expect(count).toBeGreaterThan(0);
    for (const p of ['/', '/search?keywords=gml', '/list/info/1']) {
      const html = await (await page(p, demo)).text();
      const badge = stateOf(html).queries.queries.find((q) => q.queryHash === '["cart","total"]');
      expect(badge?.state.status, p).toBe('success');
      expect((badge?.state.data as { count: number } | undefined)?.count, p).toBe(count);
      expect(rootOf(html), p).toContain(`aria-label="我的购物车，${count} 种商品"`);
      // demo may chat (is_can_chat): the side bar's unread badge answer travels too.
      const chat = stateOf(html).queries.queries.find((q) => q.queryHash === '["chat","unread","demo"]');
      expect(chat?.state.status, p).toBe('success');
    }
    const visitor = await (await page('/')).text();
    expect(stateOf(visitor).queries.queries.some((q) => q.queryHash === '["cart","total"]')).toBe(false);
    expect(stateOf(visitor).queries.queries.some((q) => q.queryHash.startsWith('["chat"'))).toBe(false);
  });

  it("draws the side bar's cart tab for both widths: a link to /cart (the phone's tab bar) and the drawer's toggle", async () => {
    const html = await (await page('/', demo)).text();
    const aside = /<aside[^>]*aria-label="快捷工具栏"[\s\S]*?<\/aside>/.exec(rootOf(html))?.[0] ?? '';
    expect(aside).not.toBe('');
    // The server cannot know the width: a phone's tab must be a link as drawn (it works before the
    // page hydrates, and hydrating does not swap the element), the toggle is for wide screens.
    expect(aside).toMatch(/<a [^>]*href="\/cart"[^>]*>[\s\S]*?购物车/);
    expect(aside).toMatch(/<button [^>]*aria-expanded="false"[^>]*>[\s\S]*?购物车/);
  });

  it('sends the static shell for member pages, redirects and unknown paths', async () => {
    for (const p of ['/user', '/order', '/no-such-page', '/list/wl/1']) {
      const res = await page(p, demo);
      expect(res.headers.get('x-rendered'), p).toBeNull();
      expect(await res.text(), p).toContain('<!--ssr-root-->');
    }
    // The cart for a visitor: the sign-in guard sends them to the login page, as before.
    const visitorCart = await page('/cart');
    expect(visitorCart.headers.get('x-rendered')).toBeNull();
    expect(await visitorCart.text()).not.toContain('id="ssr-state"');
  });

  it("draws the member's cart with their lines, from the answers it carries for hydration", async () => {
    const add = await t.call('POST', '/api/cart', { cookie: demo, body: { params: [{ goods_id: 1, number: 10 }] } });
    expect(add.status).toBe(200);
    const lines = await t.call('GET', '/api/cart/list?filters=99999', { cookie: demo });
    const listed = (lines.body as { data: { data: unknown[] } }).data.data;
    const res = await page('/cart', demo);
    expect(res.headers.get('x-rendered')).toBe('server');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const root = rootOf(html);
    expect(root).toContain('我的购物车');
    // The first lines are drawn (the rest follow in the browser, cart-list.tsx).
    const first = (listed[0] as { goods: { name: string } }).goods.name;
    expect(root).toContain(first);
    // The 满额返现 hint beside the totals comes with the lines (the loader asks for the offer too).
    expect(root).toContain('data-cashback-hint');
    expect(stateOf(html).queries.queries.some((q) => q.queryHash === '["promotion","cashback"]')).toBe(true);
    const queries = stateOf(html).queries.queries;
    const user = queries.find((q) => q.queryHash === '["user","base"]');
    expect(user?.state.status).toBe('success');
    const cart = queries.find((q) => q.queryHash.startsWith('["cart","list"'));
    expect((cart?.state.data as { data: unknown[] } | undefined)?.data).toHaveLength(listed.length);
    expect(listed.length).toBeGreaterThan(0);
    expect(html).toMatch(/"imports":\[[^\]]*"\/assets\/cart-page-[\w-]+\.js"/);
    expect(html).toContain('<title>购物车 - 康源医药网</title>');
  });

  it('never draws for requests that are not page navigations', async () => {
    const api = await t.app.request('/', { headers: { accept: 'application/json' } });
    expect(api.headers.get('x-rendered')).toBeNull();
    const asset = await page('/favicon.svg');
    expect(asset.headers.get('x-rendered')).toBeNull();
  });

  it('compresses the page for a browser that accepts it', async () => {
    const res = await t.app.request('/', { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});

describe('server rendering without a built renderer', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ssr-none-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"><!--ssr-root--><!--/ssr-root--></div></body></html>',
    );
    t = await createTestApp({ config: { staticDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the static shell', async () => {
    const res = await t.app.request('/list', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-rendered')).toBeNull();
    expect(await res.text()).toContain('<!--ssr-root-->');
  });
});

describe('page assembly', () => {
  const template = splitTemplate(
    '<!doctype html><html><head><title>康源医药网</title><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="stylesheet" href="/assets/index-a.css"></head><body><div id="root"><!--ssr-root--><div class="boot"></div><!--/ssr-root--></div></body></html>',
  );

  it('refuses a template without the markers', () => {
    expect(splitTemplate('<html><head></head><body><div id="root"></div></body></html>')).toBeNull();
  });

  it('puts the drawn page in #root, hoisted links and page CSS in <head>, the state right after #root', () => {
    if (!template) throw new Error('template');
    const html = composePage(
      template,
      {
        html: '<link rel="preload" as="image" href="/a.svg"/><div>页</div>',
        title: '首页 <b> - 康源医药网',
        pageSources: [],
        state: { version: 1, queries: {} },
      },
      { css: '.a{color:red}</style><script>', modules: ['assets/home-x.js'], state: '{"version":1}' },
    );
    expect(html).toContain('<title>首页 &lt;b&gt; - 康源医药网</title>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/a.svg"/>');
    expect(head).toContain('<style data-page-css>.a{color:red}<\\/style><script></style>');
    expect(head).not.toContain('home-x.js');
    expect(html).toContain('"imports":["/assets/home-x.js"]');
    expect(html).toContain(
      '<div id="root" data-ssr="1"><div>页</div></div><script type="application/json" id="ssr-state">{"version":1}</script>',
    );
    expect(html).not.toContain('class="boot"');
  });

  it('links the CSS of a page chunk and of the chunks it imports, never the entry CSS again', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true },
      'src/features/a/page.tsx': {
        file: 'assets/page.js',
        css: ['assets/page.css'],
        imports: ['_shared.js', 'index.html'],
      },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css', 'assets/index.css'] },
    };
    expect(cssForSources(manifest, ['src/features/a/page.tsx'])).toEqual(['assets/page.css', 'assets/shared.css']);
    expect(cssForSources(manifest, ['src/features/unknown.tsx'])).toEqual([]);
  });

  it('adds the CSS of module classes the page draws through lazy parts, once, in build order', async () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true },
      'src/features/a/page.tsx': { file: 'assets/page.js', css: ['assets/page.css'] },
      'src/app/footer.tsx': { file: 'assets/footer.js', css: ['assets/footer.css'] },
      'src/features/a/dialog.tsx': { file: 'assets/dialog.js', css: ['assets/dialog.css'] },
    };
    const texts: Record<string, string> = {
      'assets/index.css': '._shell_aaaaa_1{margin:0}',
      'assets/page.css': '._page_bbbbb_1{color:red}',
      'assets/footer.css': '._footer_ccccc_1{border:0}._footer_ccccc_1 p{margin:0}',
      'assets/dialog.css': '._dialog_ddddd_1{padding:0}',
    };
    const index = await indexCss(manifest, async (file) => texts[file] ?? '');
    const html =
      '<div class="_shell_aaaaa_1"><main class="_page_bbbbb_1 x"></main><footer class="_footer_ccccc_1"></footer></div>';
    // The dialog is not drawn, the entry CSS is index.html's own; the footer came through a lazy part.
    expect(cssForPage(manifest, index, ['src/features/a/page.tsx'], html)).toEqual([
      'assets/page.css',
      'assets/footer.css',
    ]);
  });

  it('asks for the page chunks, the chunks they import and the drawn lazy parts with the entry, after the load', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true },
      'src/features/a/page.tsx': { file: 'assets/page.js', imports: ['index.html', '_tile.js'] },
      '_tile.js': { file: 'assets/tile.js', imports: ['index.html', '_button.js'] },
      '_button.js': { file: 'assets/button.js' },
      'src/app/footer.tsx': { file: 'assets/footer.js', css: ['assets/footer.css'], imports: ['_qr.js'] },
      '_qr.js': { file: 'assets/qr.js' },
      'src/features/a/dialog.tsx': { file: 'assets/dialog.js' },
    };
    expect(chunksForSources(manifest, ['src/features/a/page.tsx'], ['assets/footer.css'])).toEqual({
      pages: ['assets/page.js'],
      imports: ['assets/tile.js', 'assets/button.js', 'assets/footer.js', 'assets/qr.js'],
    });
    if (!template) throw new Error('template');
    const html = composePage(
      template,
      { html: '<div>页</div>', title: '列表', pageSources: [], state: { version: 1, queries: {} } },
      { css: '', modules: ['assets/page.js'], imports: ['assets/tile.js'], state: '{}' },
    );
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      `<script type="application/json" id="ssr-entry">{"entry":"/assets/index-a.js","imports":["/assets/page.js","/assets/tile.js"],"manifest":null}</script><script>${ENTRY_LOADER}</script></body>`,
    );
  });

  it('stands a disabled link in for each inlined file, so the chunk loader does not fetch it again', () => {
    if (!template) throw new Error('template');
    const html = composePage(
      template,
      { html: '<div>页</div>', title: '列表', pageSources: [], state: { version: 1, queries: {} } },
      { css: '.a{color:red}', inlined: ['assets/a.css', 'assets/b.css'], modules: [], state: '{}' },
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="stylesheet" href="/assets/a.css" disabled data-inlined><link rel="stylesheet" href="/assets/b.css" disabled data-inlined>',
    );
  });
});
