// Where to go after signing in: the `redirect` search param when it is a same-origin relative
// path (no open redirect: `//evil`, `/\evil`, `https:…` are refused), else home. Mirrors
// src/routes/safe-href.ts, which a feature may not import (DESIGN.md folder rooms).

import { searchRecord, type SearchSchema } from '../../domain/params';

const PROBE_ORIGIN = 'https://same-origin.invalid';
export const DEFAULT_AFTER_LOGIN = '/';
const MAX_REDIRECT_LENGTH = 2048;

export function redirectTarget(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_REDIRECT_LENGTH) return DEFAULT_AFTER_LOGIN;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return DEFAULT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_AFTER_LOGIN;
  // Coming back to the login page would only show the form again.
  if (url.pathname === '/login') return DEFAULT_AFTER_LOGIN;
  return url.pathname + url.search + url.hash;
}

/** The login route's search schema: `?redirect=` as the safe place to go after signing in. */
export const loginSearch: SearchSchema<{ redirect: string }> = (raw) => ({ redirect: redirectTarget(searchRecord(raw).redirect) });
