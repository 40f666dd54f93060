// Serves the built PWA and the generated media (DESIGN.md "API contract": same origin as the API).
// Hashed assets are cached for a year; the shell files (index.html, sw.js, the manifest) are
// revalidated on every load so an update reaches the buyer. Unknown client routes get index.html.
import { stat, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { pickEncoding } from './compress-json.ts';
import { bannerSvg, goodsSvg } from './media-svg.ts';
import { contentSecurityPolicy, HSTS, overHttps } from './security-headers.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const MEDIA_CACHE = 'public, max-age=2592000';
const DEFAULT_CACHE = 'public, max-age=3600';
/** Files that name the current build and must never be served stale. */
const SHELL_FILES: ReadonlySet<string> = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/**
 * The file under `root` a URL path names, or null when the path is malformed, hidden (a dot
 * segment, e.g. /.vite/manifest.json or /.env) or would leave `root`.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((seg) => seg.startsWith('.'))) return null;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

/** A path whose last segment has an extension names a file; anything else may be a client route. */
export function looksLikeFile(urlPath: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(urlPath.slice(urlPath.lastIndexOf('/') + 1));
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (SHELL_FILES.has(urlPath) || urlPath.startsWith('/workbox-')) return NO_CACHE;
  return DEFAULT_CACHE;
}

async function fileAt(full: string) {
  try {
    const s = await stat(full);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Built files never change under one mtime, so each compressed body is read or made once and kept. */
const compressedCache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const EXTENSION = { br: 'br', gzip: 'gz' } as const;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The build's own compressed copy beside the file (scripts/precompress.mjs, brotli 11 / gzip 9),
 * else one made now on zlib's thread pool: a build made without that step still serves, and the
 * event loop never compresses a megabyte of shell itself (docs/decisions/precompressed-assets.md).
 */
async function compressedBody(
  full: string,
  mtimeMs: number,
  encoding: 'br' | 'gzip',
): Promise<Uint8Array<ArrayBuffer>> {
  const beside = `${full}.${EXTENSION[encoding]}`;
  const ready = await fileAt(beside);
  // A copy older than its file belongs to an earlier build.
  if (ready && ready.mtimeMs >= mtimeMs) return Uint8Array.from(await readFile(beside));
  const raw = await readFile(full);
  const packed =
    encoding === 'br'
      ? await brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
      : await gz(raw, { level: 9 });
  // One copy into a plain ArrayBuffer-backed array, which Response accepts as a body.
  return Uint8Array.from(packed);
}

function keptCompressedBody(full: string, mtimeMs: number, encoding: 'br' | 'gzip'): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${encoding}:${mtimeMs}:${full}`;
  let body = compressedCache.get(key);
  if (!body) {
    body = compressedBody(full, mtimeMs, encoding);
    compressedCache.set(key, body);
    // A failed read is tried again by the next request rather than kept.
    body.catch(() => compressedCache.delete(key));
  }
  return body;
}

/** A page's CSP, per file and mtime: the hashes of its inline scripts are computed once per build. */
const cspCache = new Map<string, string>();

async function pageCsp(full: string, mtimeMs: number): Promise<string> {
  const key = `${mtimeMs}:${full}`;
  let csp = cspCache.get(key);
  if (csp === undefined) {
    csp = contentSecurityPolicy(await readFile(full, 'utf8'));
    cspCache.set(key, csp);
  }
  return csp;
}

export interface SiteOptions {
  /** Behind a reverse proxy: X-Forwarded-Proto says whether the buyer came over HTTPS. */
  trustProxy?: boolean;
}

async function sendFile(c: Context, full: string, cacheControl: string, opts: SiteOptions): Promise<Response | null> {
  const s = await fileAt(full);
  if (!s) return null;
  const etag = `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(full) ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': s.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (full.endsWith('.html')) {
    headers['X-Frame-Options'] = 'SAMEORIGIN';
    headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
    headers['Content-Security-Policy'] = await pageCsp(full, s.mtimeMs);
    if (overHttps(c, opts.trustProxy === true)) headers['Strict-Transport-Security'] = HSTS;
  }
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const encoding = COMPRESSIBLE.test(full) ? pickEncoding(c.req.header('accept-encoding')) : null;
  if (COMPRESSIBLE.test(full)) headers.Vary = 'Accept-Encoding';
  if (encoding) {
    headers['Content-Encoding'] = encoding;
    const body = await keptCompressedBody(full, s.mtimeMs, encoding);
    return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
  }
  return new Response(c.req.method === 'HEAD' ? null : await readFile(full), { status: 200, headers });
}

function svg(c: Context, body: string): Response {
  return c.body(body, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': MEDIA_CACHE,
    'X-Content-Type-Options': 'nosniff',
  });
}

