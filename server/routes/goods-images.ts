// GET /api/goods/image/{id}: a goods picture an operator uploaded in the console. Public like the
// rest of the catalogue; a picture's bytes never change under its id (a new upload is a new id),
// so it is cached for a year.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../http/envelope.ts';
import { objectId } from '../http/params.ts';
import { IMAGE_NOT_FOUND, loadGoodsImage } from '../services/admin/goods/images.ts';

export const goodsImageRoutes = new Hono<AppEnv>();

goodsImageRoutes.get('/image/:id', async (c) => {
  const file = await loadGoodsImage(c.get('deps').db, objectId(c.req.param('id'), IMAGE_NOT_FOUND));
  if (!file) throw notFound(IMAGE_NOT_FOUND);
  return c.body(new Uint8Array(file.content), 200, {
    'Content-Type': file.mime,
    'Content-Length': String(file.content.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
});
