// First screen of the activity pages: the page's sections and goods (GET /api/activity/page),
// with the same key the page reads. Loaded on the route's first call (`lazyLoader`).
import type { QueryClient } from '@tanstack/react-query';
import { activityPageQuery, type ActivityPageKey } from '../../api/activity-pages';
import type { ActivityPageCode } from '../../domain/activity-pages';
import { positiveIntParam } from '../../domain/params';
import { settled } from '../first-screen';
import type { RouteLoader, RouteLocation } from '../types';

const ensure = (queryClient: QueryClient, key: ActivityPageKey) =>
  settled([queryClient.ensureQueryData(activityPageQuery(key))]);

export const activityPageLoader =
  (code: ActivityPageCode, full = false): RouteLoader =>
  (queryClient) =>
    ensure(queryClient, full ? { code, full } : { code });

export function loadActivityZone(queryClient: QueryClient, { params }: RouteLocation): Promise<unknown> {
  return ensure(queryClient, { code: 'yjh', id: positiveIntParam(params.id) ?? undefined });
}

export function loadActivityCentre(queryClient: QueryClient, { params }: RouteLocation): Promise<unknown> {
  return ensure(queryClient, { code: 'hdzx', ids: params.ids ?? '' });
}
