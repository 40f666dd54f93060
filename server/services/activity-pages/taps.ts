// POST /api/activity/tap: one row per tap on an activity entry, for the operators' counts.
import type { Db } from '../../db/client.ts';
import { activityTaps } from '../../db/schema.ts';
import type { ActivityTapInput } from '@domain/activity-pages.ts';

export async function recordTap(db: Db, companyId: number | null, input: ActivityTapInput, now: Date): Promise<void> {
  await db.insert(activityTaps).values({ url: input.url, source: input.source, companyId, createdAt: now });
}
