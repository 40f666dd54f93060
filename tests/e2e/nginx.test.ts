// The shop behind a real front door (issue 33 §3): Debian's nginx on loopback, with the
// repository's deploy/nginx/kangyuan.conf and a self-signed certificate, in front of the built shop
// (dist-server/worker.js, TRUST_PROXY=1). Checked through it, over HTTP/2 (node:http2): the
// protocol, the headers the app and nginx add, hashed assets from disk with a year's cache and
// compression, a sign-in, a chat message arriving on the live event stream, the upload limit, and
// the buyer's address as the app sees it — the rate limit counts the buyer, not nginx, and a
// buyer's own X-Forwarded-For changes nothing.
// Each buyer connects from an address of its own (127.0.0.2, .3, …). Needs `npm run build`, like
// every file here, and nginx (`apt-get install nginx-light`, NGINX_PATH): without one the file is
// skipped with one loud line, except under CI=true, where that is an error. No Chromium.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h2Connect, type H2Buyer } from '../helpers/h2-client.ts';
import { findNginx, startNginxFront, type NginxFront } from '../helpers/nginx-front.ts';
import { REPO_ROOT, spawnServer, type ServerProcess } from '../helpers/server-process.ts';

const nginx = findNginx();
const describeNginx = nginx ? describe : describe.skip;
/** Migrating and seeding PGlite beside other work on a 2-core machine: a ceiling, not a timing. */
const READY_TIMEOUT_MS = 170_000;
const DIST = path.join(REPO_ROOT, 'dist');

