// Where to go after signing in: the `redirect` search param when it is a same-origin relative
// path (no open redirect: `//evil`, `/\evil`, `https:…` are refused), else home.
import { searchRecord, type SearchSchema } from '../../domain/params';
import { safeInternalHref } from '../../domain/safe-href';

export const DEFAULT_AFTER_LOGIN = '/';

export function redirectTarget(raw: unknown): string {
  const href = safeInternalHref(raw);
  // Coming back to the login page would only show the form again.
  if (href === null || href.split(/[?#]/, 1)[0] === '/login') return DEFAULT_AFTER_LOGIN;
  return href;
}

/** The login route's search schema: `?redirect=` as the safe place to go after signing in. */
export const loginSearch: SearchSchema<{ redirect: string }> = (raw) => ({
  redirect: redirectTarget(searchRecord(raw).redirect),
});
