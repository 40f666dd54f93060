// Debian's nginx on loopback in front of a running shop, with the repository's own site file
// (deploy/nginx/kangyuan.conf) and a self-signed certificate made by openssl: only the addresses,
// the certificate's paths and the build's folder are swapped in, each one checked to be there, so a
// change to the file is what the test runs. Used by tests/e2e/nginx.test.ts and bench/nginx.ts.
//   const front = await startNginxFront({ nginx, appPort: server.port, distDir });
//   front.origin  // https://localhost:<port>, HTTP/2; front.ca: the certificate to trust
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_FILE = path.join(REPO_ROOT, 'deploy/nginx/kangyuan.conf');
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
const MODULES_DIR = '/usr/lib/nginx/modules';
const BROTLI_MODULES = ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'];
/** A ceiling for nginx to answer its first TLS handshake, never a timing assertion. */
const READY_TIMEOUT_MS = 30_000;

/** NGINX_PATH when it exists, else a system nginx, else null (no message: benches use it too). */
export function nginxPath(): string | null {
  const configured = process.env.NGINX_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  return NGINX_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/** NGINX_PATH, else a system nginx; null when there is none (throws under CI=true, as for Chromium). */
export function findNginx(): string | null {
  const configured = process.env.NGINX_PATH;
  if (configured && !existsSync(configured)) throw new Error(`NGINX_PATH=${configured} does not exist.`);
  const found = nginxPath();
  if (found) return found;
  if (process.env.CI === 'true') {
    throw new Error('CI=true but no nginx found: install it (apt-get install nginx-light) or set NGINX_PATH.');
  }
  console.warn(
    '\n!!!!! SKIPPING THE NGINX TESTS: no nginx found (set NGINX_PATH or apt-get install nginx-light; under CI=true this is an error) !!!!!\n',
  );
  return null;
}

/** Whether Debian's brotli modules (libnginx-mod-http-brotli-filter, -static) are installed. */
export function brotliModulesInstalled(): boolean {
  return BROTLI_MODULES.every((m) => existsSync(path.join(MODULES_DIR, m)));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Replaces `from` by `to` in the site file, failing loudly when the file no longer has `from`. */
function swap(text: string, from: string, to: string): string {
  if (!text.includes(from))
    throw new Error(`deploy/nginx/kangyuan.conf no longer contains "${from}": update tests/helpers/nginx-front.ts`);
  return text.split(from).join(to);
}

export interface NginxFront {
  /** https://localhost:<port> (HTTP/2 and HTTP/1.1 over TLS). */
  origin: string;
  tlsPort: number;
  /** The plain-http port that redirects to https. */
  httpPort: number;
  /** The self-signed certificate (PEM), for clients to trust. */
  ca: string;
  /** Whether the brotli lines are on (the modules are installed); else they were taken out. */
  brotli: boolean;
  /** nginx's error log and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface NginxFrontOptions {
  nginx: string;
  /** The shop's port on 127.0.0.1 (started with TRUST_PROXY=1). */
  appPort: number;
  /** The build's dist/ (the hashed assets nginx serves itself). */
  distDir: string;
}

export async function startNginxFront(opts: NginxFrontOptions): Promise<NginxFront> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-front-'));
  const [tlsPort, httpPort] = [await freePort(), await freePort()];
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );

  const brotli = brotliModulesInstalled();
  let site = readFileSync(SITE_FILE, 'utf8');
  site = swap(site, 'server 127.0.0.1:3000 ', `server 127.0.0.1:${opts.appPort} `);
  site = swap(site, '    listen 80;\n', `    listen 127.0.0.1:${httpPort};\n`);
  site = swap(site, '    listen [::]:80;\n', '');
  site = swap(site, '    listen 443 ssl http2;\n', `    listen 127.0.0.1:${tlsPort} ssl http2;\n`);
  site = swap(site, '    listen [::]:443 ssl http2;\n', '');
  site = swap(site, '/etc/ssl/kangyuan/fullchain.pem', cert);
  site = swap(site, '/etc/ssl/kangyuan/privkey.pem', key);
  site = swap(site, 'root /srv/kangyuan/dist;', `root ${opts.distDir};`);
  if (!brotli)
    site = site
      .split('\n')
      .filter((line) => !/^\s*brotli/.test(line))
      .join('\n');
  writeFileSync(path.join(dir, 'kangyuan.conf'), site);

  // The machine's nginx.conf would start Debian's default site on port 80: a main file of our own,
  // with every path nginx writes inside `dir`.
  const main = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    ...(brotli ? BROTLI_MODULES.map((m) => `load_module ${MODULES_DIR}/${m};`) : []),
    'events { worker_connections 512; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t}_temp;`),
    `  include ${dir}/kangyuan.conf;`,
    '}',
  ].join('\n');
  writeFileSync(path.join(dir, 'nginx.conf'), main);

  const child: ChildProcess = spawn(opts.nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const output = () => {
    const log = path.join(dir, 'error.log');
    return stderr + (existsSync(log) ? readFileSync(log, 'utf8') : '');
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: nginx's graceful stop (SIGTERM is its fast one); SIGKILL if it lingers.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const ca = readFileSync(cert, 'utf8');
  try {
    await untilHandshake(tlsPort, ca, exited, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `https://localhost:${tlsPort}`, tlsPort, httpPort, ca, brotli, output, stop };
}

/** Resolves once nginx completes a TLS handshake on `port`; rejects if it exits or never does. */
async function untilHandshake(port: number, ca: string, exited: Promise<number>, output: () => string): Promise<void> {
  let gone: number | null = null;
  void exited.then((code) => (gone = code));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (gone !== null) throw new Error(`nginx exited with ${gone} before answering:\n${output()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = tls.connect(
        { host: '127.0.0.1', port, servername: 'localhost', ca },
        () => (socket.end(), resolve(true)),
      );
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`nginx did not answer on ${port} in ${READY_TIMEOUT_MS} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
