// /api/goods/pack (issue 35, docs/api.md "Catalogue pack"): the manifest of the buyer's class pack
// and its chunks. A chunk is the same bytes for every buyer of the class, compressed once (brotli
// at build time; gzip for a client without it, made on its first request), with an ETag; a
// download resumes by asking only for the chunks it does not hold yet.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { AppError, forbidden, ok } from '../http/envelope.ts';
import { requireUser } from '../auth/session.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { pickEncoding } from '../http/compress-json.ts';
import { currentPack, heldPack } from '../services/catalogue/pack-cache.ts';
import { packClassOf } from '../services/catalogue/pack-build.ts';
import { PACK_TEXTS, type PackManifest } from '@domain/catalogue-pack.ts';

export const cataloguePackRoutes = new Hono<AppEnv>();

/** 410 + this code: the pack at that version is no longer served; fetch the manifest again. */
export const PACK_GONE_CODE = 41001;

cataloguePackRoutes.get('/', async (c) => {
  requireUser(c);
  const viewer = await viewerOf(c);
  if (viewer.companyId === null) throw forbidden(PACK_TEXTS.noCompany);
  const cls = packClassOf(viewer);
  const pack = await currentPack(c.get('deps'), cls);
  const manifest: PackManifest = {
    class: cls,
    version: pack.version,
    built_at: pack.builtAt.toISOString(),
    goods: pack.goods,
    chunks: pack.chunks.length,
    bytes: pack.chunks.reduce((n, ch) => n + ch.br.length, 0),
    raw_bytes: pack.chunks.reduce((n, ch) => n + ch.raw, 0),
    href: `/api/goods/pack/${cls}/${pack.version}`,
    overlay: { entitlement: viewer.entitlement, prices: {} },
  };
  c.header('Cache-Control', 'private, no-store');
  return ok(c, manifest);
});

const CHUNK_PATH = /^\d{1,6}$/;

cataloguePackRoutes.get('/:cls/:version/:index', async (c) => {
  requireUser(c);
  const viewer = await viewerOf(c);
  const cls = c.req.param('cls');
  // The class is in the URL so every buyer of it shares one cacheable address; it is still checked
  // against the session: a buyer never gets a class it is not in (控销 goods, another rank's price).
  if (viewer.companyId === null || cls !== packClassOf(viewer)) throw forbidden(PACK_TEXTS.wrongClass);
  const rawVersion = c.req.param('version');
  const rawIndex = c.req.param('index');
  if (!CHUNK_PATH.test(rawIndex) || !/^\d{1,12}$/.test(rawVersion)) throw new AppError(404, 404, PACK_TEXTS.gone);
  const pack = await heldPack(c.get('deps'), cls, Number(rawVersion));
  if (!pack) throw new AppError(410, PACK_GONE_CODE, PACK_TEXTS.gone);
  const chunk = pack.chunks[Number(rawIndex)];
  if (!chunk) throw new AppError(404, 404, PACK_TEXTS.gone);
  const encoding = pickEncoding(c.req.header('Accept-Encoding'));
  const etag = `"pack-${cls}-${pack.version}-${rawIndex}-${encoding ?? 'identity'}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    // Private: the session decides the class. Immutable: a (class, version, index) never changes.
    'Cache-Control': 'private, max-age=86400, immutable',
    Vary: 'Accept-Encoding',
  };
  const inm = c.req.header('If-None-Match');
  if (inm && inm.split(',').some((t) => t.trim() === etag)) return c.body(null, 304, headers);
  // A client that takes neither encoding (rare: every browser takes both) gets the JSON as it is.
  const body = encoding === 'br' ? chunk.br : encoding === 'gzip' ? await chunk.gzip() : await chunk.identity();
  return c.body(new Uint8Array(body), 200, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(body.length),
  });
});
