// Redirect targets taken from the URL (`/loading?to=`, `/loading/activity?url=`, `/login?redirect=`)
// are attacker-controlled: only same-origin relative paths may be followed (no open redirect).
// In domain so the routes' and the login page's search schemas share one rule.

const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * Returns the path + query + hash of `raw` when it is a same-origin relative path such as
 * `/list?cat=3`, otherwise null. Rejects absolute URLs, protocol-relative `//host`, backslash
 * tricks (`/\host`, which browsers treat as `//host`) and control characters.
 */
export function safeInternalHref(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return url.pathname + url.search + url.hash;
}

/** The login page that comes back to `returnTo` afterwards (its `redirect` is checked on the way back). */
export function loginHref(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}
