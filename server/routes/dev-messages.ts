// Dev-only (mounted under /api/dev by dev.ts, so only when config.devEndpoints): running the
// reminder sweep now instead of on its timer, POST /api/dev/reminders/sweep. Registration reviews
// go through the operator console (POST /api/admin/companies/{id}/approve|reject).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { sweepReminders } from '../services/messages/reminders.ts';

export const messagesDevRoutes = new Hono<AppEnv>();

messagesDevRoutes.post('/reminders/sweep', async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await sweepReminders(db, clock()));
});
