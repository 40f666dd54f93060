// /api/admin/dashboard: the counts every operator starts the day with.
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { dashboardCounts } from '../../services/admin/dashboard.ts';
import { allow } from './access.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';

export const adminDashboardRoutes = new Hono<AppEnv>();

adminDashboardRoutes.get('/dashboard', allow(CONSOLE_ACCESS.dashboard), async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await dashboardCounts(db, clock()));
});
