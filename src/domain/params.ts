// URL parameters as numbers: the router hands over strings (path params) or JSON-parsed values
// (search params: `page=2` arrives as 2), and a hand-edited link must never throw.

/** A positive integer up to `max` from a URL parameter, or null for anything else. */
export function positiveIntParam(raw: unknown, max = 2_147_483_647): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}
