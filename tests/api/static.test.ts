// The built PWA and generated media served by the API server (server/http/static.ts).
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { resolveInside } from '../../server/http/static.ts';
import { categories, goods, manufacturers, warehouses } from '../../server/db/schema.ts';

let t: TestApp;
let base: string;
let dist: string;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'static-test-'));
  dist = path.join(base, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.x=1');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"secret":1}');
  writeFileSync(path.join(base, 'secret.txt'), 'TOP SECRET');
  t = await createTestApp({ config: { staticDir: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(base, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => t.app.request(p, { headers });

describe('static files', () => {
  it('serves hashed assets as immutable with the right type', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe('console.log(1)');
  });

  it('compresses text assets with brotli or gzip as the browser accepts', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('console.log(1)');
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('console.log(1)');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it("sends the build's own compressed copy beside a file as it is", async () => {
    // scripts/precompress.mjs writes these; different words prove which body was sent.
    writeFileSync(path.join(dist, 'assets', 'ready-1.js'), 'console.log("raw")');
    writeFileSync(path.join(dist, 'assets', 'ready-1.js.br'), brotliCompressSync('console.log("from the build, br")'));
    writeFileSync(path.join(dist, 'assets', 'ready-1.js.gz'), gzipSync('console.log("from the build, gz")'));
    const br = await get('/assets/ready-1.js', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(
      'console.log("from the build, br")',
    );
    const gz = await get('/assets/ready-1.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('console.log("from the build, gz")');
    expect(await (await get('/assets/ready-1.js')).text()).toBe('console.log("raw")');
  });

  it('ignores a compressed copy older than its file (an earlier build) and compresses the file', async () => {
    writeFileSync(path.join(dist, 'assets', 'stale-1.js'), 'console.log("this build")');
    writeFileSync(path.join(dist, 'assets', 'stale-1.js.br'), brotliCompressSync('console.log("an earlier build")'));
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(path.join(dist, 'assets', 'stale-1.js.br'), earlier, earlier);
    const br = await get('/assets/stale-1.js', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('console.log("this build")');
  });

  it('serves the shell files with no-cache', async () => {
    const index = await get('/', { accept: 'text/html' });
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
  });

  it('answers a repeated request with 304 when the ETag matches', async () => {
    const first = await get('/index.html');
    const etag = first.headers.get('etag')!;
    const second = await get('/index.html', { 'if-none-match': etag });
    expect(second.status).toBe(304);
  });

  it('falls back to index.html for client routes asked for as HTML', async () => {
    const res = await get('/list/info/123', { accept: 'text/html,application/xhtml+xml' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>shell</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const head = await t.app.request('/cart/step2', { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(head.status).toBe(200);
  });

  it('answers 404 for a missing file with an extension, and for non-HTML requests', async () => {
    expect((await get('/assets/missing-1.js', { accept: 'text/html' })).status).toBe(404);
    expect((await get('/list/info/123', { accept: 'application/json' })).status).toBe(404);
  });

  it('keeps /api paths for the API (JSON 404)', async () => {
    const res = await get('/api/nope', { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404 });
  });

  it('refuses path traversal and hidden files', async () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/.vite/manifest.json',
      '/%00index.html',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('SECRET');
    }
    expect(resolveInside(dist, '/../secret.txt')).not.toBe(path.join(base, 'secret.txt'));
    expect(resolveInside(dist, '/a/../../secret.txt')).toBeNull();
    expect(resolveInside(dist, '/%2e%2e%2fsecret.txt')).toBeNull();
    expect(resolveInside(dist, '/assets/index-abc123.js')).toBe(path.join(dist, 'assets', 'index-abc123.js'));
  });
});

describe('generated media', () => {
  it('draws a goods picture, deterministic by id, with escaped text', async () => {
    const a = await get('/media/goods/42.svg?t=%3Cscript%3E');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(a.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    const svg = await a.text();
    expect(svg).toContain('<svg');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;scr');
    const b = await get('/media/goods/42.svg?t=%3Cscript%3E');
    expect(await b.text()).toBe(svg);
    expect((await get('/media/goods/abc.svg')).status).toBe(404);
  });

  it('puts the goods name on the picture when no ?t= is given, also without a PWA build', async () => {
    const apiOnly = await createTestApp();
    const [m] = await apiOnly.db.insert(manufacturers).values({ name: '华润三九' }).returning();
    const [cat] = await apiOnly.db.insert(categories).values({ level: 1, name: '西药' }).returning();
    const [wh] = await apiOnly.db.insert(warehouses).values({ name: '广州仓' }).returning();
    const [g] = await apiOnly.db
      .insert(goods)
      .values({
        name: '感冒灵颗粒',
        manufacturerId: m.id,
        sccj: m.name,
        categoryId: cat.id,
        categoryL1: cat.id,
        categoryL2: cat.id,
        warehouseId: wh.id,
        basePrice: 1000,
      })
      .returning();
    const named = await apiOnly.app.request(`/media/goods/${g.id}.svg`);
    expect(named.status).toBe(200);
    expect(await named.text()).toContain('感冒灵颗');
    const unknown = await apiOnly.app.request('/media/goods/999999.svg');
    expect(await unknown.text()).toContain('药品');
    await apiOnly.close();
  });

  it('draws a banner with its title', async () => {
    const res = await get(`/media/banner/home-1.svg?t=${encodeURIComponent('夏季清凉节')}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('夏季清凉节');
    expect((await get('/media/banner/..%2f.svg')).status).toBe(404);
  });
});
