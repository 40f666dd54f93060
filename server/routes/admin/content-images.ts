// POST /api/admin/content_images: 运营 uploads a picture (multipart `file`: JPEG, PNG or WebP,
// ≤ 5 MiB) for an article or a banner; answers its public address.
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { uploadContentImage } from '../../services/admin/content-images.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';

export const adminContentImageRoutes = new Hono<AppEnv>();

adminContentImageRoutes.post('/', allow(CONSOLE_ACCESS.content), async (c) => {
  const body = (c.get('body') ?? {}) as Record<string, unknown>;
  const { db, clock } = c.get('deps');
  return ok(c, await uploadContentImage(db, actorOf(c), body.file, clock()), '图片已上传');
});
