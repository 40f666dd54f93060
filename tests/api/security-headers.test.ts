// Security headers of page answers (server/http/security-headers.ts): a CSP that allows scripts
// from our origin and the built page's own inline scripts by hash only, frame-ancestors 'self',
// and HSTS only when the page went out over HTTPS.
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const INLINE = "window.__boot = 'ok';";
let base: string;
let plain: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'headers-test-'));
  mkdirSync(path.join(base, 'assets'));
  writeFileSync(
    path.join(base, 'index.html'),
    `<!doctype html><style>body{margin:0}</style><script>${INLINE}</script><script type="module" src="/assets/app.js"></script>`,
  );
  writeFileSync(path.join(base, 'assets', 'app.js'), 'console.log(1)');
  plain = await createTestApp({ config: { staticDir: base } });
  proxied = await createTestApp({ config: { staticDir: base, trustProxy: true } });
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
  rmSync(base, { recursive: true, force: true });
});

const directives = (csp: string | null) =>
  new Map((csp ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('page security headers', () => {
  it('sends a CSP allowing only our origin and the inline script by its hash', async () => {
    for (const url of ['/', '/index.html', '/cart/step1']) {
      const res = await plain.app.request(url, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      expect(csp.get('script-src')).toEqual(["'self'", hash]);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('sends no CSP on assets and no HSTS over plain HTTP', async () => {
    expect((await plain.app.request('/assets/app.js')).headers.get('content-security-policy')).toBeNull();
    expect((await plain.app.request('/')).headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS over HTTPS, directly or behind a trusted proxy only', async () => {
    expect((await plain.app.request('https://shop.example.com/')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const forwarded = { 'x-forwarded-proto': 'https' };
    expect((await proxied.app.request('/', { headers: forwarded })).headers.get('strict-transport-security')).toMatch(
      /^max-age=/,
    );
    expect((await plain.app.request('/', { headers: forwarded })).headers.get('strict-transport-security')).toBeNull();
  });
});
