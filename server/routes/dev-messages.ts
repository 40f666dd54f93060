// Dev-only operator steps that write messages (mounted under /api/dev by dev.ts, so only when
// config.devEndpoints): the registration review decision, and running the reminder sweep now
// instead of on its timer. POST /api/dev/company/{id}/review (approve=1|0, note),
// POST /api/dev/reminders/sweep.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput } from '../http/validate.ts';
import { flagField, objectId } from '../http/params.ts';
import { COMPANY_NOT_FOUND, decideRegistration } from '../services/register/decide-review.ts';
import { reviewStatus } from '../services/register/review.ts';
import { sweepReminders } from '../services/messages/reminders.ts';

export const messagesDevRoutes = new Hono<AppEnv>();

const reviewBody = z.object({
  approve: flagField('请选择审核结果'),
  note: z.string({ error: '原因格式无效' }).max(200, { error: '原因不能超过200个字' }).optional(),
});

messagesDevRoutes.post('/company/:id/review', async (c) => {
  const id = objectId(c.req.param('id'), COMPANY_NOT_FOUND);
  const input = readInput(c, reviewBody);
  const { db, clock } = c.get('deps');
  await decideRegistration(db, id, { approved: input.approve, note: input.note ?? '' }, clock());
  return ok(c, await reviewStatus(db, id));
});

messagesDevRoutes.post('/reminders/sweep', async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await sweepReminders(db, clock()));
});
