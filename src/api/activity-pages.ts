// Activity pages (docs/api.md "Activity pages"): one configurable page's sections and goods, and
// the tap on an activity entry (fire and forget).
import { queryOptions } from '@tanstack/react-query';
import type { ActivityPage, ActivityPageCode, ActivityTapInput } from '../domain/activity-pages';
import { http } from '../http/client';

export type ActivityPageKey =
  | { code: ActivityPageCode; id?: number; full?: boolean }
  | { code: 'hdzx'; ids: string; full?: boolean };

/** Short: a page's goods and countdown are live, but its loader and page share one request. */
export const ACTIVITY_PAGE_STALE_MS = 30_000;

export const activityPageKeys = {
  all: ['activity-page'] as const,
  page: (key: ActivityPageKey) => [...activityPageKeys.all, key] as const,
};

function params(key: ActivityPageKey) {
  const full = key.full ? 1 : undefined;
  return key.code === 'hdzx' ? { code: key.code, ids: key.ids, full } : { code: key.code, id: key.id, full };
}

export const activityPageQuery = (key: ActivityPageKey) =>
  queryOptions({
    queryKey: activityPageKeys.page(key),
    queryFn: () => http.get<ActivityPage>('activity/page', params(key)),
    staleTime: ACTIVITY_PAGE_STALE_MS,
    // The page shows "activity not found" itself (or moves to /noActivity): no alert on top.
    meta: { silentErrors: true },
  });

/** Records a tap on an activity entry; a failure never stops the navigation. */
export function sendActivityTap(input: ActivityTapInput): void {
  http.post<null>('activity/tap', { ...input }).catch(() => undefined);
}
