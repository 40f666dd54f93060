// The activity pages' API (docs/api.md "Activity pages"): GET /api/activity/page (code, id, ids,
// full) answers one configurable page; POST /api/activity/tap (url, source) records a tap on an
// activity entry (SPEC §7 "payload not shown": ours is documented there). Mounted on /activity
// beside the other activity routes.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok, validationError } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { flagParam, intParam, ID_MAX, parseIdList } from '../http/params.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { activityPage } from '../services/activity-pages/page.ts';
import { recordTap } from '../services/activity-pages/taps.ts';
import { ACTIVITY_MESSAGES, ACTIVITY_PAGE_CODES, activityTapInput } from '@domain/activity-pages.ts';

const MAX_TABS = 20;

const pageQuery = z.object({
  code: z.enum([...ACTIVITY_PAGE_CODES, 'hdzx'], { error: ACTIVITY_MESSAGES.code }),
  id: intParam(ACTIVITY_MESSAGES.id, 1, ID_MAX),
  ids: z.string({ error: ACTIVITY_MESSAGES.id }).optional(),
  full: flagParam('full 须为0或1'),
});

export const activityPageRoutes = new Hono<AppEnv>();

activityPageRoutes.get('/page', async (c) => {
  const q = readQuery(c, pageQuery);
  const { db, clock } = c.get('deps');
  const viewer = await viewerOf(c);
  const full = q.full ?? false;
  if (q.code === 'hdzx') {
    if (!q.ids) throw validationError({ ids: [ACTIVITY_MESSAGES.id] });
    const ids = parseIdList(q.ids, 'ids', {
      empty: ACTIVITY_MESSAGES.id,
      tooMany: `最多${MAX_TABS}个活动`,
      invalid: ACTIVITY_MESSAGES.id,
      max: MAX_TABS,
    });
    return ok(c, await activityPage(db, viewer, clock(), { code: 'hdzx', ids, full }));
  }
  return ok(c, await activityPage(db, viewer, clock(), { code: q.code, id: q.id, full }));
});

activityPageRoutes.post('/tap', async (c) => {
  const input = readInput(c, activityTapInput);
  const { db, clock } = c.get('deps');
  const user = c.get('user');
  await recordTap(db, user?.companyId ?? null, input, clock());
  return ok(c, null);
});
