// The login page's side picture (SPEC §7 "Content": GET /api/focus/login). Decoration around the
// sign-in form: a failure or an empty slot leaves the page's own text promo in its place.
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';
import type { FocusItem } from './common';

export const loginBannerKeys = { all: ['login-banner'] as const };

export const getLoginBanner = (): Promise<FocusItem[]> => http.get<FocusItem[]>('focus/login');

/** Pictures change with a back-office edit, not within a visit. */
const LOGIN_BANNER_STALE_MS = 5 * 60_000;

export const loginBannerQuery = () =>
  queryOptions({
    queryKey: loginBannerKeys.all,
    queryFn: getLoginBanner,
    staleTime: LOGIN_BANNER_STALE_MS,
    meta: { silentErrors: true },
  });
