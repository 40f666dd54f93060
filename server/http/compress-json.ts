// Compression of the API's JSON answers (lists and the cart run to tens of KB). In one piece on
// zlib's thread pool rather than through a CompressionStream: the answer is already a whole string,
// streaming it cost a socket write per chunk, and compressing on the event loop stalled every
// other request (measured in bench/load.ts: it was the largest cost after the socket writes).
// Brotli at quality 4 (about gzip 6's speed, smaller) when the client takes it, else gzip.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Smaller answers are sent as they are: a packet holds them anyway. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 5;

type Encoding = 'br' | 'gzip';

/** The encoding to use for an Accept-Encoding header (q=0 refuses one), or null; static files too. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding') || !res.body) return;
    if (!(res.headers.get('Content-Type') ?? '').startsWith('application/json')) return;
    const vary = res.headers.get('Vary');
    if (!vary) res.headers.set('Vary', 'Accept-Encoding');
    else if (!/accept-encoding/i.test(vary)) res.headers.set('Vary', `${vary}, Accept-Encoding`);
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const raw = Buffer.from(await res.arrayBuffer());
    const body =
      raw.length < COMPRESS_THRESHOLD_BYTES
        ? raw
        : encoding === 'br'
          ? await brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : await gz(raw, { level: GZIP_LEVEL });
    // The body was read: a new answer with the same status and headers (Hono copies them over).
    c.res = new Response(new Uint8Array(body), { status: res.status, headers: res.headers });
    c.res.headers.set('Content-Length', String(body.length));
    if (body === raw) c.res.headers.delete('Content-Encoding');
    else c.res.headers.set('Content-Encoding', encoding);
  };
}
