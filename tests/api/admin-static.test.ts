// The operator console's build served under /admin (server/http/static.ts consoleSite), apart
// from the shop's, and on ADMIN_HOST only when that is set.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let base: string;
let dist: string;
let open: TestApp;
let hosted: TestApp;
const HTML = { accept: 'text/html' };

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'admin-static-'));
  dist = path.join(base, 'dist');
  mkdirSync(path.join(dist, 'admin', 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title>');
  writeFileSync(path.join(dist, 'admin', 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(dist, 'admin', 'assets', 'index-c0ffee.js'), 'console.log("console")');
  open = await createTestApp({ config: { staticDir: dist } });
  hosted = await createTestApp({ config: { staticDir: dist, adminHost: 'ops.example.com' } });
});
afterAll(async () => {
  await open.close();
  await hosted.close();
  rmSync(base, { recursive: true, force: true });
});

const get = (t: TestApp, p: string, headers: Record<string, string> = {}) =>
  t.app.request(p, { headers, redirect: 'manual' });

describe('the console under /admin', () => {
  it('serves its own shell for its routes, its assets as immutable, and the shop elsewhere', async () => {
    const shell = await get(open, '/admin/companies/3', HTML);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<title>console</title>');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.headers.get('content-security-policy')).toContain("default-src 'self'");

    const asset = await get(open, '/admin/assets/index-c0ffee.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("console")');

    const bare = await get(open, '/admin', HTML);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/admin/');

    expect(await (await get(open, '/cart', HTML)).text()).toContain('<title>shop</title>');
    expect((await get(open, '/admin/assets/missing.js')).status).toBe(404);
  });

  it('with ADMIN_HOST: only that host serves the console, and it serves nothing of the shop', async () => {
    expect((await get(hosted, '/admin/', { ...HTML, host: 'shop.example.com' })).status).toBe(404);
    expect(await (await get(hosted, '/cart', { ...HTML, host: 'shop.example.com' })).text()).toContain(
      '<title>shop</title>',
    );

    const there = await get(hosted, '/admin/', { ...HTML, host: 'ops.example.com:443' });
    expect(await there.text()).toContain('<title>console</title>');
    const shopPage = await get(hosted, '/cart', { ...HTML, host: 'ops.example.com' });
    expect(shopPage.status).toBe(302);
    expect(shopPage.headers.get('location')).toBe('/admin/');
  });
});
