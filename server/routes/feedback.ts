// 意见反馈 (/yjfk) and 投诉建议 (/help/us/tsjy): POST /api/user/feedback (form, JSON, or multipart
// with photos[] screenshots under the after-sales photo limits) and GET /api/user/feedback (the
// company's earlier feedback with our replies). Mounted on /user.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { pageQuery } from '../http/params.ts';
import { companyScope, requireCompany } from '../auth/session.ts';
import { checkPhotos } from '../services/after-sales/photos.ts';
import { createFeedback, listFeedback } from '../services/feedback/feedback.ts';
import { FEEDBACK_PHOTO_MAX_BYTES, FEEDBACK_PHOTOS_MAX, feedbackInput } from '@domain/feedback.ts';

export const FEEDBACK_PAGE_SIZE = 10;

export const feedbackRoutes = new Hono<AppEnv>();

feedbackRoutes.post('/feedback', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, feedbackInput);
  const photos = await checkPhotos(c.get('body')?.photos, {
    maxCount: FEEDBACK_PHOTOS_MAX,
    maxBytes: FEEDBACK_PHOTO_MAX_BYTES,
  });
  const { db, clock } = c.get('deps');
  return ok(c, await createFeedback(db, user.companyId, input, photos, clock()), '感谢您的反馈，我们会尽快回复');
});

feedbackRoutes.get('/feedback', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, pageQuery);
  const { db } = c.get('deps');
  const scope = await companyScope(db, user.companyId);
  return ok(c, await listFeedback(db, scope, q.page ?? 1, q.page_size ?? FEEDBACK_PAGE_SIZE));
});