const notFoundText = (c: Context) => c.text('Not Found', 404, { 'Cache-Control': 'no-store' });

export interface MediaOptions {
  /** Looks up a goods name so its picture carries it; `?t=` wins when given. */
  goodsName?: (id: number) => Promise<string | null>;
}

/** Generated pictures, mounted at /media whether or not a PWA build is served. */
export function mediaSite(opts: MediaOptions = {}): Hono {
  const media = new Hono();

  media.get('/goods/:file', async (c) => {
    const m = /^(\d{1,9})\.svg$/.exec(c.req.param('file'));
    if (!m) return notFoundText(c);
    const id = Number(m[1]);
    const text = c.req.query('t') ?? (await opts.goodsName?.(id)) ?? '';
    return svg(c, goodsSvg(id, text));
  });

  media.get('/banner/:file', (c) => {
    const m = /^([A-Za-z0-9_-]{1,40})\.svg$/.exec(c.req.param('file'));
    if (!m) return notFoundText(c);
    return svg(c, bannerSvg(m[1], c.req.query('t') ?? ''));
  });

  return media;
}

export function staticSite(dir: string, opts: SiteOptions = {}): Hono {
  const root = path.resolve(dir);
  const site = new Hono();

  site.get('*', async (c, next) => {
    const urlPath = c.req.path;
    // /api and /media have their own apps; their unknown paths fall through to the JSON 404.
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/media/')) return next();
    // The operator console (consoleSite) owns /admin, even where it is not served.
    if (urlPath === CONSOLE_BASE || urlPath.startsWith(`${CONSOLE_BASE}/`)) return notFoundText(c);

    const wanted = urlPath === '/' ? '/index.html' : urlPath;
    const full = resolveInside(root, wanted);
    if (full === null) return notFoundText(c);
    const found = await sendFile(c, full, cacheControlFor(wanted), opts);
    if (found) return found;

    // A client route (no extension) asked for by a browser navigation gets the app shell.
    const acceptsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (!looksLikeFile(wanted) && acceptsHtml) {
      const shell = await sendFile(c, path.join(root, 'index.html'), NO_CACHE, opts);
      if (shell) return shell;
    }
    return notFoundText(c);
  });

  return site;
}

export const CONSOLE_BASE = '/admin';

/**
 * The operator console's build (dist/admin, vite.admin.config.ts) under /admin: hashed assets for
 * a year, index.html revalidated, and any other path without an extension gets index.html (the
 * console's router takes it from there). `allowed` says whether this request's host may see the
 * console (ADMIN_HOST); when it may not, /admin is a plain 404. On the console's own host, every
 * other page redirects to /admin/ (the shop is not served there).
 */
export function consoleSite(
  dir: string,
  allowed: (c: Context) => boolean,
  opts: SiteOptions & { adminHostOnly: boolean },
): Hono {
  const root = path.resolve(dir);
  const site = new Hono();

  site.get('*', async (c, next) => {
    const urlPath = c.req.path;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/media/')) return next();
    const inConsole = urlPath === CONSOLE_BASE || urlPath.startsWith(`${CONSOLE_BASE}/`);
    if (!allowed(c)) return inConsole ? notFoundText(c) : next();
    if (!inConsole) return opts.adminHostOnly ? c.redirect(`${CONSOLE_BASE}/`, 302) : next();
    if (urlPath === CONSOLE_BASE) return c.redirect(`${CONSOLE_BASE}/`, 301);

    const wanted = urlPath.slice(CONSOLE_BASE.length) === '/' ? '/index.html' : urlPath.slice(CONSOLE_BASE.length);
    const full = resolveInside(root, wanted);
    if (full === null) return notFoundText(c);
    const cache = wanted.startsWith('/assets/') ? IMMUTABLE : NO_CACHE;
    const found = await sendFile(c, full, cache, opts);
    if (found) return found;
    if (!looksLikeFile(wanted)) {
      const shell = await sendFile(c, path.join(root, 'index.html'), NO_CACHE, opts);
      if (shell) return shell;
    }
    return notFoundText(c);
  });

  return site;
}
