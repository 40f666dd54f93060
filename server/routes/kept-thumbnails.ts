// GET /api/user/kept-thumbnails (docs/api.md "Pictures kept offline"): the goods pictures the
// device keeps — goods the company ordered in the last 12 months or favourited, most valuable first.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { requireCompany } from '../auth/session.ts';
import { controlledVisibleTo, viewerOf } from '../services/price-visibility.ts';
import { keptThumbnails } from '../services/thumbnails/kept-thumbnails.ts';
import type { KeptThumbnailsList } from '@domain/kept-thumbnails.ts';

export const keptThumbnailsRoutes = new Hono<AppEnv>();

keptThumbnailsRoutes.get('/kept-thumbnails', async (c) => {
  const user = requireCompany(c);
  const viewer = await viewerOf(c);
  const { db, clock } = c.get('deps');
  return ok<KeptThumbnailsList>(
    c,
    await keptThumbnails(db, { companyId: user.companyId, controlled: controlledVisibleTo(viewer) }, clock()),
  );
});
