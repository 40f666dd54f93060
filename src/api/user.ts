// User area (SPEC §3 user state, §4 logout, §7 user calls): keys, fetchers and query/mutation
// options side by side, plus the session-storage login marker of SPEC §2. What sign-out does
// beyond the call (local store, caches, reload) is src/app/sign-out.ts.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { UserBase } from '../domain/user';
import { http } from '../http/client';

export const userKeys = {
  all: ['user'] as const,
  base: () => [...userKeys.all, 'base'] as const,
};

export interface LoginInput {
  username: string;
  password: string;
}

export const getUserBase = (): Promise<UserBase> => http.get<UserBase>('user/base');
export const postLogin = (input: LoginInput): Promise<UserBase> =>
  http.post<UserBase>('user/login', { username: input.username, password: input.password });
export const deleteLogout = (): Promise<unknown> => http.delete<unknown>('user/logout');

/** How long the header trusts its copy of the user base before refetching on focus/mount. */
const USER_BASE_STALE_MS = 60_000;

/**
 * The header's user query. Signed-out visitors get 401/10001 here, which is an answer, not an
 * error to show (SPEC §8 "header data failure: silently ignored"), and must not be retried.
 */
export const userBaseQuery = () =>
  queryOptions({
    queryKey: userKeys.base(),
    queryFn: getUserBase,
    meta: { silentErrors: true },
    retry: false,
    staleTime: USER_BASE_STALE_MS,
  });

// ---- login marker (SPEC §2: "a login marker in session storage causes one page reload after sign-in")

export const LOGIN_MARKER_KEY = 'login_marker';

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes); the marker is then skipped.
    return null;
  }
}

export function setLoginMarker(): void {
  session()?.setItem(LOGIN_MARKER_KEY, String(Date.now()));
}
export function clearLoginMarker(): void {
  session()?.removeItem(LOGIN_MARKER_KEY);
}

/** Seams for the two full-page loads, replaced in tests (jsdom cannot navigate). */
export const pageLoad = {
  replace: (url: string): void => window.location.replace(url),
  reload: (): void => window.location.reload(),
};

/**
 * After sign-in the marker is set and the target is loaded as a full page: that single load is
 * the SPEC's "one reload". Nothing reloads *because* a marker exists, so there is no loop; the
 * marker only records that this tab signed in, until logout clears it
 * (docs/decisions/login-marker.md).
 */
export function completeSignIn(target: string): void {
  setLoginMarker();
  pageLoad.replace(target);
}

/** Login failures are shown inline on the form, so the global presenter stays quiet. */
export const loginMutation = () =>
  mutationOptions({
    mutationKey: [...userKeys.all, 'login'] as const,
    mutationFn: postLogin,
    meta: { silentErrors: true },
  });