describeNginx('the shop behind nginx', () => {
  let app: ServerProcess;
  let front: NginxFront;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nginx-shop-'));
  const buyers: H2Buyer[] = [];
  const buyerAt = async (address: string) => {
    const b = await h2Connect(front.origin, front.ca, address);
    buyers.push(b);
    return b;
  };
  const json = (origin: string) => ({ 'content-type': 'application/json', origin });

  beforeAll(async () => {
    app = await spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' }, 'dist-server/worker.js', READY_TIMEOUT_MS);
    front = await startNginxFront({ nginx: nginx!, appPort: app.port, distDir: DIST });
  }, READY_TIMEOUT_MS + 40_000);

  afterAll(async () => {
    for (const b of buyers) b.close();
    await front?.stop();
    await app?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('speaks HTTP/2 over TLS and draws the page with the app’s headers, nginx’s request id and HSTS', async () => {
    const buyer = await buyerAt('127.0.0.2');
    expect(buyer.alpn).toBe('h2');
    const page = await buyer.request('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // HSTS only over HTTPS: the app learnt the scheme from nginx's X-Forwarded-Proto.
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    // nginx's $request_id (32 hex digits) reached the app, which answers it (its own has 16).
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    const html = (page.headers['content-encoding'] === 'gzip' ? gunzipSync(page.body) : page.body).toString('utf8');
    expect(html).toContain('<div id="root"');
  });

  it('serves hashed assets from disk with a year’s cache, compressed, many at once on one connection', async () => {
    const buyer = await buyerAt('127.0.0.2');
    const scripts = readdirSync(path.join(DIST, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .slice(0, 20);
    expect(scripts.length).toBeGreaterThan(5);
    // All requested at once: HTTP/2 multiplexes them over the one TLS connection.
    const answers = await Promise.all(
      scripts.map((f) =>
        buyer.request('GET', `/assets/${f}`, { headers: { 'accept-encoding': front.brotli ? 'br, gzip' : 'gzip' } }),
      ),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.status, scripts[i]).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toContain('javascript');
      const raw = readFileSync(path.join(DIST, 'assets', scripts[i]));
      const encoding = res.headers['content-encoding'];
      // Small files go as they are (gzip_min_length 1024).
      if (raw.length >= 1024) expect(encoding).toBe(front.brotli ? 'br' : 'gzip');
      const body =
        encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(body.equals(raw), scripts[i]).toBe(true);
    }
    const big = scripts.find((f) => readFileSync(path.join(DIST, 'assets', f)).length >= 1024)!;
    const gz = await buyer.request('GET', `/assets/${big}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(readFileSync(path.join(DIST, 'assets', big)))).toBe(true);
  });

  it('sends plain http to https and keeps /metrics off the public site', async () => {
    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          {
            host: '127.0.0.1',
            port: front.httpPort,
            path: '/goods?page=2',
            headers: { host: `localhost:${front.httpPort}` },
          },
          resolve,
        )
        .once('error', reject),
    );
    redirect.resume();
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('https://localhost/goods?page=2');
    const buyer = await buyerAt('127.0.0.2');
    expect((await buyer.request('GET', '/metrics')).status).toBe(404);
  });

  it('signs a buyer in; the app records the buyer’s address, not nginx’s, whatever X-Forwarded-For the buyer sends', async () => {
    const buyer = await buyerAt('127.0.0.2');
    const login = await buyer.request('POST', '/api/user/login', {
      headers: { ...json(front.origin), 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    expect(login.json().msg).toBe('登录成功');
    const cookie = String(login.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const log = await buyer.request('GET', '/api/user/login_log', { headers: { cookie } });
    expect(log.status).toBe(200);
    const entries = log.json<{ data: { ip: string }[] }>().data;
    expect(entries[0].ip).toBe('127.0.0.2');
  });

  it('refuses a post from another site, over https as the browser saw it (X-Forwarded-Proto and -Host)', async () => {
    const buyer = await buyerAt('127.0.0.2');
    const body = JSON.stringify({ username: 'demo', password: 'demo1234' });
    const foreign = await buyer.request('POST', '/api/user/login', { headers: json('https://evil.example'), body });
    expect(foreign.status).toBe(403);
    expect(foreign.json().msg).toBe('非法来源请求');
    // The shop's own origin over plain http is another origin too: the app sees https.
    const plain = await buyer.request('POST', '/api/user/login', {
      headers: json(`http://localhost:${front.tlsPort}`),
      body,
    });
    expect(plain.status).toBe(403);
  });

  it('counts sign-in failures per buyer, not per nginx: 20 a quarter hour for one address, another address unaffected', async () => {
    const attacker = await buyerAt('127.0.0.3');
    const neighbour = await buyerAt('127.0.0.4');
    const wrong = (n: number) => JSON.stringify({ username: `nobody${n}`, password: 'wrong-password' });
    for (let n = 0; n < 20; n++) {
      // A fresh made-up X-Forwarded-For each time: nginx replaces it with the real address.
      const res = await attacker.request('POST', '/api/user/login', {
        headers: { ...json(front.origin), 'x-forwarded-for': `198.51.100.${n}` },
        body: wrong(n),
      });
      expect(res.status).toBe(400);
      expect(res.json().msg).toBe('用户名或密码错误');
    }
    const locked = await attacker.request('POST', '/api/user/login', {
      headers: { ...json(front.origin), 'x-forwarded-for': '198.51.100.200' },
      body: wrong(20),
    });
    expect(locked.status).toBe(429);
    const other = await neighbour.request('POST', '/api/user/login', { headers: json(front.origin), body: wrong(21) });
    expect(other.status).toBe(400);
    expect(other.json().msg).toBe('用户名或密码错误');
  });

  it('passes a chat line to the buyer’s live event stream while it stays open, uncompressed', async () => {
    const buyer = await buyerAt('127.0.0.5');
    const login = await buyer.request('POST', '/api/user/login', {
      headers: json(front.origin),
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    });
    const cookie = String(login.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const base = await buyer.request('GET', '/api/user/base', { headers: { cookie } });
    const token = base.json<{ data: { token: string } }>().data.token;
    const cred = `username=demo&token=${encodeURIComponent(token)}`;
    const stream = await buyer.events(`/api/kf/stream?${cred}`, { 'accept-encoding': 'gzip, br' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      expect(stream.headers['content-encoding']).toBeUndefined();
      await stream.nextOf('ready');
      const sent = await buyer.request('POST', `/api/kf/messages?${cred}`, {
        headers: json(front.origin),
        body: JSON.stringify({ kind: 'text', content: '经由nginx送达的消息' }),
      });
      expect(sent.status).toBe(200);
      const line = await stream.nextOf('message');
      expect(JSON.parse(line.data).body).toBe('经由nginx送达的消息');
    } finally {
      stream.close();
    }
  });

  it('lets a 24 MiB upload through to the app, whose own limit is 25 MiB', async () => {
    const buyer = await buyerAt('127.0.0.6');
    const head = Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="photos[]"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const tail = Buffer.from('\r\n--x--\r\n');
    const body = Buffer.concat([head, Buffer.alloc(24 * 1024 * 1024 - head.length - tail.length), tail]);
    const res = await buyer.request('POST', '/api/user/feedback', {
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: front.origin },
      body,
    });
    // The app read the whole body (within its limit) and then asked a guest to sign in: nginx's
    // default of 1 MiB, or any limit below the app's, would have answered 413 here.
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ code: 10001, msg: '请先登录' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a body over the app’s 25 MiB upload limit at the door, in the API’s envelope', async () => {
    const buyer = await buyerAt('127.0.0.6');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // Only the headers: nginx answers from Content-Length, before any of the body.
      const req = buyer.open('POST', '/api/user/feedback', {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(25 * 1024 * 1024 + 1),
        origin: front.origin,
      });
      let status = 0;
      let body = '';
      req.once('response', (h) => (status = Number(h[':status'])));
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.once('end', () => resolve({ status, body }));
      req.once('error', reject);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 413, msg: '提交的内容过大', data: null });
  });
});
