// GET /api/content_images/{id}: a picture an operator uploaded for an article or a banner.
// Public (the shop shows it to everyone); an id's content never changes, so it may be cached.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../http/envelope.ts';
import { objectId } from '../http/params.ts';
import { readContentImage } from '../services/admin/content-images.ts';

export const contentImageRoutes = new Hono<AppEnv>();

contentImageRoutes.get('/:id', async (c) => {
  const id = objectId(c.req.param('id'), '图片不存在');
  const file = await readContentImage(c.get('deps').db, id);
  if (!file) throw notFound('图片不存在');
  return c.body(new Uint8Array(file.content), 200, {
    'Content-Type': file.mime,
    'Content-Length': String(file.content.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
});
